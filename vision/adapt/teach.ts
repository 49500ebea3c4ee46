/**
 * Teaching the reader a table's own dice: the classifier's crops are cut again from each taught
 * die's patch (the quarter turns the reader looks at, and a few loose ones) and classified; on
 * them the table's die bar is chosen (bias.ts), and their `gap` features can become a cache of
 * examples (cache.ts; measured, not what the app uses: APP_PARTS); how sure that makes the reader
 * is measured on the taught dice themselves, each roll left out of the teaching in turn.
 */
import type { Cv } from '../detect/opencv.ts';
import type { tf } from '../tf.ts';
import { probsOfTurns, type Adapter } from '../read.ts';
import { cacheAdapter, cacheOf, CACHE_DEFAULTS, type Cache, type CacheOptions } from './cache.ts';
import { bestRaise, biasAdapter, BIASES, countPlacesWithoutDie, taughtPlacesWithoutDie, raiseDieness } from './bias.ts';
import { look, pooled, QUARTERS, readRight, reported, taughtScore, type Looked } from './looked.ts';
import { modelFingerprint } from './fingerprint.ts';
import { headFromWeights, headOf, headWeights, type Head } from './head.ts';
import { trainingVariants, variants } from './patch.ts';
import { leftOutOf, tunedAdapter, tuneOn, type Use } from './tune.ts';
import { DiceSetError, type DiceSet, type Sureness } from './dice-set.ts';

export { look, type Looked } from './looked.ts';

/** The cache the taught dice make (every crop of every die). */
export function teach(looked: Looked[]): Cache {
  return cacheOf(looked.flatMap((l) => l.features.map((features) => ({ features, label: l.value }))));
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
    const raised = (_: Float32Array[], probs: Float32Array[]) => probs.map((p) => raiseDieness(p, bias));
    return looked.reduce((score, l) => score + (l.missed ? 0 : taughtScore(l.value, pooled(l, raised))), 0);
  });
  return bestRaise(scores, countPlacesWithoutDie(looked));
}

/** What a taught set adjusts: the table's die bar, the taught dice's likeness (cache.ts), or both. */
export type AdaptParts = 'bar' | 'examples' | 'both' | 'net' | 'net+bar';
export const ADAPT_PARTS: AdaptParts[] = ['bar', 'examples', 'both', 'net', 'net+bar'];

/** Whether `parts` fine-tune the classifier's last layer (tune.ts): its crops are then looked at with trainingVariants. */
export const tunesNet = (parts: AdaptParts) => parts === 'net' || parts === 'net+bar';

/** What a taught set adjusts, and the shipped last layer where it tunes it. */
export interface AdaptWith {
  parts: AdaptParts;
  cache: CacheOptions;
  base?: Head;
  /** A layer tuned before and kept with the set (dice-set.ts TunedHead): used as it is, not tuned again. */
  kept?: { head: Head; use: Use };
}

/** The adjustment made, and where the last layer was tuned, the layer, its use and the replays' scores (none where it was kept). */
export interface Made {
  adapter: Adapter;
  bias: number;
  tuned?: { head: Head; use: Use; scores?: number[]; better?: number[]; worse?: number[]; folds?: Map<number, Head> };
}

/**
 * What the app's sets adjust: the table's die bar alone, as since 3 Dec 2026. Taught to the
 * leave-one-set-out readers, on tables they never saw (docs/teach-dice.md), the bar never read
 * fewer dice right than the plain reader (nell-byler's tray 0.70 -> 0.86 at 12 dice, the others
 * unchanged), while the examples, alone or with the bar, read dice-3's tables and rune55's box
 * worse (dice-3 test 0.64 -> 0.47 with both): there the table's look-alikes lie as near the taught
 * dice, in the classifier's features, as its other dice do. The tuned last layer (`net+bar`,
 * tune.ts, 7 Dec 2026) is not in the app yet: at 12 taught dice its guard kept the shipped layer on
 * every table, and at 24 on rune55's unseen trays the rest read worse than untaught (0.602 -> 0.587),
 * which the issue forbids. `schiri eval --adapt-with` measures each.
 */
export const APP_PARTS: AdaptParts = 'bar';

/** The reader's adjustment by taught dice: their examples (cache.ts) or the tuned last layer (tune.ts), then the table's die bar. */
export function adapterOf(looked: Looked[], w: AdaptWith = { parts: APP_PARTS, cache: CACHE_DEFAULTS }): Made {
  const { parts } = w;
  if (tunesNet(parts)) {
    if (!w.base) throw new Error('adapterOf: tuning the last layer needs the shipped one');
    const tuned = w.kept ?? tuneOn(w.base, looked);
    const inner = tunedAdapter(tuned.head, tuned.use);
    if (parts === 'net') return { adapter: inner, bias: 0, tuned };
    const bias = chooseBias(looked.map((l) => ({ ...l, probs: inner(l.features, l.probs) })));
    return { adapter: biasAdapter(bias, inner), bias, tuned };
  }
  const bias = parts === 'examples' ? 0 : chooseBias(looked);
  const examples = parts === 'bar' ? undefined : cacheAdapter(teach(looked), w.cache);
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
export function sureness(looked: Looked[], w: AdaptWith = { parts: APP_PARTS, cache: CACHE_DEFAULTS }, made?: Made): Sureness {
  const dice = looked.filter((l) => l.value > 0);
  const rolls = [...new Set(looked.map((l) => l.roll))];
  // What is left out: the held die's roll, or the die itself where there is one roll only.
  const leftOut = leftOutOf(looked);
  const adapters = new Map<number, Adapter>();
  // A tuned layer's guard tuned it without each roll already: those layers, used as the guard
  // chose on all the rolls, stand for what the other rolls taught (tuning each again with a guard
  // of its own would take the rolls' number of times as long).
  const others = (key: number, rest: Looked[]): Adapter => {
    const fold = made?.tuned?.folds?.get(key);
    if (!fold) return adapterOf(rest, w).adapter;
    const inner = tunedAdapter(fold, made!.tuned!.use);
    if (w.parts !== 'net+bar') return inner;
    return biasAdapter(chooseBias(rest.map((l) => ({ ...l, probs: inner(l.features, l.probs) }))), inner);
  };
  const withOthers = (held: Looked) => {
    const key = leftOut(held);
    if (!adapters.has(key)) adapters.set(key, others(key, looked.filter((l) => leftOut(l) !== key)));
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
 * still works; its tuned last layer is kept with the set and used as it is while the weights it
 * was tuned on are in use, else tuned again. Then its sureness is measured again and `retaught`
 * tells the players the reader changed under their set. Throws DiceSetError, saying so, where
 * the layer cannot be tuned: the set is then not put in use, and the one in use stays.
 */
export function prepare(cv: Cv, classifier: tf.LayersModel, set: DiceSet, parts: AdaptParts = APP_PARTS): Prepared {
  if (set.kind !== 'd6') throw new Error(`prepare: a ${set.kind} dice set does not adapt the d6 reader`);
  const tunes = tunesNet(parts);
  const looked = look(cv, classifier, set.dice, tunes ? trainingVariants : variants);
  const weights = modelFingerprint(classifier);
  const base = headOf(classifier);
  const stored = tunes && set.tuned?.on === weights && set.tuned.weights.length === base.kernel.length + base.bias.length ? set.tuned : undefined;
  const w: AdaptWith = { parts, cache: CACHE_DEFAULTS, base };
  const kept = stored ? { head: headFromWeights(stored.weights, base.inputs, base.classes), use: { dieness: stored.dieness, values: stored.values } } : undefined;
  let made: Made;
  try {
    made = adapterOf(looked, { ...w, kept });
  } catch (e) {
    throw new DiceSetError({
      de: `Schiri konnte sein Netz nicht an diese Würfel anpassen (${String(e)}). Der Satz wurde nicht übernommen; es wird weiter wie bisher gelesen.`,
      en: `Schiri could not adapt its network to these dice (${String(e)}). The set was not taken; reading goes on as before.`,
    });
  }
  const { adapter, bias, tuned } = made;
  const head = tuned ? { tuned: { on: weights, ...tuned.use, weights: headWeights(tuned.head) } } : {};
  if (set.taughtOn === weights && set.sure && (!tunes || stored)) return { adapter, bias, set, retaught: false };
  const sure = sureness(looked, w, made);
  return { adapter, bias, set: { ...set, taughtOn: weights, sure, ...head }, retaught: set.taughtOn !== null && set.taughtOn !== weights };
}
