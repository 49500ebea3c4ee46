/**
 * The crops of a taught dice set for fine-tuning the whole classifier on one table: each box of
 * scripts/taught-boxes.ts (the first N labelled dice of a set and the boxes taught as "not a die")
 * cut at itself and 7 jittered boxes (size x0.9-1.15, centre +-8 %), each in its four turns as the
 * reader cuts them, written as a make-data output (cls_x.bin, cls_y.bin, nets.json) for
 * `models/train.py --cls-init`. Prints the index of the last photo taught from (scoring starts after it).
 *   npx tsx models/trials/table-finetune/crops.ts DUMP SET N OUT_DIR [LABEL_FIXES]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diceRoot, namedSet, readLabelledPhoto } from '../../../cli/lib/dice-sets.ts';
import { parseLabelFixes } from '../../../cli/lib/yolo-set.ts';
import { allTurnsOfBox } from '../../../vision/classify/crop.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import type { Box } from '../../../vision/detect/boxes.ts';
import * as nets from '../../../vision/classify/nets.ts';
import { createRng } from '../../../engine/core/rng.ts';
import type { Dump } from '../../../scripts/candidate-replay.ts';
import { teachFirst } from '../../../scripts/taught-boxes.ts';

const [dumpFile, setName, n, out, fixesFile] = process.argv.slice(2);
if (!out) throw new Error('usage: npx tsx models/trials/table-finetune/crops.ts DUMP SET N OUT_DIR [LABEL_FIXES]');
const photos = (JSON.parse(readFileSync(dumpFile, 'utf8')) as Dump).photos.filter((p) => p.set === setName);
const { taught, last } = teachFirst(photos, Number(n));
const fixes = fixesFile ? parseLabelFixes(readFileSync(fixesFile, 'utf8')) : [];
const set = namedSet(diceRoot()!, setName);
const cv = await loadCv();
const rng = createRng(7); // the same jitter every run
const random = () => rng.next();
const jittered = ([x, y, w, h]: Box, first: boolean): Box => {
  if (first) return [x, y, w, h];
  const s = 0.9 + 0.25 * random();
  return [x + (w - w * s) / 2 + (random() - 0.5) * 0.16 * w, y + (h - h * s) / 2 + (random() - 0.5) * 0.16 * h, w * s, h * s];
};
const crops: Uint8Array[] = [];
const labels: number[] = [];
for (let roll = 0; roll <= last; roll++) {
  const item = set.items.find((it) => it.image === photos[roll].image)!;
  const rgb = frameToRgb(cv, readLabelledPhoto(item, roll, fixes).frame);
  try {
    for (const t of taught.filter((b) => b.roll === roll && b.box))
      for (let j = 0; j < 8; j++)
        for (const c of allTurnsOfBox(cv, rgb, jittered(t.box!, j === 0))) {
          crops.push(c);
          labels.push(t.value);
        }
  } finally {
    rgb.delete();
  }
}
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'cls_x.bin'), Buffer.concat(crops.map((c) => Buffer.from(c))));
writeFileSync(join(out, 'cls_y.bin'), Uint8Array.from(labels));
const { detectorNet: _d, classifierNet: _c, ...specs } = nets;
writeFileSync(join(out, 'nets.json'), JSON.stringify(specs));
console.log(last);
