/**
 * A table's own die bar. The classifier's "is this a die" is calibrated on the tables it was
 * trained on; on a new table it can be too shy (nell-byler's dice for the reader trained without
 * them: 0.70 of the dice read right at the die bar 0.9, 0.85 at 0.6, with the same precision) or
 * too bold (dice-3's tables: any lower bar adds a phantom for every die it gains). So a taught set
 * also chooses, on the players' own confirmed rolls, how far to raise the die-ness of every crop:
 * a shift of its log-odds, the same for every crop of this table. It only ever raises: the global
 * bar already errs towards missing a die over reporting one that is not there.
 */
import type { Adapter } from '../types.ts';
import { NEAR_PER_ROLL, type Sureness } from './dice-set.ts';

/** Raises of the die-ness log-odds tried, from none up (teach.ts chooseBias). */
export const BIASES = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5];

/**
 * A box reported where the players' confirmed roll has no die costs as many dice read right as
 * this (the reader's precision target is above its recall target): a raise pays only where what
 * it adds is at least 8 / 9 = 0.89 precise. At 1 every fold's taught rolls chose a bar that cost
 * precision on the rest of its table (dice-3: 0.77 to 0.40); 2 held on the folds of 3 Dec 2026 but
 * not on the focus recipe's (6 Dec, session 42, `schiri eval --adapt --asked-rolls 3`, seeds 1-3):
 * 8 takes back the raises of seed 1 that cost dice-3 test 0.805 -> 0.207, dice-3 valid 0.823 ->
 * 0.472 and 0.809 -> 0.568 and dice-3's white table 0.977 -> 0.711, and changes no other row
 * (nell-byler's raises and gains stay; models/taught-sets.md, "A phantom costs eight").
 */
export const PHANTOM_COST = 8;

/**
 * A raise needs at least this many places the taught rolls show without a die (boxes tapped "kein
 * Würfel", or kept just under the bar clear of every die): one confirmed roll's worth of kept
 * places. With fewer, nothing says what a lower bar would let in on this table. Replayed over the
 * leave-one-set-out folds' candidates (docs/teach-dice.md), the dice-3 fold's first taught photo
 * showed one such place against six dice under the bar and chose a raise of 3 that took the rest
 * of its table from precision 0.77 to 0.19; nell-byler's tray, with four, keeps its gain (0.70 ->
 * 0.83). A floor of 3 chooses the same on every fold; one of 6 loses nell-byler's gain.
 */
export const MIN_PLACES_WITHOUT_DIE = NEAR_PER_ROLL;

const logit = (p: number) => Math.log(p / (1 - p));

/**
 * A taught set's boxes that are places without a die (value 0) the reader looked at: what
 * MIN_PLACES_WITHOUT_DIE counts, for the choice of the bar and for the dialog alike, and what the
 * sureness counts the places taken for a die among (teach.ts `sureness`).
 */
export function taughtPlacesWithoutDie<T extends { value: number; missed?: boolean }>(boxes: readonly T[]): T[] {
  return boxes.filter((b) => b.value === 0 && !b.missed);
}

export function countPlacesWithoutDie(boxes: readonly { value: number; missed?: boolean }[]): number {
  return taughtPlacesWithoutDie(boxes).length;
}

/**
 * Whether the teaching dialog asks the players for one more roll (renderer/vision/teach.ts
 * fewPlacesText; `schiri eval --asked-rolls` teaches it): the taught rolls show too few places
 * without a die for the bar to move, and the reader without the set still misses taught dice (a
 * sureness not yet measured counts as missing them).
 */
export function wantsMorePlaces(boxes: readonly { value: number; missed?: boolean }[], sure: Sureness | null | undefined): boolean {
  return countPlacesWithoutDie(boxes) < MIN_PLACES_WITHOUT_DIE && !(sure && sure.before === sure.dice);
}

/**
 * The raise of BIASES whose score (taught dice read right, less PHANTOM_COST a phantom; one score
 * a raise, in BIASES' order) is best. No raise where none does better than none, or where the taught
 * rolls show fewer than MIN_PLACES_WITHOUT_DIE places without a die; else the middle
 * of the first run of best raises, not its edge: the detector's box, and so the crops, move a
 * little from frame to frame, so the edge would lose the dice it was chosen for.
 */
export function bestRaise(scores: number[], placesWithoutDie: number): number {
  if (placesWithoutDie < MIN_PLACES_WITHOUT_DIE) return BIASES[0];
  const best = Math.max(...scores);
  const first = scores.indexOf(best);
  let last = first;
  while (last + 1 < scores.length && scores[last + 1] === best) last++;
  return first === 0 ? BIASES[0] : BIASES[Math.floor((first + last) / 2)];
}

/** A crop's class probabilities with the die-ness log-odds raised by `bias` (the values keep their shares). */
export function raiseDieness(p: Float32Array, bias: number): Float32Array {
  if (bias === 0) return p;
  const up = Math.exp(bias);
  const sum = p[0] + (1 - p[0]) * up;
  return Float32Array.from(p, (x, j) => (j === 0 ? x : x * up) / sum);
}

/** The reader's adjustment by a table's bias, after `inner` (the taught examples) where there is one. */
export function biasAdapter(bias: number, inner?: Adapter): Adapter {
  if (bias === 0 && inner) return inner;
  return (features, probs) => (inner ? inner(features, probs) : probs).map((p) => raiseDieness(p, bias));
}

/**
 * The lowest die probability the largest bias can lift to `bar`: what the reader looked at below
 * the bar that a taught set may still turn into a die, so teaching keeps it to measure by.
 */
export function nearFloor(bar: number): number {
  return 1 / (1 + Math.exp(-(logit(bar) - BIASES[BIASES.length - 1])));
}
