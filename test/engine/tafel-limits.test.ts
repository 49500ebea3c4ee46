import { describe, expect, it } from 'vitest';
import { MAX_CONSTRAINTS_PER_BOX, MAX_NAME, parseTafel } from '../../engine/engel-und-bengel/tafel.ts';
import { eub, TEST_TAFEL } from './engel-und-bengel.fixtures.ts';

/**
 * What a Tafel may hold (issue 63): a custom Tafel with 80,000 `{"sameAs":1}` in one box took 3.8 s
 * to set up and 3.3 s for each `legal`, since every move checks every constraint.
 */
const withMust = (must: unknown[]) => {
  const t = structuredClone(TEST_TAFEL) as unknown as { rows: { boxes: { must: unknown[] }[] }[] };
  t.rows[2].boxes[1].must = must;
  return t;
};

describe('Tafel bounds', () => {
  it(`refuses a box of more than ${MAX_CONSTRAINTS_PER_BOX} constraints, naming it`, () => {
    const flood = withMust(Array.from({ length: 80_000 }, () => ({ sameAs: 1 })));
    expect(() => parseTafel(flood)).toThrow(/^Tafel "test-a", row 3, box 2: a box has at most 8 constraints, not 80000$/);
    expect(() => eub.setup({ tafeln: [flood] } as never)).toThrow(/a box has at most 8 constraints, not 80000/);
    // Eight still is a Tafel (however redundant).
    expect(parseTafel(withMust(Array.from({ length: MAX_CONSTRAINTS_PER_BOX }, () => ({ sameAs: 1 })))).rows[2].boxes[1].must).toHaveLength(8);
  });

  it(`refuses a name longer than ${MAX_NAME} characters`, () => {
    const long = { ...structuredClone(TEST_TAFEL), name: { de: 'x'.repeat(MAX_NAME + 1), en: 'x' } };
    expect(() => parseTafel(long)).toThrow(/^Tafel "test-a": "name" has at most 80 characters in each language$/);
  });
});
