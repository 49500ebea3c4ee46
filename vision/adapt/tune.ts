/**
 * A taught set that changes the network: the classifier's last layer fine-tuned (head.ts) on the
 * crops of the confirmed dice and of the places the players confirmed hold none (patch.ts
 * trainingVariants: turns, mirror images, small shifts and sizes, lighter and darker), and a
 * guard that keeps the shipped layer wherever the tuned one reads the taught rolls worse.
 *
 * The guard replays the teaching on the taught rolls themselves: each roll (each box, where there
 * is one roll) is left out in turn, the layer tuned on the others, and the left-out boxes read
 * with it and with the shipped layer (looked.ts taughtScore: a die read right 1, a place without
 * a die taken for one -PHANTOM_COST). The tuned layer may decide whether a box holds a die, which
 * value it shows, both or neither. A use is kept only where the left-out boxes it reads better
 * outnumber those it reads worse beyond chance (a one-sided sign test at GUARD_P), and its score
 * is at least the shipped layer's; of those, the best score (on a tie the use that keeps more of
 * the shipped layer). A dozen taught dice seldom pass: the first guard, which kept a use one box
 * ahead, kept the tuned values on rune55's unseen trays (11 against 10 of the taught dice) and
 * read the rest of them worse, 0.602 -> 0.547 (docs/teach-dice.md, "The last layer fine-tuned").
 */
import type { Adapter } from '../types.ts';
import { headProbs, tuneHead, TUNE_DEFAULTS, type Head, type Sample, type TuneOptions } from './head.ts';
import { pooled, taughtScore, type Looked } from './looked.ts';

/** Which answers the tuned layer gives: whether a box holds a die, and the value it shows. */
export interface Use {
  dieness: boolean;
  values: boolean;
}

/** The four choices, the shipped layer's first: a tie keeps more of it. */
export const USES: Use[] = [
  { dieness: false, values: false },
  { dieness: false, values: true },
  { dieness: true, values: false },
  { dieness: true, values: true },
];

/** The probabilities with the die-ness of `die` and the values' shares of `value`. */
function mixed(die: Float32Array, value: Float32Array): Float32Array {
  const d = 1 - die[0];
  const rest = 1 - value[0];
  return Float32Array.from(value, (p, c) => (c === 0 ? 1 - d : rest > 0 ? (d * p) / rest : d / (value.length - 1)));
}

/** The reader's adjustment by a tuned layer, used as `use` says (none of it: the shipped answers). */
export function tunedAdapter(head: Head, use: Use): Adapter {
  return (features, probs) =>
    features.map((f, i) => {
      if (!use.dieness && !use.values) return probs[i];
      const tuned = headProbs(head, f);
      if (use.dieness && use.values) return tuned;
      return use.dieness ? mixed(tuned, probs[i]) : mixed(probs[i], tuned);
    });
}

/**
 * The crops the layer learns from: every crop of every taught box, a die's as its value and a
 * place's as "not a die"; each class weighs as much in all as the dice do, so a few places are not
 * outvoted by many dice, nor one value by another.
 */
export function samplesOf(looked: Looked[]): Sample[] {
  const perClass = new Map<number, number>();
  for (const l of looked) perClass.set(l.value, (perClass.get(l.value) ?? 0) + l.features.length);
  return looked.flatMap((l) => l.features.map((features) => ({ features, label: l.value, weight: 1 / perClass.get(l.value)! })));
}

/** What was left out of one replay of the teaching: a roll, or a box where there is one roll. */
export const leftOutOf = (looked: Looked[]) => {
  const rolls = new Set(looked.map((l) => l.roll)).size;
  return (l: Looked) => (rolls > 1 ? l.roll : l.die);
};

/**
 * The sign test's level: the chance that a use no better than the shipped layer reads as many
 * more of the left-out boxes better than worse. Set beforehand as the usual 5 %, not tuned.
 */
export const GUARD_P = 0.05;

/** One-sided sign test: the chance of at least `better` of `better + worse` coin tosses coming up heads. */
export function signP(better: number, worse: number): number {
  const n = better + worse;
  let p = 0;
  let choose = 1;
  for (let k = 0; k <= n; k++) {
    if (k >= better) p += choose;
    choose = (choose * (n - k)) / (k + 1);
  }
  return p / 2 ** n;
}

export interface Tuned {
  head: Head;
  use: Use;
  /** Each use's score on the replays (USES' order), and the shipped layer's (USES[0]). */
  scores: number[];
  /** Each use's left-out boxes read better and worse than by the shipped layer. */
  better: number[];
  worse: number[];
  /** The layer tuned without each left-out part (leftOutOf), for the sureness. */
  folds: Map<number, Head>;
}

/** The layer tuned on all of `looked`, and how to use it, chosen by the replays on its own rolls. */
export function tuneOn(base: Head, looked: Looked[], o: TuneOptions = TUNE_DEFAULTS): Tuned {
  const head = tuneHead(base, samplesOf(looked), o);
  const key = leftOutOf(looked);
  const folds = new Map<number, Head>();
  const scores = USES.map(() => 0);
  const better = USES.map(() => 0);
  const worse = USES.map(() => 0);
  for (const k of new Set(looked.map(key))) {
    const fold = tuneHead(base, samplesOf(looked.filter((l) => key(l) !== k)), o);
    folds.set(k, fold);
    const held = looked.filter((l) => key(l) === k && !l.missed);
    const shipped = held.map((l) => taughtScore(l.value, pooled(l)));
    USES.forEach((use, u) => {
      const adapter = tunedAdapter(fold, use);
      held.forEach((l, i) => {
        const s = taughtScore(l.value, pooled(l, adapter));
        scores[u] += s;
        if (s > shipped[i]) better[u]++;
        if (s < shipped[i]) worse[u]++;
      });
    });
  }
  const passes = (u: number) => u === 0 || (scores[u] >= scores[0] && signP(better[u], worse[u]) <= GUARD_P);
  const best = USES.reduce((b, _, u) => (passes(u) && scores[u] > scores[b] ? u : b), 0);
  return { head, use: USES[best], scores, better, worse, folds };
}
