import { describe, expect, it } from 'vitest';
import type { EngineError } from '../../engine/core/errors.ts';
import { encodeLine, replay } from '../../engine/core/record.ts';
import { plus } from '../../engine/plus/game.ts';

const start = encodeLine({ kind: 'start', game: 'plus', options: { variant: 1 }, players: ['A', 'B'] });
const m1 = encodeLine({ kind: 'move', move: { to: { III: 1, IV: 3, V: 2 } }, source: 'tap' });
const m2 = encodeLine({ kind: 'move', move: { to: { III: 1, IV: 3, V: 4 } }, source: 'camera' });

describe('game records', () => {
  it('replays to the state after the last move, with the state before each move', () => {
    const r = replay(plus, start + m1 + m2);
    expect((r.state as { dice: unknown }).dice).toEqual({ III: 1, IV: 3, V: 4 });
    expect(r.before).toHaveLength(2);
    expect(r.damagedTail).toBeUndefined();
  });

  it('drops a torn last line (a crash mid-write) and says so', () => {
    const r = replay(plus, start + m1 + m2.slice(0, 20));
    expect((r.state as { dice: unknown }).dice).toEqual({ III: 1, IV: 3, V: 2 });
    expect(r.damagedTail).toBe(m2.slice(0, 20));
  });

  it.each([
    ['', /empty/],
    [m1, /line 1 must start a plus game/],
    [start + '{oops\n' + m2, /line 2 is not JSON/],
    [start + m2, /line 2: .*two dice|line 2: .*Spiel 1/],
    [encodeLine({ kind: 'start', game: 'diabolo', options: {} }), /must start a plus game/],
  ])('refuses a bad record %#', (text, msg) => {
    expect(() => replay(plus, text)).toThrow(msg);
  });

  it('says what is wrong with a record in German and in English, each all through (issue 14, texts)', () => {
    const bad = start + encodeLine({ kind: 'move', move: { to: { III: 1, IV: 11, V: 2 } } });
    let text: unknown;
    try {
      replay(plus, bad);
    } catch (e) {
      text = (e as EngineError).text;
    }
    expect(text).toEqual({ de: 'Protokollzeile 2: to.IV: muss von 1 bis 9 gehen', en: 'record line 2: to.IV: must be from 1 to 9' });
  });
});
