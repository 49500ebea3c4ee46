/**
 * A taught dice set as a small head on the classifier's `gap` features, replayed over dumps of
 * `models/trials/replay/candidate-dump.ts --features` (models/trials/table-finetune/README.md, "A head on the classifier's features,
 * and the classifier fine-tuned per table"): the head adds `W f + b` to each turn's log
 * probabilities (`full`: one shift a class; `die`: one shift of every value against "not a die"),
 * fitted on the taught boxes by weighted cross-entropy with an L2 pull towards no change, then
 * the turns pooled as the reader pools them. Beside it, the app's own adjustment (the table's die
 * bar, vision/adapt/teach.ts chooseBias) on the same taught boxes.
 *
 * The taught boxes: models/trials/table-finetune/taught-boxes.ts (eval's rules without the asked rolls, so the bar's
 * rows can differ from eval's). Scored on the photos after the last one taught. `--n all` fits every candidate of the set and
 * scores it in-sample: the most any head on these features could do for that table.
 *
 *   npx tsx models/trials/table-finetune/residual-head-replay.ts .cache/dumps/nell-byler-fold-feat.json --n 6,12,24 --die-weight 10
 *   npx tsx models/trials/table-finetune/residual-head-replay.ts .cache/dumps/rune55-fold-feat.json --n all --lambda 0 --kind full --steps 2000
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { probsOfTurns } from '../../../vision/read.ts';
import { chooseBias, type Looked } from '../../../vision/adapt/teach.ts';
import { raiseDieness } from '../../../vision/adapt/bias.ts';
import { fmt, replayProbs, type Dump } from '../replay/candidate-replay.ts';
import { ALL, teachFirst, type TaughtBox } from './taught-boxes.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    n: { type: 'string', default: '6,12,24' },
    lambda: { type: 'string', default: '0.03,0.3,1' },
    kind: { type: 'string', default: 'die,full' },
    steps: { type: 'string', default: '300' },
    'die-weight': { type: 'string', default: '1' },
  },
});
if (!positionals.length) throw new Error('usage: npx tsx models/trials/table-finetune/residual-head-replay.ts DUMP.json ... [--n 6,12,24|all] [--lambda L,...] [--kind die,full] [--steps S] [--die-weight W]');
const NS = values.n === 'all' ? [ALL] : values.n!.split(',').map(Number);
const LAMBDAS = values.lambda!.split(',').map(Number);
const KINDS = values.kind!.split(',') as HeadKind[];
const STEPS = Number(values.steps);
/** How much the taught dice weigh, all together, against the boxes taught as "not a die" (each side sums to its weight). */
const DIE_WEIGHT = Number(values['die-weight']);
const LEAST = 1e-7;

type HeadKind = 'die' | 'full';

function softmax(z: Float64Array): Float64Array {
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

/** A head fitted on the taught boxes' turns: a turn's features and probabilities to its new probabilities. */
function fitHead(taught: TaughtBox[], kind: HeadKind, lambda: number): (f: ArrayLike<number>, p: ArrayLike<number>) => Float32Array {
  const seen = taught.filter((t) => !t.missed);
  const dice = seen.filter((t) => t.value > 0).length;
  const none = seen.length - dice;
  const rows = seen.flatMap((t) =>
    t.features.map((f, k) => ({ f, lp: Float64Array.from(t.probs[k], (x) => Math.log(Math.max(LEAST, x))), y: t.value, w: (t.value > 0 ? DIE_WEIGHT / Math.max(1, dice) : 1 / Math.max(1, none)) / t.features.length })),
  );
  const D = rows[0]?.f.length ?? 0;
  const C = kind === 'full' ? 7 : 1;
  // Features divided by their mean length, so one lambda means the same for every classifier.
  const scale = rows.reduce((a, r) => a + Math.hypot(...r.f), 0) / Math.max(1, rows.length) || 1;
  const theta = new Float64Array(C * (D + 1)); // per class: D weights, then the bias
  const shifts = (f: ArrayLike<number>) => Array.from({ length: C }, (_, c) => {
    let s = theta[c * (D + 1) + D];
    for (let d = 0; d < D; d++) s += (theta[c * (D + 1) + d] * f[d]) / scale;
    return s;
  });
  const shifted = (lp: Float64Array, add: number[]) => lp.map((v, j) => v + (kind === 'full' ? add[j] : j > 0 ? add[0] : 0));
  const m = new Float64Array(theta.length);
  const v = new Float64Array(theta.length);
  const lr = 0.02;
  for (let step = 1; step <= STEPS && rows.length; step++) {
    const g = theta.map((t) => 2 * lambda * t);
    for (const r of rows) {
      const q = softmax(shifted(r.lp, shifts(r.f)));
      q[r.y] -= 1; // d loss / d logits
      const gc = kind === 'full' ? Array.from(q) : [q.slice(1).reduce((a, b) => a + b, 0)];
      for (let c = 0; c < C; c++) {
        for (let d = 0; d < D; d++) g[c * (D + 1) + d] += (r.w * gc[c] * r.f[d]) / scale;
        g[c * (D + 1) + D] += r.w * gc[c];
      }
    }
    for (let i = 0; i < theta.length; i++) {
      m[i] = 0.9 * m[i] + 0.1 * g[i];
      v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i];
      theta[i] -= (lr * m[i]) / (1 - 0.9 ** step) / (Math.sqrt(v[i] / (1 - 0.999 ** step)) + 1e-8);
    }
  }
  return (f, p) => Float32Array.from(softmax(shifted(Float64Array.from(p, (x) => Math.log(Math.max(LEAST, x))), shifts(f))));
}

for (const file of positionals) {
  const dump = JSON.parse(readFileSync(file, 'utf8')) as Dump;
  if (!dump.photos.some((p) => p.candidates[0]?.turnFeatures)) throw new Error(`${file} has no features: make it with candidate-dump.ts --features`);
  console.log(`\n${file} (${dump.models}); die weight ${DIE_WEIGHT}, ${STEPS} steps`);
  for (const set of [...new Set(dump.photos.map((p) => p.set))]) {
    const photos = dump.photos.filter((p) => p.set === set);
    for (const n of NS) {
      const { taught, last } = teachFirst(photos, n);
      const scored = n === ALL ? photos : photos.slice(last + 1);
      const looked: Looked[] = taught.map((t, die) => ({ die, ...t }));
      const bias = chooseBias(looked);
      const plain = replayProbs(scored, (c) => probsOfTurns(c.turnProbs))[0];
      const barred = replayProbs(scored, (c) => probsOfTurns(c.turnProbs.map((p) => raiseDieness(Float32Array.from(p), bias))))[0];
      const dice = taught.filter((t) => t.value > 0);
      const cells = [
        set,
        n === ALL ? 'all (in-sample)' : `N ${n}`,
        `${last + 1} photos: ${dice.length} dice (${dice.filter((t) => t.missed).length} missed), ${taught.length - dice.length} not a die`,
        `plain ${fmt(plain)}`,
        `bar +${bias} ${fmt(barred)}`,
      ];
      for (const kind of KINDS)
        for (const lambda of LAMBDAS) {
          const t0 = performance.now();
          const head = fitHead(taught, kind, lambda);
          const ms = performance.now() - t0;
          const s = replayProbs(scored, (c) => probsOfTurns(c.turnProbs.map((p, k) => head(c.turnFeatures![k], p))))[0];
          cells.push(`${kind} λ${lambda} ${fmt(s)} (${ms.toFixed(0)} ms)`);
        }
      console.log(`| ${cells.join(' | ')} |`);
    }
  }
}
