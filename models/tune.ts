/**
 * Chooses the reader's thresholds on nell-byler train.txt (never test.txt): examines every
 * training photo once (detector, classifier, pips), then tries every combination of thresholds
 * on the cached candidates and ranks them by images read completely right, then per-die recall.
 * Usage: tsx models/tune.ts [--data DIR] [--list train.txt]
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readImage } from '../cli/lib/image-file.ts';
import { diceDataDir, labelsMisfit, listSet, readLabels, type LabelledDie } from '../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { scoreImage, scoreSet } from '../cli/lib/score.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { frameToRgb } from '../vision/detect/frame.ts';
import { decide, examine, DEFAULT_THRESHOLDS, type Candidate, type ReadThresholds } from '../vision/read.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, list: { type: 'string', default: 'train.txt' }, turns: { type: 'string' } } });
const dir = values.data ?? diceDataDir();
if (!dir) throw new Error('dice photos not found: pass --data');
if (values.list === 'test.txt') throw new Error('thresholds are chosen on train.txt only');
const cv = await loadCv();
const models = await loadModelsFromDisk();
const cache: { cands: Candidate[]; labels: LabelledDie[] }[] = [];
for (const item of listSet(join(dir, 'images'), join(dir, 'labels'), resolve(dir, values.list!))) {
  const frame = readImage(item.image);
  const labels = readLabels(item.label, frame.width, frame.height);
  const misfit = labelsMisfit(labels);
  if (misfit) {
    console.error(`skipped ${item.image}: its labels do not fit it (${misfit})`);
    continue;
  }
  const rgb = frameToRgb(cv, frame);
  cache.push({ cands: examine(cv, rgb, models, 0.05, 0, values.turns ? Number(values.turns) : undefined), labels });
  rgb.delete();
}

const grid = {
  proposal: [0.05, 0.1, 0.2, 0.3],
  die: [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
  value: [0, 0.3, 0.4, 0.5, 0.6],
  crossCheck: [0, 0.5, 0.7, 0.9],
  pipSwap: [0, 0.3, 0.6, 1.1],
  nms: [0.3],
};
const evaluate = (th: ReadThresholds) =>
  scoreSet(cache.map((c) => ({ score: scoreImage(decide(c.cands.filter((x) => x.score >= th.proposal), th), c.labels), ms: 0 })));
const results: { th: ReadThresholds; s: ReturnType<typeof scoreSet> }[] = [];
for (const proposal of grid.proposal)
  for (const die of grid.die)
    for (const value of grid.value)
      for (const crossCheck of grid.crossCheck)
        for (const pipSwap of grid.pipSwap)
          for (const nms of grid.nms) {
            const th = { proposal, die, value, crossCheck, pipSwap, nms };
            results.push({ th, s: evaluate(th) });
          }
results.sort((a, b) => b.s.imagesAllRight - a.s.imagesAllRight || b.s.recall - a.s.recall || b.s.precision - a.s.precision);
const line = (r: (typeof results)[number]) =>
  `${JSON.stringify(r.th)}  all right ${r.s.imagesAllRight}/${r.s.images}  recall ${r.s.recall.toFixed(4)}  precision ${r.s.precision.toFixed(4)}  value acc ${r.s.valueAccuracy.toFixed(4)}`;
console.log('current defaults:');
console.log(line({ th: DEFAULT_THRESHOLDS, s: evaluate(DEFAULT_THRESHOLDS) }));
console.log('best on ' + values.list + ':');
for (const r of results.slice(0, 8)) console.log(line(r));
