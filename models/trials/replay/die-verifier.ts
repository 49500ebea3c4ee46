/**
 * A die verifier over the reader's candidates (models/trials/die-verifier/verifier.ts): a logistic regression on
 * features of each candidate in its photo, fitted on dumps of models/trials/replay/candidate-dump.ts, and the
 * bar it is read at chosen on those dumps by dice read right minus a cost per phantom.
 */
import { argmaxValue, onDie, replay, turnDie, type DieRule, type Dump, type DumpCandidate, type DumpPhoto, type ReplayScore } from './candidate-replay.ts';

/** Log-odds, kept finite for probabilities of 0 and 1. */
export function logit(p: number): number {
  const q = Math.max(1e-4, Math.min(1 - 1e-4, p));
  return Math.log(q / (1 - q));
}
const side = (c: DumpCandidate) => Math.max(c.box[2], c.box[3]);

/** The features, by name: each a number of the candidate in its photo. */
export const FEATURES: Record<string, (c: DumpCandidate, p: DumpPhoto, ctx: PhotoContext) => number> = {
  die: (c) => logit(1 - c.probs[0]),
  det: (c) => logit(c.score),
  minTurn: (c) => logit(Math.min(...turnDie(c))),
  spread: (c) => {
    const turns = turnDie(c);
    return Math.max(...turns) - Math.min(...turns);
  },
  share: (c) => Math.max(...c.probs.slice(1)) / Math.max(1e-6, 1 - c.probs[0]),
  pipsAgree: (c) => (c.pips === argmaxValue(c.probs) ? 1 : 0),
  noPips: (c) => (c.pips === 0 ? 1 : 0),
  relSize: (c, _p, ctx) => (ctx.sure ? Math.log(side(c) / ctx.sure) : 0),
  noSure: (_c, _p, ctx) => (ctx.sure ? 0 : 1),
};

interface PhotoContext {
  /** Median side of the photo's sure dice (classifier >= 0.9), 0 when none. */
  sure: number;
}
const contexts = new WeakMap<DumpPhoto, PhotoContext>();
function contextOf(p: DumpPhoto): PhotoContext {
  let ctx = contexts.get(p);
  if (!ctx) {
    const sides = p.candidates.filter((c) => 1 - c.probs[0] >= 0.9).map(side).sort((a, b) => a - b);
    ctx = { sure: sides.length ? sides[sides.length >> 1] : 0 };
    contexts.set(p, ctx);
  }
  return ctx;
}

export function featuresFor(names: string[]) {
  for (const n of names) if (!FEATURES[n]) throw new Error(`no feature ${n}: ${Object.keys(FEATURES).join(', ')}`);
  return (c: DumpCandidate, p: DumpPhoto) => names.map((n) => FEATURES[n](c, p, contextOf(p)));
}

/** A fitted verifier: each feature standardised by its mean and spread, then weighed. */
export interface Model {
  mean: number[];
  std: number[];
  w: number[];
  b: number;
}

/** L2-regularised logistic regression by gradient descent, each dump weighted alike. */
export function fit(dumps: Dump[], names: string[] = Object.keys(FEATURES)): Model {
  const featuresOf = featuresFor(names);
  const rows: { x: number[]; y: number; weight: number }[] = [];
  for (const d of dumps) {
    const n = d.photos.reduce((a, p) => a + p.candidates.length, 0);
    for (const p of d.photos) for (const c of p.candidates) rows.push({ x: featuresOf(c, p), y: onDie(c, p) ? 1 : 0, weight: 1 / n });
  }
  const k = names.length;
  const total = rows.reduce((a, r) => a + r.weight, 0);
  const mean = names.map((_, j) => rows.reduce((a, r) => a + r.x[j] * r.weight, 0) / total);
  const std = names.map((_, j) => Math.sqrt(rows.reduce((a, r) => a + (r.x[j] - mean[j]) ** 2 * r.weight, 0) / total) || 1);
  const z = rows.map((r) => r.x.map((v, j) => (v - mean[j]) / std[j]));
  const w = new Array<number>(k).fill(0);
  let b = 0;
  for (let it = 0; it < 2000; it++) {
    const gw = w.map((v) => 1e-3 * v);
    let gb = 0;
    rows.forEach((r, i) => {
      const p = 1 / (1 + Math.exp(-(b + w.reduce((a, v, j) => a + v * z[i][j], 0))));
      const e = ((p - r.y) * r.weight) / total;
      gb += e;
      for (let j = 0; j < k; j++) gw[j] += e * z[i][j];
    });
    for (let j = 0; j < k; j++) w[j] -= 0.5 * gw[j];
    b -= 0.5 * gb;
  }
  return { mean, std, w, b };
}

export function ruleOf(m: Model, names: string[] = Object.keys(FEATURES)): DieRule {
  const featuresOf = featuresFor(names);
  return (c, p) => 1 / (1 + Math.exp(-(m.b + featuresOf(c, p).reduce((a, v, j) => a + (m.w[j] * (v - m.mean[j])) / m.std[j], 0))));
}

export const BARS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95];
/**
 * A phantom's cost when a die bar is chosen across folds: two dice read right, the cost these
 * replays were measured with (sessions 19-40). The app's taught sets have their own, bias.ts
 * PHANTOM_COST (8 since 7 Dec 2026).
 */
export const BAR_PHANTOM_COST = 2;
/** Right dice minus `cost` per phantom, summed over sets with each set's dice weighted alike. */
export const gain = (scores: ReplayScore[], cost = BAR_PHANTOM_COST) => scores.reduce((a, s) => a + (s.right - cost * (s.reported - s.found)) / s.dice, 0);

export function chooseBar(dumps: Dump[], rule: DieRule, cost = BAR_PHANTOM_COST): number {
  let best = BARS[0];
  let bestGain = -Infinity;
  for (const bar of BARS) {
    const g = gain(dumps.flatMap((d) => replay(d.photos, rule, { die: bar })), cost);
    if (g > bestGain) [best, bestGain] = [bar, g];
  }
  return best;
}

