import { describe, expect, it } from 'vitest';
import type { EngineError } from '../../engine/core/errors.ts';
import { encodeLine, isRecordId, replay, validPrefix } from '../../engine/core/record.ts';
import { plus } from '../../engine/plus/game.ts';

const start = encodeLine({ kind: 'start', game: 'plus', options: { variant: 1 }, players: ['A', 'B'] });
const m1 = encodeLine({ kind: 'move', move: { to: { III: 1, IV: 3, V: 2 } }, source: 'tap' });
const m2 = encodeLine({ kind: 'move', move: { to: { III: 1, IV: 3, V: 4 } }, source: 'camera' });
const m3 = encodeLine({ kind: 'move', move: { to: { III: 1, IV: 4, V: 4 } }, source: 'tap' });

describe('game records', () => {
  it('replays to the state after the last move, with the state before each move', () => {
    const r = replay(plus, start + m1 + m2);
    expect((r.state as { dice: unknown }).dice).toEqual({ III: 1, IV: 3, V: 4 });
    expect(r.before).toHaveLength(2);
    expect(r.dropped).toBeUndefined();
  });

  it('says what caused each move, as its line does (nothing where a line does not say)', () => {
    const unsaid = encodeLine({ kind: 'move', move: { to: { III: 1, IV: 3, V: 2 } } });
    expect(replay(plus, start + m1 + m2).sources).toEqual(['tap', 'camera']);
    expect(replay(plus, start + unsaid + m2).sources).toEqual([undefined, 'camera']);
  });

  it('drops a torn last line (a crash mid-write) and says so', () => {
    const r = replay(plus, start + m1 + m2.slice(0, 20));
    expect((r.state as { dice: unknown }).dice).toEqual({ III: 1, IV: 3, V: 2 });
    expect(r.dropped).toEqual({ line: 3, move: 2, count: 1, reason: 'record line 3: not JSON' });
  });

  it('keeps the longest valid prefix of a record broken in the middle, and says what was dropped', () => {
    // The full-disk case of issue 16: a torn line, then the next moves glued onto it.
    const glued = start + m1 + m2.slice(0, 25) + m3;
    const r = replay(plus, glued);
    expect(r.moves).toHaveLength(1);
    expect(r.dropped).toMatchObject({ line: 3, move: 2, count: 1 });
    const broken = start + m1 + '{oops\n' + m2 + m3;
    const b = replay(plus, broken);
    expect(b.moves).toHaveLength(1);
    expect(b.dropped).toMatchObject({ line: 3, move: 2, count: 3 });
    expect(validPrefix(broken, b.dropped!)).toBe(start + m1);
    // An illegal move in the middle (a record edited by hand) cuts there too.
    const illegal = replay(plus, start + m2 + m1);
    expect(illegal.moves).toHaveLength(0);
    expect(illegal.dropped).toMatchObject({ line: 2, move: 1, count: 2 });
    expect(replay(plus, start + m1 + '"text"\n').dropped).toMatchObject({ reason: 'record line 3: not a move' });
  });

  it.each([
    ['', /empty/],
    [m1, /line 1 must start a plus game/],
    ['{oops\n' + m1, /line 1 is not JSON/],
    ['null\n', /line 1 must start/],
    [encodeLine({ kind: 'start', game: 'plus', options: { variant: 9 } }), /line 1: .*variant/],
    [encodeLine({ kind: 'start', game: 'diabolo', options: {} }), /must start a plus game/],
    // Issue 63: a start line the picker tripped over ("e.map is not a function").
    ['{"kind":"start","game":"plus","options":{},"players":"Anna"}\n', /line 1: "players" must be a list/],
    ['{"kind":"start","game":"plus","options":{},"players":[1,2]}\n', /line 1: "players" must be a list/],
    ['{"kind":"start","game":"plus","options":{},"players":{"length":2}}\n', /line 1: "players" must be a list/],
    ['{"kind":"start","game":"plus","options":[],"players":[]}\n', /line 1: "options" must be an object/],
    ['{"kind":"start","game":"plus","options":{},"at":5}\n', /line 1: "at" must be/],
  ])('refuses a record without a usable first line %#', (text, msg) => {
    expect(() => replay(plus, text)).toThrow(msg);
  });

  it('says what is wrong with a record in German and in English, each all through (issue 14, texts)', () => {
    const bad = encodeLine({ kind: 'start', game: 'plus', options: { variant: 3 } });
    let text: unknown;
    try {
      replay(plus, bad);
    } catch (e) {
      text = (e as EngineError).text;
    }
    expect(text).toEqual({ de: 'Protokollzeile 1: Option "variant" muss eines von 1, 2 sein', en: 'record line 1: option "variant" must be one of 1, 2' });
  });

  it('takes record ids of a safe alphabet that name no Windows device', () => {
    for (const id of ['plus', 'engel-und-bengel', 'a', 'com10', 'console', 'nul-1']) expect(isRecordId(id), id).toBe(true);
    for (const id of ['con', 'nul', 'prn', 'aux', 'com1', 'com0', 'lpt9', '', '-a', 'A', 'a/b', 'a.b', '../x', 'x'.repeat(65), 7, null]) {
      expect(isRecordId(id), String(id)).toBe(false);
    }
  });
});
