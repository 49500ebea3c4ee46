/**
 * Chooses the reader's thresholds where the reader has never seen the table: each leave-one-out
 * fold's networks (.cache/loso/NAME, models/loso.sh) on the left-out source's train list. Every
 * photo is examined once (detector, classifier, pips); then every combination of thresholds is
 * tried on the cached candidates and ranked by the folds' mean F1 of read right and precision.
 * Test, valid and unseen lists are never touched; the leave-one-out table (models/loso-table.ts)
 * scores the folds on the left-out sets' test lists, and rune55's train list is scored there, not
 * tuned on.
 * With `--models DIR` every list is examined with those networks instead, which were trained on
 * these very photos: thresholds chosen that way are in-sample, and the model card says so.
 * Usage: tsx models/tune.ts [--folds nell-byler,dice-3] [--models DIR] [--every N] [--data ROOT]
 */
import { parseArgs } from 'node:util';
import { readImage } from '../cli/lib/image-file.ts';
import { readLabels, type LabelledDie } from '../cli/lib/yolo-set.ts';
import { diceRoot, namedSet } from '../cli/lib/dice-sets.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { scoreImage, scoreSet } from '../cli/lib/score.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { frameToRgb } from '../vision/detect/frame.ts';
import { decide, examine, DEFAULT_THRESHOLDS, type Candidate, type ReadThresholds } from '../vision/read.ts';

const { values } = parseArgs({
  options: { folds: { type: 'string', default: 'nell-byler,dice-3' }, models: { type: 'string' }, every: { type: 'string', default: '1' }, data: { type: 'string' } },
});
const every = Number(values.every);
const root = values.data ?? diceRoot();
if (!root) throw new Error('dice data not found: pass --data');
const cv = await loadCv();

type Cached = { cands: Candidate[]; labels: LabelledDie[] };
const folds: { name: string; cache: Cached[] }[] = [];
for (const fold of values.folds!.split(',')) {
  const models = await loadModelsFromDisk(values.models ?? `.cache/loso/${fold}`);
  const cache: Cached[] = [];
  for (const item of namedSet(root, `${fold}:train`).items.filter((_, i) => i % every === 0)) {
    const frame = readImage(item.image);
    const rgb = frameToRgb(cv, frame);
    cache.push({ cands: examine(cv, rgb, models, 0.05), labels: readLabels(item.label, frame.width, frame.height) });
    rgb.delete();
  }
  folds.push({ name: fold, cache });
  console.error(`${fold}: ${cache.length} photos examined`);
}

const grid = {
  proposal: [0.05, 0.1, 0.2, 0.3],
  die: [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
  value: [0],
  crossCheck: [0],
  pipSwap: [1.1],
  nms: [0.2, 0.3, 0.4],
  nested: [0.5, 1.01],
};
const score = (cache: Cached[], th: ReadThresholds) =>
  scoreSet(cache.map((c) => ({ score: scoreImage(decide(c.cands.filter((x) => x.score >= th.proposal), th), c.labels), ms: 0 })));
const f1 = (s: ReturnType<typeof scoreSet>) => (2 * s.recall * s.precision) / (s.recall + s.precision || 1);
const results: { th: ReadThresholds; per: ReturnType<typeof scoreSet>[]; mean: number }[] = [];
for (const proposal of grid.proposal)
  for (const die of grid.die)
    for (const value of grid.value)
      for (const crossCheck of grid.crossCheck)
        for (const pipSwap of grid.pipSwap)
          for (const nms of grid.nms)
            for (const nested of grid.nested) {
              const th = { proposal, die, value, crossCheck, pipSwap, nms, nested };
              const per = folds.map((f) => score(f.cache, th));
              results.push({ th, per, mean: per.reduce((s, x) => s + f1(x), 0) / per.length });
            }
results.sort((a, b) => b.mean - a.mean);
const line = (r: { th: ReadThresholds; per: ReturnType<typeof scoreSet>[]; mean: number }) =>
  `${JSON.stringify(r.th)}  mean F1 ${r.mean.toFixed(4)}  ` +
  r.per.map((s, i) => `${folds[i].name}: read right ${s.recall.toFixed(3)} precision ${s.precision.toFixed(3)}`).join('  ');
console.log('current defaults:');
const cur = folds.map((f) => score(f.cache, DEFAULT_THRESHOLDS));
console.log(line({ th: DEFAULT_THRESHOLDS, per: cur, mean: cur.reduce((s, x) => s + f1(x), 0) / cur.length }));
console.log(values.models ? 'best on the train lists (in-sample):' : 'best on the left-out train lists:');
for (const r of results.slice(0, 8)) console.log(line(r));
