/**
 * The pip layout trial's data: every die the shipped reader reports on a list, matched to its
 * label (schiri eval's matching), with the network's probabilities and how its pips lie
 * (vision/classify/layout.ts). Replayed by choose.ts, so the veto's rule and thresholds are chosen
 * without reading the photos again. Training lists only for choosing; test lists to measure.
 *
 *   npx tsx models/trials/pip-layout/dump.ts OUT.json nell-byler:train rune55:train dice-3:train/3
 *
 * `SET/K` takes every K-th photo of the list.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { diceRoot, namedSet, readLabelledPhoto } from '../../../cli/lib/dice-sets.ts';
import { loadModelsFromDisk } from '../../../cli/lib/models.ts';
import { matchDice } from '../../../cli/lib/score.ts';
import { parseLabelFixes } from '../../../cli/lib/yolo-set.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { decide, examine, DEFAULT_THRESHOLDS } from '../../../vision/read.ts';

const [out, ...specs] = process.argv.slice(2);
const fixes = ['models/nell-byler-label-fixes.json', 'models/dice-3-label-fixes.json'].flatMap((f) => parseLabelFixes(readFileSync(f, 'utf8')));
const models = await loadModelsFromDisk();
const cv = await loadCv();
const th = DEFAULT_THRESHOLDS;
const rows: unknown[] = [];
for (const spec of specs) {
  const [name, every = '1'] = spec.split('/');
  const items = namedSet(diceRoot()!, name).items.filter((_, i) => i % Number(every) === 0);
  for (const [index, item] of items.entries()) {
    const { frame, labels } = readLabelledPhoto(item, index, fixes);
    const rgb = frameToRgb(cv, frame);
    const cands = examine(cv, rgb, models, th.proposal, { minDie: th.die, layout: true });
    rgb.delete();
    const dice = decide(cands, th);
    for (const [j, i] of matchDice(dice, labels)) {
      const c = cands.find((k) => k.box.every((v, q) => v === dice[i].box[q]))!;
      rows.push({ set: name, image: item.image.split('/').pop(), truth: labels[j].value, read: dice[i].value, probs: Array.from(c.probs).map((p) => +p.toFixed(4)), pips: c.face.pips, layout: c.layout });
    }
  }
  console.error(`${name}: ${items.length} photos, ${rows.length} dice so far`);
}
writeFileSync(out, JSON.stringify(rows));
