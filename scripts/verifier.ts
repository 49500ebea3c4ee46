/**
 * Can a small "is it a die" verifier, fitted on how readers behave on tables they never saw, do
 * better than the classifier's own die probability? Each dump (scripts/candidate-dump.ts) is a
 * leave-one-set-out fold reader on its left-out set. Nested: for each fold, a logistic regression
 * on the candidates' features is fitted on the other folds' dumps only, its bar chosen there, and
 * it is scored on the fold's own dump by `decide()` (scripts/candidate-replay.ts). Nothing is
 * chosen on the dump it is scored on.
 *
 *   npx tsx scripts/verifier.ts .cache/dumps/nell-byler.json .cache/dumps/rune55.json .cache/dumps/dice-3.json
 *   npx tsx scripts/verifier.ts --fit-all --apply .cache/dumps/shipped-rune55-unseen.json DUMPS...
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { classifierDie, fmt, onDie, replay, type DieRule, type Dump, type DumpCandidate, type DumpPhoto, type ReplayScore } from './candidate-replay.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'fit-all': { type: 'boolean' }, apply: { type: 'string' }, features: { type: 'string' }, cost: { type: 'string' } },
});
/** A phantom costs this many dice read right when a bar is chosen (vision/adapt/bias.ts's PHANTOM_COST). */
const COST = Number(values.cost ?? 2);
const logit = (p: number) => Math.log(Math.max(1e-4, Math.min(1 - 1e-4, p)) / (1 - Math.max(1e-4, Math.min(1 - 1e-4, p))));
const side = (c: DumpCandidate) => Math.max(c.box[2], c.box[3]);

/** The features, by name: each a number of the candidate in its photo. */
const FEATURES: Record<string, (c: DumpCandidate, p: DumpPhoto, ctx: PhotoContext) => number> = {
  die: (c) => logit(1 - c.probs[0]),
  det: (c) => logit(c.score),
  minTurn: (c) => logit(Math.min(...c.turns)),
  spread: (c) => Math.max(...c.turns) - Math.min(...c.turns),
  share: (c) => Math.max(...c.probs.slice(1)) / Math.max(1e-6, 1 - c.probs[0]),
  pipsAgree: (c) => (c.pips === argmaxValue(c) ? 1 : 0),
  noPips: (c) => (c.pips === 0 ? 1 : 0),
  relSize: (c, _p, ctx) => (ctx.sure ? Math.log(side(c) / ctx.sure) : 0),
  noSure: (_c, _p, ctx) => (ctx.sure ? 0 : 1),
};
const argmaxValue = (c: DumpCandidate) => [1, 2, 3, 4, 5, 6].reduce((a, b) => (c.probs[b] > c.probs[a] ? b : a));

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

const names = values.features ? values.features.split(',') : Object.keys(FEATURES);
for (const n of names) if (!FEATURES[n]) throw new Error(`no feature ${n}: ${Object.keys(FEATURES).join(', ')}`);
const featuresOf = (c: DumpCandidate, p: DumpPhoto) => names.map((n) => FEATURES[n](c, p, contextOf(p)));

interface Model {
  mean: number[];
  std: number[];
  w: number[];
  b: number;
  bar: number;
}

/** L2-regularised logistic regression by gradient descent, each dump weighted alike. */
function fit(dumps: Dump[]): Omit<Model, 'bar'> {
  const rows: { x: number[]; y: number; weight: number }[] = [];
  for (const d of dumps) {
    const n = d.photos.reduce((a, p) => a + p.candidates.length, 0);
    for (const p of d.photos) for (const c of p.candidates) rows.push({ x: featuresOf(c, p), y: onDie(c, p) ? 1 : 0, weight: 1 / n });
  }
  const k = names.length;
  const mean = names.map((_, j) => rows.reduce((a, r) => a + r.x[j] * r.weight, 0) / rows.reduce((a, r) => a + r.weight, 0));
  const std = names.map((_, j) => Math.sqrt(rows.reduce((a, r) => a + (r.x[j] - mean[j]) ** 2 * r.weight, 0) / rows.reduce((a, r) => a + r.weight, 0)) || 1);
  const z = rows.map((r) => r.x.map((v, j) => (v - mean[j]) / std[j]));
  const total = rows.reduce((a, r) => a + r.weight, 0);
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

const ruleOf = (m: Omit<Model, 'bar'>): DieRule => (c, p) => {
  const x = featuresOf(c, p);
  return 1 / (1 + Math.exp(-(m.b + x.reduce((a, v, j) => a + (m.w[j] * (v - m.mean[j])) / m.std[j], 0))));
};

const BARS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95];
/** Right dice minus COST per phantom, summed over sets with each set's dice weighted alike. */
const gain = (scores: ReplayScore[]) => scores.reduce((a, s) => a + (s.right - COST * (s.reported - s.found)) / s.dice, 0);

function chooseBar(dumps: Dump[], rule: DieRule): number {
  let best = BARS[0];
  let bestGain = -Infinity;
  for (const bar of BARS) {
    const g = gain(dumps.flatMap((d) => replay(d.photos, rule, { die: bar })));
    if (g > bestGain) [best, bestGain] = [bar, g];
  }
  return best;
}

const dumps: Dump[] = positionals.map((f) => JSON.parse(readFileSync(f, 'utf8')));
const label = (d: Dump) => d.models;
console.log(`features: ${names.join(', ')}; phantom cost ${COST}`);
if (values['fit-all']) {
  const m = fit(dumps);
  const rule = ruleOf(m);
  const bar = chooseBar(dumps, rule);
  console.log(`fitted on ${dumps.map(label).join(', ')}; bar ${bar}`);
  console.log(`weights (standardised): ${names.map((n, j) => `${n} ${m.w[j].toFixed(2)}`).join(', ')}, bias ${m.b.toFixed(2)}`);
  if (values.apply) {
    const target: Dump = JSON.parse(readFileSync(values.apply, 'utf8'));
    for (const [a, b] of replay(target.photos, classifierDie).map((s, i) => [s, replay(target.photos, rule, { die: bar })[i]])) {
      console.log(`| ${target.models} | ${a.set} | ${fmt(a)} | ${fmt(b)} |`);
    }
  }
} else {
  console.log('| left-out fold | set | classifier (bar 0.9) | verifier fitted on the other folds (bar chosen there) | verifier at each bar ' + BARS.join(' / ') + ' |');
  console.log('|---|---|---|---|---|');
  for (const [i, d] of dumps.entries()) {
    const others = dumps.filter((_, j) => j !== i);
    const m = fit(others);
    const rule = ruleOf(m);
    const bar = chooseBar(others, rule);
    const base = replay(d.photos, classifierDie);
    const mine = replay(d.photos, rule, { die: bar });
    const sweep = BARS.map((b) => replay(d.photos, rule, { die: b }));
    base.forEach((s, k) => console.log(`| ${label(d)} | ${s.set} | ${fmt(s)} | ${fmt(mine[k])} (bar ${bar}) | ${sweep.map((r) => fmt(r[k])).join(' ; ')} |`));
    console.log(`   weights: ${names.map((n, j) => `${n} ${m.w[j].toFixed(2)}`).join(', ')}`);
  }
}
