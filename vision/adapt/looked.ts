/**
 * A taught die as the classifier sees it: its crops cut again from the kept patch (patch.ts) and
 * classified, features and probabilities, and whether the reader, looking at its quarter turns as
 * it looks at a frame's box, reads it right. What the die bar (bias.ts), the cache of examples
 * (cache.ts) and the tuned last layer (tune.ts) are each chosen on.
 */
import type { Cv } from '../detect/opencv.ts';
import type { tf } from '../tf.ts';
import { DEFAULT_THRESHOLDS, probsOfTurns } from '../read.ts';
import { classifyWithFeatures } from '../classify/classifier.ts';
import { cropsOfPatch, variants, type Variant } from './patch.ts';
import { PHANTOM_COST } from './bias.ts';
import type { TaughtDie } from './dice-set.ts';

/** The crops of one taught die, classified: features and the network's probabilities per crop. */
export interface Looked {
  die: number;
  roll: number;
  value: number;
  /** The reader had not looked at it (TaughtDie.missed). */
  missed?: true;
  features: Float32Array[];
  probs: Float32Array[];
}

/** The quarter turns come first in `variants` (and `trainingVariants`): the crops the reader itself looks at. */
export const QUARTERS = 4;

/** Every taught die's crops (`vs` of its place in the set) through the classifier, in one batch. */
export function look(cv: Cv, classifier: tf.LayersModel, dice: TaughtDie[], vs: (seed: number) => Variant[] = variants): Looked[] {
  const perDie = dice.map((d, i) => cropsOfPatch(cv, d.patch, vs(i)));
  const { features, probs } = classifyWithFeatures(classifier, perDie.flat());
  let k = 0;
  return dice.map((d, i) => {
    const n = perDie[i].length;
    const out = { die: i, roll: d.roll, value: d.value, ...(d.missed ? { missed: true as const } : {}), features: features.slice(k, k + n), probs: probs.slice(k, k + n) };
    k += n;
    return out;
  });
}

/** Whether the reader reports a die with these pooled probabilities (read.ts probsOfTurns). */
export const reported = (mean: Float32Array) => 1 - mean[0] >= DEFAULT_THRESHOLDS.die;

/** Whether the reader, with these probabilities of a die (read.ts probsOfTurns), reports it with `value`. */
export function readRight(mean: Float32Array, value: number): boolean {
  if (!reported(mean)) return false;
  let best = 1;
  for (let c = 2; c < mean.length; c++) if (mean[c] > mean[best]) best = c;
  return best === value;
}

/**
 * What a taught box is worth to a reader that pools its quarter turns' probabilities into `mean`:
 * a die read right 1, a box the players said holds no die reported as one -PHANTOM_COST, else 0.
 */
export function taughtScore(value: number, mean: Float32Array): number {
  if (value > 0) return readRight(mean, value) ? 1 : 0;
  return reported(mean) ? -PHANTOM_COST : 0;
}

/** A looked die's quarter turns pooled as the reader pools them, each turn's probabilities first put through `adjust`. */
export function pooled(l: Looked, adjust?: (features: Float32Array[], probs: Float32Array[]) => Float32Array[]): Float32Array {
  const probs = l.probs.slice(0, QUARTERS);
  return probsOfTurns(adjust ? adjust(l.features.slice(0, QUARTERS), probs) : probs);
}
