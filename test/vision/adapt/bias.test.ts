/**
 * A table's die bar (vision/adapt/bias.ts, teach.ts `chooseBias`): the die-ness of every crop
 * raised by one shift of its log-odds, chosen on the taught dice so that a die gained is worth less
 * than a box reported where the players' roll has none.
 */
import { describe, expect, it } from 'vitest';
import { BIASES, biasAdapter, countPlacesWithoutDie, MIN_PLACES_WITHOUT_DIE, nearFloor, PHANTOM_COST, raiseDieness, wantsMorePlaces } from '../../../vision/adapt/bias.ts';
import { chooseBias, type Looked } from '../../../vision/adapt/teach.ts';
import { DEFAULT_THRESHOLDS } from '../../../vision/read.ts';

/** A crop the network calls a die with probability `die`, most of it on `value`. */
const crop = (die: number, value = 3) => Float32Array.from([1 - die, ...[1, 2, 3, 4, 5, 6].map((v) => (v === value ? die * 0.9 : (die * 0.1) / 5))]);
/** A taught die (or, value 0, a box said to hold none) whose four quarter turns all look like `crop`. */
const taught = (die: number, value: number, i = 0): Looked => ({ die: i, roll: 0, value, features: [], probs: Array.from({ length: 4 }, () => crop(die, value || 3)) });
/** `n` places the roll shows without a die, far under the bar (no raise reports them: 0.05 at 3.5 is 0.64). */
const clear = (n: number, from = 10): Looked[] => Array.from({ length: n }, (_, k) => taught(0.05, 0, from + k));

describe('a raised die-ness', () => {
  it('moves only the share of "not a die", the values keeping their proportions', () => {
    const p = crop(0.7, 5);
    expect(raiseDieness(p, 0)).toBe(p);
    const q = raiseDieness(p, 1.5);
    const logit = (x: number) => Math.log(x / (1 - x));
    expect(logit(1 - q[0]) - logit(1 - p[0])).toBeCloseTo(1.5, 5);
    expect(q.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    for (let v = 1; v <= 6; v++) expect(q[v] / q[5]).toBeCloseTo(p[v] / p[5], 6);
  });

  it('is applied after the taught examples, crop by crop', () => {
    const inner = (_f: Float32Array[], probs: Float32Array[]) => probs.map(() => crop(0.5, 2));
    const [out] = biasAdapter(1, inner)([new Float32Array(1)], [crop(0.2)]);
    expect(Array.from(out)).toEqual(Array.from(raiseDieness(crop(0.5, 2), 1)));
  });

  it('keeps, as near the bar, exactly what the largest raise lifts to it', () => {
    const floor = nearFloor(DEFAULT_THRESHOLDS.die);
    expect(1 - raiseDieness(crop(floor), BIASES[BIASES.length - 1])[0]).toBeCloseTo(DEFAULT_THRESHOLDS.die, 6);
    expect(floor).toBeGreaterThan(0.1);
    expect(floor).toBeLessThan(0.3);
  });
});

describe('the table’s die bar, chosen on the taught dice', () => {
  it('stays at the network’s own bar where the taught dice are read already, or nothing was taught', () => {
    expect(chooseBias([])).toBe(0);
    expect(chooseBias([taught(0.97, 4), taught(0.95, 2, 1)])).toBe(0);
  });

  it('raises the die-ness into the middle of the raises that read shy dice and report no box said to hold none', () => {
    // 0.7 needs a raise of log-odds 1.35: 1.5 to 3.5 all read both dice; the middle is 2.5.
    expect(chooseBias([taught(0.7, 4), taught(0.7, 6, 1), ...clear(4)])).toBe(2.5);
    // A box said to hold none at 0.3 is reported from 3 on (log-odds -0.85 + 3 > 2.2): 1.5 to 2.5, middle 2.
    expect(chooseBias([taught(0.7, 4), taught(0.7, 6, 1), taught(0.3, 0, 2), ...clear(3)])).toBe(2);
  });

  it('does not raise it where a box said to hold no die would be reported for too few dice gained', () => {
    const box = taught(0.75, 0, 2);
    // Dice gained against one box that holds none: fewer than PHANTOM_COST + 1 are not worth it.
    expect(PHANTOM_COST).toBe(8);
    const shy = (n: number) => Array.from({ length: n }, (_, i) => taught(0.7, (i % 6) + 1, 30 + i));
    expect(chooseBias([...shy(2), box, ...clear(3)])).toBe(0);
    expect(chooseBias([...shy(8), box, ...clear(3)])).toBe(0);
    // Nine are (1.5 to 3.5 read them and report the box alike: the middle, 2.5).
    expect(chooseBias([...shy(9), box, ...clear(3)])).toBe(2.5);
    // A box that only the largest raise reports does not stand in the way (1.5 to 3: 2).
    expect(chooseBias([taught(0.7, 4), taught(0.7, 6, 1), taught(0.25, 0, 2), ...clear(3)])).toBe(2);
  });

  it('leaves out the dice the reader never looked at: no bar finds them, and they would buy look-alikes', () => {
    const missed = (i: number): Looked => ({ ...taught(0.7, 2, i), missed: true });
    expect(chooseBias([taught(0.7, 4), taught(0.7, 6, 1), missed(3), taught(0.75, 0, 2), ...clear(3)])).toBe(0);
    expect(chooseBias([missed(0), missed(1), missed(2)])).toBe(0);
  });

  it('does not raise it where the taught rolls show too few places without a die to tell what a lower bar lets in', () => {
    // Six shy dice and one place without a die (the dice-3 fold's first taught photo in the replay):
    // the scores alone would raise the bar; with nothing to measure look-alikes by, it stays.
    const shy = [1, 2, 3, 4, 5, 6].map((v, i) => taught(0.5, v, i));
    expect(MIN_PLACES_WITHOUT_DIE).toBe(4);
    expect(chooseBias([...shy, ...clear(1)])).toBe(0);
    expect(chooseBias([...shy, ...clear(MIN_PLACES_WITHOUT_DIE - 1)])).toBe(0);
    expect(chooseBias([...shy, ...clear(MIN_PLACES_WITHOUT_DIE)])).toBeGreaterThan(0);
    // Dice the players tapped but the reader never looked at are no such places.
    const missedNone: Looked = { ...taught(0.05, 0, 30), missed: true };
    expect(chooseBias([...shy, ...clear(MIN_PLACES_WITHOUT_DIE - 1), missedNone])).toBe(0);
    expect(countPlacesWithoutDie([...shy, ...clear(3), missedNone])).toBe(3);
  });

  it('asks for one more roll where places are too few and the reader without the set still misses taught dice', () => {
    const dice = [1, 2, 3].map((v) => ({ value: v }));
    const places = (n: number) => Array.from({ length: n }, () => ({ value: 0 }));
    const missing = { dice: 3, rolls: 1, before: 2, after: 3 };
    expect(wantsMorePlaces([...dice, ...places(MIN_PLACES_WITHOUT_DIE - 1)], missing)).toBe(true);
    expect(wantsMorePlaces([...dice, ...places(MIN_PLACES_WITHOUT_DIE)], missing)).toBe(false);
    // Every taught die read right already: nothing a lower bar could win.
    expect(wantsMorePlaces([...dice, ...places(1)], { ...missing, before: 3 })).toBe(false);
    // Not measured yet: asked, as the dialog does before the worker's answer.
    expect(wantsMorePlaces([...dice, ...places(1)], null)).toBe(true);
    // A die the players pointed at that the reader never looked at is no place without a die.
    expect(wantsMorePlaces([...dice, ...places(MIN_PLACES_WITHOUT_DIE - 1), { value: 0, missed: true }], missing)).toBe(true);
  });
});
