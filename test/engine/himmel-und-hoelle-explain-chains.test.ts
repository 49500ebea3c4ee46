import { describe, expect, it } from 'vitest';
import { judge } from './himmel-und-hoelle-explain-cases.ts';
import { observe, position, type Spec } from './himmel-und-hoelle-helpers.ts';

/**
 * Turns of many battles from the explain property test's random games (issue 60 item D), which
 * `explain` answered `search-limit` after 30 s and more: a free AP that attacks again and again
 * (`freeAp: any-action`), attacks paid by lowering (`attackWithPips`). Each is asked as the
 * camera asks (no cards, then the cards where it asks for them) and the answer replayed.
 */
const dice = (list: string): Spec => {
  const all = list.split(' ');
  const of = (side: string) => all.filter((d) => d[0] === side).map((d) => d.slice(1));
  return { H: of('H'), L: of('L') };
};

interface Turn {
  options: Record<string, unknown>;
  active: 0 | 1;
  ap: number;
  cards: [number[], number[]];
  before: string;
  after: string;
  battles: [number, number][];
}

const TURNS: Record<string, Turn> = {
  // Seed 1, stretch 366: seven battles, five of them begun by a free AP, Himmel's among them.
  'freeAp: any-action, seven battles': {
    options: { freeAp: 'any-action' },
    active: 1,
    ap: 5,
    cards: [
      [0, 1, 3, 4, 6, 9, 10, 11, 12],
      [0, 1, 7, 8, 9, 10, 11, 12],
    ],
    before: 'Hb4:1 Hb2:1 Hc5:1 Ha2:1 Hb1:1 Lb10:1 La8:1 La9:2 La5:2 Lb9:1',
    after: 'Hb4:2 Hb2:1 Hc5:1 Ha2:1 Hc1:1 Lb10:1 Lc8:1 La10:1 Lb6:1 Lb9:1',
    battles: [[0, 7], [1, 10], [9, 1], [6, 9], [0, 0], [11, 8], [0, 0]],
  },
  // Seed 1, stretch 360: four attacks on b5 by a5, one paid by lowering, the free APs pushing and raising.
  'attackWithPips, four battles': {
    options: { attackWithPips: true },
    active: 1,
    ap: 5,
    cards: [
      [0, 1, 2, 3, 5, 6, 9, 10, 11, 12],
      [0, 1, 2, 3, 6, 7, 9, 10, 11, 12],
    ],
    before: 'Hb5:1 Hc1:1 Hc6:1 Ha2:1 Hb1:1 Lc8:1 Lb8:1 Lb10:1 La5:1 Lb9:1',
    after: 'Hb5:2 Hc1:1 Hc6:1 Ha3:1 Ha1:1 Lc8:1 Lb10:1 Lc10:1 La5:1 Lc9:1',
    battles: [[0, 9], [9, 2], [0, 6], [11, 11]],
  },
  // Seed 2, stretch 429 of `freeAp: any-action` + `freeApOptional: false`: nine battles, eight of them with the 0s.
  'freeAp: any-action + freeApOptional: false, nine battles': {
    options: { freeAp: 'any-action', freeApOptional: false },
    active: 0,
    ap: 5,
    cards: [[0, 5], [0]],
    before: 'Hb4:2 Hc3:1 Hc6:3 Ha3:1 Hb1:2 Lc10:1 La8:1 La9:1 Lc5:1 Lb9:1',
    after: 'Hb4:1 Hc3:1 Hb10:1 Ha3:1 Hc2:1 Lc10:1 La8:1 La10:1 Lc5:1 Lb8:1',
    battles: [[5, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]],
  },
  // Seed 1, stretch 356 of the same set: seven battles.
  'freeAp: any-action + freeApOptional: false, seven battles': {
    options: { freeAp: 'any-action', freeApOptional: false },
    active: 1,
    ap: 5,
    cards: [
      [0, 1, 3, 4, 5, 6, 9, 10, 11, 12],
      [0, 1, 2, 6, 7, 8, 9, 10, 11, 12],
    ],
    before: 'Hb6:1 Hc3:1 Hc6:1 Ha2:1 Hb1:1 Lb10:1 La8:1 La9:1 La5:1 Lb9:1',
    after: 'Hb6:1 Hc3:1 Hc6:2 Ha2:2 Hb1:1 Lc10:1 La8:1 La9:1 Lc5:3 Lc9:1',
    battles: [[11, 8], [4, 2], [0, 6], [0, 10], [6, 1], [3, 9], [0, 0]],
  },
};

describe('explain: turns of many battles (issue 60 D), as the camera asks', () => {
  it.each(Object.keys(TURNS))('%s', (name) => {
    const t = TURNS[name];
    const before = position({ ...dice(t.before), options: t.options, active: t.active, ap: t.ap, cards: t.cards });
    const after = { ...before, dice: observe(dice(t.after)).dice };
    const v = judge({ before, after, moves: [], battles: t.battles, kind: 'turn' });
    expect(v.why).toBeUndefined();
    expect(v.explained).toBe(true);
  });
});
