import { describe, expect, it } from 'vitest';
import { judge, OPTION_SETS, randomStretches } from './himmel-und-hoelle-explain-cases.ts';

/**
 * Issue 60: `explain` explains every turn `play` can make, under every option set. Random games
 * (a third of the actions an attack where one is legal) under the defaults, each interpretation
 * switched and the audit's combinations; every action and every whole turn explained from the
 * position before, as the camera asks (no cards first, then the cards where it asks for them),
 * and the explanation played with `play` must give the dice seen. Timing is the bench's
 * (`npm run bench himmel-und-hoelle-explain`), not this test's.
 */
const GAMES = 2;
const TURNS = 20;

describe('explain: every turn and every action of random games, under every option set', () => {
  it.each(Object.keys(OPTION_SETS))('%s', (name) => {
    const stretches = randomStretches(OPTION_SETS[name], GAMES, TURNS, 1);
    const refused = stretches.flatMap((x, i) => {
      const v = judge(x);
      return v.explained ? [] : [`#${i} ${x.kind} (${x.moves.map((m) => m.type).join(' ')}): ${v.why}`];
    });
    expect(refused).toEqual([]);
    expect(stretches.filter((x) => x.kind === 'turn').length).toBeGreaterThanOrEqual(GAMES * 10);
    expect(stretches.some((x) => x.battles.length > 0)).toBe(true);
  });
});
