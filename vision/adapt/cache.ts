/**
 * What the reader learns from dice the players taught: their crops' `gap` features kept as a
 * cache of examples, each with the value the players gave it (or "not a die"). A crop the reader
 * classifies that looks like taught examples has their classes' log-probabilities raised, the
 * more the closer it looks (cosine similarity); a crop like none of them keeps the network's own
 * answer. (A cache model as in Tip-Adapter, Zhang et al. 2022, on the classifier's own features.)
 *
 * Chosen over fitting the classifier's last layer again: a fitted layer moves every answer, and
 * in the first trial (no figures kept) a dozen dice of a few values pulled the others towards
 * those values; the cache changes only what resembles what was taught. Since 3 Dec 2026 the app's
 * sets no longer use it (teach.ts APP_PARTS: on tables the reader never saw it made two of three
 * worse); `schiri eval --adapt-with examples|both` still measures it.
 */
import type { Adapter } from '../read.ts';

export interface CacheOptions {
  /** How much a perfect match adds to its class's log-probability. */
  weight: number;
  /** How fast a match fades as the features differ: exp(-sharpness * (1 - cosine)). */
  sharpness: number;
}

/**
 * Set when the cache was first written; how was not recorded, and they were not tuned since
 * (never on rune55 unseen.txt). The figures in docs/teach-dice.md are with these.
 */
export const CACHE_DEFAULTS: CacheOptions = { weight: 3, sharpness: 20 };

export interface Cache {
  /** Unit-length feature vectors of the taught crops. */
  keys: Float32Array[];
  /** Each key's class: 0 = not a die, k = value k. */
  labels: number[];
}

function unit(x: Float32Array): Float32Array {
  let n = 0;
  for (const v of x) n += v * v;
  n = Math.sqrt(n) || 1;
  return x.map((v) => v / n);
}

export function cacheOf(examples: { features: Float32Array; label: number }[]): Cache {
  return { keys: examples.map((e) => unit(e.features)), labels: examples.map((e) => e.label) };
}

/** The network's probabilities of each crop, moved towards the taught classes it resembles. */
export function adjust(cache: Cache, features: Float32Array[], probs: Float32Array[], o: CacheOptions = CACHE_DEFAULTS): Float32Array[] {
  return features.map((f, i) => {
    const p = probs[i];
    if (cache.keys.length === 0) return p;
    const q = unit(f);
    const z = Array.from(p, (x) => Math.log(Math.max(x, 1e-12)));
    cache.keys.forEach((k, e) => {
      let cos = 0;
      for (let j = 0; j < q.length; j++) cos += k[j] * q[j];
      z[cache.labels[e]] += o.weight * Math.exp(-o.sharpness * (1 - cos));
    });
    const max = Math.max(...z);
    const ex = z.map((v) => Math.exp(v - max));
    const sum = ex.reduce((a, b) => a + b, 0);
    return Float32Array.from(ex, (v) => v / sum);
  });
}

/** The reader's adjustment by a taught cache. */
export function cacheAdapter(cache: Cache, o: CacheOptions = CACHE_DEFAULTS): Adapter {
  return (features, probs) => adjust(cache, features, probs, o);
}
