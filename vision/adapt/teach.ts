/**
 * Teaching the reader a table's own dice: the classifier's crops are cut again from each taught
 * die's patch (the quarter turns the reader looks at, and a few loose ones) and classified; on
 * them the table's die bar is chosen (bias.ts), and their `gap` features can become a cache of
 * examples (cache.ts; measured, not what the app uses: APP_PARTS); how sure that makes the reader
 * is measured on the taught dice themselves, each roll left out of the teaching in turn.
 */
import type { Cv } from '../detect/opencv.ts';
import type { tf } from '../tf.ts';
import { DEFAULT_THRESHOLDS, probsOfTurns, type Adapter } from '../read.ts';
import { classifyWithFeatures } from '../classify/classifier.ts';
import { cacheAdapter, cacheOf, CACHE_DEFAULTS, type Cache, type CacheOptions } from './cache.ts';
import { bestRaise, biasAdapter, BIASES, countPlacesWithoutDie, PHANTOM_COST, taughtPlacesWithoutDie, raiseDieness } from './bias.ts';
import { cropsOfPatch, variants } from './patch.ts';
import { modelFingerprint } from './fingerprint.ts';
import type { DiceSet, Sureness, TaughtDie } from './dice-set.ts';

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

/** The quarter turns come first in `variants`: the crops the reader itself looks at. */
const QUARTERS = 4;

/** Every taught die's crops through the classifier, in one batch. */
export function look(cv: Cv, classifier: tf.LayersModel, dice: TaughtDie[]): Looked[] {
  const perDie = dice.map((d, i) => cropsOfPatch(cv, d.patch, variants(i)));
  const { features, probs } = classifyWithFeatures(classifier, perDie.flat());
  let k = 0;
  return dice.map((d, i) => {
    const n = perDie[i].length;
    const out = { die: i, roll: d.roll, value: d.value, ...(d.missed ? { missed: true as const } : {}), features: features.slice(k, k + n), probs: probs.slice(k, k + n) };
    k += n;
    return out;
  });
}

/** The cache the taught dice make (every crop of every die). */
export function teach(looked: Looked[]): Cache {
  return cacheOf(looked.flatMap((l) => l.features.map((features) => ({ features, label: l.value }))));
}

const reported = (mean: Float32Array) => 1 - mean[0] >= DEFAULT_THRESHOLDS.die;

/** Whether the reader, with these probabilities of a die (read.ts probsOfTurns), reports it with `value`. */
function readRight(mean: Float32Array, value: number): boolean {
  if (!reported(mean)) return false;
  let best = 1;
  for (let c = 2; c < mean.length; c++) if (mean[c] > mean[best]) best = c;
  return best === value;
}

/**
 * The table's die bar (bias.ts): of BIASES, the raise of the network's own die-ness that reads the
 * most taught dice right, each box the players said holds no die (or left out of a confirmed roll)
 * that it reports costing PHANTOM_COST of them, and no raise at all with fewer than
 * MIN_PLACES_WITHOUT_DIE of those boxes. Only what the reader looked at counts: a die it never
 * proposed (`missed`) is not found by any bar, and counting it would buy look-alikes for it.
 * Which raise the scores choose: bias.ts bestRaise.
 */
export function chooseBias(looked: Looked[]): number {
  const scores = BIASES.map((bias) => {
    let score = 0;
    for (const l of looked) {
      if (l.missed) continue;
      const mean = probsOfTurns(l.probs.slice(0, QUARTERS).map((p) => raiseDieness(p, bias)));
      if (l.value > 0) score += readRight(mean, l.value) ? 1 : 0;
      else if (reported(mean)) score -= PHANTOM_COST;
    }
    return score;
  });
  return bestRaise(scores, countPlacesWithoutDie(looked));
}

/** What a taught set adjusts: the table's die bar, the taught dice's likeness (cache.ts), or both. */
export type AdaptParts = 'bar' | 'examples' | 'both';
export const ADAPT_PARTS: AdaptParts[] = ['bar', 'examples', 'both'];

/**
 * What the app's sets adjust: the die bar alone. Taught to the leave-one-set-out readers, on tables
 * they never saw (docs/teach-dice.md), the bar never read fewer dice right than the plain reader
 * (nell-byler's tray 0.70 -> 0.86 at 12 dice, the others unchanged), while the examples, alone or
 * with the bar, read dice-3's tables and rune55's box worse (dice-3 test 0.64 -> 0.47 with both):
 * there the table's look-alikes lie as near the taught dice, in the classifier's features, as its
 * other dice do. `schiri eval --adapt-with` measures each.
 */
export const APP_PARTS: AdaptParts = 'bar';

/** The reader's adjustment by taught dice: their examples (cache.ts), then the table's die bar. */
export function adapterOf(looked: Looked[], o: CacheOptions = CACHE_DEFAULTS, parts: AdaptParts = APP_PARTS): { adapter: Adapter; bias: number } {
  const bias = parts === 'examples' ? 0 : chooseBias(looked);
  const examples = parts === 'bar' ? undefined : cacheAdapter(teach(looked), o);
  return { adapter: biasAdapter(bias, examples), bias };
}

/**
 * How sure the taught dice make the reader: of the dice taught (not the boxes said to be none),
 * how many the plain network reads right, and how many are read right with what the other rolls
 * taught (the other dice, where there is one roll only); and of the places without a die the
 * reader looked at, at how many it sees a die, plainly and with what the other rolls taught. On
 * one scene a raised bar still lets in some look-alikes (models/taught-sets.md, "Taught and
 * scored on one scene"), so the players are shown both sides.
 */
export function sureness(looked: Looked[], o: CacheOptions = CACHE_DEFAULTS, parts: AdaptParts = APP_PARTS): Sureness {
  const dice = looked.filter((l) => l.value > 0);
  const rolls = [...new Set(looked.map((l) => l.roll))];
  // What is left out: the held die's roll, or the die itself where there is one roll only.
  const leftOut = (l: Looked) => (rolls.length > 1 ? l.roll : l.die);
  const adapters = new Map<number, Adapter>();
  const withOthers = (held: Looked) => {
    const key = leftOut(held);
    if (!adapters.has(key)) adapters.set(key, adapterOf(looked.filter((l) => leftOut(l) !== key), o, parts).adapter);
    return probsOfTurns(adapters.get(key)!(held.features.slice(0, QUARTERS), held.probs.slice(0, QUARTERS)));
  };
  const plain = (l: Looked) => probsOfTurns(l.probs.slice(0, QUARTERS));
  const places = taughtPlacesWithoutDie(looked);
  return {
    dice: dice.length,
    rolls: rolls.length,
    before: dice.filter((l) => readRight(plain(l), l.value)).length,
    after: dice.filter((l) => readRight(withOthers(l), l.value)).length,
    places: places.length,
    placesTakenBefore: places.filter((l) => reported(plain(l))).length,
    placesTakenAfter: places.filter((l) => reported(withOthers(l))).length,
  };
}

/** A dice set made ready for the reader, and whether the reader's weights changed since it was taught. */
export interface Prepared {
  adapter: Adapter;
  /** The table's raise of the die-ness (bias.ts), as chosen on the taught dice. */
  bias: number;
  /** The set as it now stands: taught on the current weights, its sureness measured with them. */
  set: DiceSet;
  /**
   * The set was taught with other classifier weights (a newer or older reader): its die bar was
   * chosen again from the kept patches and its sureness measured again; the app says so.
   */
  retaught: boolean;
}

/**
 * The reader's adapter for a stored d6 dice set. Its die bar (and, with the examples, its cache)
 * is always made from the kept patches with the weights in use, so a set taught with other weights
 * still works; then its sureness is measured again and `retaught` tells the players the reader
 * changed under their set.
 */
export function prepare(cv: Cv, classifier: tf.LayersModel, set: DiceSet, parts: AdaptParts = APP_PARTS): Prepared {
  if (set.kind !== 'd6') throw new Error(`prepare: a ${set.kind} dice set does not adapt the d6 reader`);
  const looked = look(cv, classifier, set.dice);
  const { adapter, bias } = adapterOf(looked, CACHE_DEFAULTS, parts);
  const weights = modelFingerprint(classifier);
  if (set.taughtOn === weights && set.sure) return { adapter, bias, set, retaught: false };
  const sure = sureness(looked, CACHE_DEFAULTS, parts);
  return { adapter, bias, set: { ...set, taughtOn: weights, sure }, retaught: set.taughtOn !== null && set.taughtOn !== weights };
}
