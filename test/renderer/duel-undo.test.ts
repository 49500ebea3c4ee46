import { describe, expect, it } from 'vitest';
import { actionsOfLastTap, actionsOfLastTurn, cameraEndBefore } from '../../renderer/games/himmel-und-hoelle/undo.ts';

const h = (...types: string[]) => types.map((type) => ({ move: { type } }));

describe('taking back the whole turn in the duel', () => {
  it.each<[string, { move: unknown }[], number]>([
    ['nothing played', h(), 0],
    ['the start values only', h('start-values', 'start-values'), 0],
    ['the first turn under way', h('step', 'raise'), 2],
    ['a turn under way after another', h('step', 'end', 'step', 'step', 'card', 'card', 'free-step'), 5],
    ['a turn just ended: that turn with its end', h('step', 'end', 'step', 'step', 'end'), 3],
    ['a turn that ended without an action', h('step', 'end', 'end'), 1],
    ['after the start values', h('start-values', 'start-values', 'step', 'step'), 2],
  ])('%s', (_n, history, n) => {
    expect(actionsOfLastTurn(history)).toBe(n);
  });
});

describe('the end of a turn the camera read, which a late move opens again', () => {
  const at = (type: string, source?: string, state = type) => ({ state, move: { type }, ...(source ? { source } : {}) });
  it.each<[string, { state: string; move: unknown; source?: string }[], string | null]>([
    ['the last action is an end the camera read: the state before it', [at('step', 'camera'), at('end', 'camera', 'before the end')], 'before the end'],
    ['an end tapped', [at('step', 'camera'), at('end', 'tap')], null],
    ['an end from a record that does not say', [at('step'), at('end')], null],
    ['something played since (the computer)', [at('end', 'camera'), at('step', 'bot')], null],
    ['nothing played', [], null],
  ])('%s', (_n, history, want) => {
    expect(cameraEndBefore(history)).toBe(want);
  });
});

describe('taking back the last tap in the duel', () => {
  const at = (type: string, source: string, die?: number) => ({ state: null, move: { type, ...(die === undefined ? {} : { die }) }, source });
  it.each<[string, { state: null; move: unknown; source: string }[], number | undefined, number]>([
    ['nothing played', [], undefined, 0],
    ['the screen saw the tap play three steps', [at('end', 'tap'), at('step', 'tap', 0), at('step', 'tap', 0), at('step', 'tap', 0)], 3, 3],
    ['the screen saw one step (a second tap of the same die)', [at('step', 'tap', 0), at('step', 'tap', 0)], 1, 1],
    ['resumed: a walk of one die taken as one', [at('end', 'tap'), at('step', 'tap', 0), at('step', 'tap', 0), at('step', 'tap', 0)], undefined, 3],
    ['resumed: only the last die\'s walk', [at('step', 'tap', 1), at('step', 'tap', 0), at('step', 'tap', 0)], undefined, 2],
    ['resumed: a camera walk is not joined to a tapped one', [at('step', 'tap', 0), at('step', 'camera', 0), at('step', 'camera', 0)], undefined, 2],
    ['resumed: a raise is one action', [at('step', 'tap', 0), at('raise', 'tap', 0)], undefined, 1],
    ["resumed: the computer's steps one at a time", [at('step', 'bot', 5), at('step', 'bot', 5)], undefined, 1],
  ])('%s', (_n, history, played, n) => {
    expect(actionsOfLastTap(history, played)).toBe(n);
  });
});
