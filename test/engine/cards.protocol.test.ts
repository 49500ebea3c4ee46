import { describe, expect, it } from 'vitest';
import { answer } from '../../engine/protocol.ts';

const ask = (req: Record<string, unknown>) => answer(JSON.stringify(req)) as Record<string, any>;

describe('schiri engine serves both card games', () => {
  it.each([
    ['diabolo', { players: 3, seed: 5 }],
    ['himmel-a-und-zwirn', { players: 4, seed: 5 }],
  ])('%s: new, bot, play, status; an illegal move gets a reason', (game, options) => {
    const created = ask({ cmd: 'new', game, options });
    expect(created.ok).toBe(true);
    const bot = ask({ cmd: 'bot', game, state: created.state, level: 'greedy', seed: 3 });
    expect(bot.ok).toBe(true);
    const played = ask({ cmd: 'play', game, state: created.state, move: bot.move });
    expect(played).toMatchObject({ ok: true, outcome: null });
    expect(ask({ cmd: 'status', game, state: played.state })).toMatchObject({ ok: true, toMove: played.toMove });
    const legal = ask({ cmd: 'legal', game, state: created.state });
    expect(legal.moves).toContainEqual(bot.move);
    const wrong = game === 'diabolo' ? { type: 'reveal', sum: 3 } : { type: 'draw-pile', count: 3 };
    expect(ask({ cmd: 'play', game, state: created.state, move: wrong })).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
  });

  it('the referee view is one option away', () => {
    const created = ask({ cmd: 'new', game: 'himmel-a-und-zwirn', options: { view: 'referee', players: 3 } });
    expect(created.state).toMatchObject({ view: 'referee', hidden: null, pending: { kind: 'target', pile: 1 } });
    expect(ask({ cmd: 'play', game: 'himmel-a-und-zwirn', state: created.state, move: { type: 'target', card: 71 } })).toMatchObject({
      ok: false,
      error: { code: 'bad-move' },
    });
  });
});
