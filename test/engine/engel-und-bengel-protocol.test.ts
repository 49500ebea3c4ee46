import { describe, expect, it } from 'vitest';
import { answer } from '../../engine/protocol.ts';

const ask = (req: object) => answer(JSON.stringify(req)) as Record<string, any>;

describe('schiri engine serves "engel-und-bengel"', () => {
  it('new, legal, play, explain, status and bot', () => {
    const { state } = ask({ cmd: 'new', game: 'engel-und-bengel', options: { players: 2 } });
    expect(state).toMatchObject({ game: 'engel-und-bengel', players: 2, supply: [15, 15], points: [80, 80] });
    expect(ask({ cmd: 'legal', game: 'engel-und-bengel', state }).moves).toHaveLength(252);
    const rolled = ask({ cmd: 'play', game: 'engel-und-bengel', state, move: { type: 'roll', values: [1, 2, 3, 4, 6] } });
    expect(rolled).toMatchObject({ ok: true, toMove: 0, outcome: null, score: [80, 80] });
    // Tafel 1 (Morgenrot): row 1 is the pips 1 2 3.
    const seen = ask({ cmd: 'explain', game: 'engel-und-bengel', state: rolled.state, observed: { boxes: { r1b1: 1, r1b2: 2, r1b3: 3 } } });
    expect(seen.explanation).toMatchObject({ legal: true, moves: [{ type: 'place', value: 1, box: 'r1b1' }, { type: 'place', value: 2, box: 'r1b2' }, { type: 'place', value: 3, box: 'r1b3' }] });
    // The player is a slot the display fills; refs carry the engine's name for it.
    expect(seen.explanation.note).toEqual({ de: '{seat:0} schließt die weiße Reihe 1: +50.', en: '{seat:0} completes white row 1: +50.', refs: { 'seat:0': { de: 'Spieler 1', en: 'Player 1' } } });
    const wrong = ask({ cmd: 'explain', game: 'engel-und-bengel', state: rolled.state, observed: { boxes: { r1b2: 2 } } });
    expect(wrong.explanation).toMatchObject({ legal: false, code: 'illegal-placement' });
    const bot = ask({ cmd: 'bot', game: 'engel-und-bengel', state: rolled.state, level: 'greedy' });
    expect(ask({ cmd: 'play', game: 'engel-und-bengel', state: rolled.state, move: bot.move }).ok).toBe(true);
    expect(ask({ cmd: 'play', game: 'engel-und-bengel', state: rolled.state, move: { type: 'place', value: 5, box: 'r1b1' } })).toMatchObject({
      ok: false,
      error: { code: 'illegal-move', message: 'The roll has no 5 (left).' },
    });
    expect(ask({ cmd: 'new', game: 'engel-und-bengel', options: { tafeln: [{ id: 'x' }] } })).toMatchObject({ ok: false, error: { code: 'bad-options' } });
  });
});
