/**
 * Training data for the dice reader from a YOLO-labelled set (by default nell-byler's train.txt):
 * - det.bin: each image at the detector's input scale (RGB bytes), det.json: sizes and die boxes;
 * - cls_x.bin / cls_y.bin: classifier crops (CROP x CROP RGB) with their class (0 = not a die,
 *   k = value k): jittered, turned crops of every labelled die, and crops of the table, the tray
 *   and half-dice that overlap no die by more than IoU 0.3 (the "not a die" class); with
 *   --detector, also crops cut where that detector puts its boxes (the boxes the classifier gets
 *   at run time), labelled by the die they overlap at IoU >= 0.5, "not a die" below 0.3.
 * Usage: tsx models/make-data.ts [--data DIR] [--list train.txt] [--out .cache/dice-data]
 *        [--part detector|classifier|both] [--detector models/dice]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readImage } from '../cli/lib/image-file.ts';
import { labelsMisfit, listSet, readLabels } from '../cli/lib/yolo-set.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { detectorInput, frameToRgb } from '../vision/detect/frame.ts';
import { CONTEXT, cropSquare } from '../vision/classify/crop.ts';
import * as nets from '../vision/classify/nets.ts';
import { iou, type Box } from '../vision/detect/boxes.ts';
import { propose } from '../vision/detect/detector.ts';
import { loadDetectorFromDisk } from '../cli/lib/models.ts';
import { createRng } from '../engine/core/rng.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/data/dice/nell-byler' },
    list: { type: 'string', default: 'train.txt' },
    out: { type: 'string', default: '.cache/dice-data' },
    'jitter-per-die': { type: 'string', default: '10' },
    'negatives-per-image': { type: 'string', default: '70' },
    'crops-per-proposal': { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
    part: { type: 'string', default: 'both' },
    detector: { type: 'string' },
  },
});
const part = values.part!;
if (!['detector', 'classifier', 'both'].includes(part)) throw new Error(`--part: detector, classifier or both, not ${part}`);
const detector = values.detector ? await loadDetectorFromDisk(values.detector) : undefined;
const cv = await loadCv();
const rng = createRng(Number(values.seed));
const rand = (lo: number, hi: number) => lo + (hi - lo) * rng.next();
const set = listSet(join(values.data!, 'images'), join(values.data!, 'labels'), resolve(values.data!, values.list!));
mkdirSync(values.out!, { recursive: true });

const det: Uint8Array[] = [];
const detMeta: { name: string; width: number; height: number; boxes: number[][] }[] = [];
const clsX: Uint8Array[] = [];
const clsY: number[] = [];
const perDie = Number(values['jitter-per-die']);
const negPerImage = Number(values['negatives-per-image']);
const perProposal = Number(values['crops-per-proposal']);
let skipped = 0;

for (const item of set) {
  const frame = readImage(item.image);
  const dice = readLabels(item.label, frame.width, frame.height);
  const misfit = labelsMisfit(dice);
  if (misfit) {
    console.error(`skipped ${item.image}: its labels do not fit it (${misfit})`);
    skipped++;
    continue;
  }
  const rgb = frameToRgb(cv, frame);
  const d = detectorInput(cv, rgb);
  if (part !== 'classifier') {
    det.push(d.data);
    detMeta.push({ name: item.image, width: d.width, height: d.height, boxes: dice.map((x) => [...x.box, x.value]) });
  }
  if (part === 'detector') {
    rgb.delete();
    continue;
  }
  for (const p of detector ? propose(detector, d, 0.05) : []) {
    const best = Math.max(0, ...dice.map((x) => iou(p.box, x.box)));
    if (best >= 0.3 && best < 0.5) continue; // neither clearly this die nor clearly none
    const value = best >= 0.5 ? dice.find((x) => iou(p.box, x.box) === best)!.value : 0;
    const [x, y, w, h] = p.box;
    for (let k = 0; k < perProposal; k++) {
      clsX.push(cropSquare(cv, rgb, x + w / 2, y + h / 2, Math.max(w, h) * CONTEXT, rand(0, 360)));
      clsY.push(value);
    }
  }
  for (const die of dice) {
    const [x, y, w, h] = die.box;
    const side = Math.max(w, h);
    for (let k = 0; k < perDie; k++) {
      // The jitter a detector box shows: centre off by up to 12 % of the side, size by -15..+20 %.
      const cx = x + w / 2 + rand(-0.12, 0.12) * side;
      const cy = y + h / 2 + rand(-0.12, 0.12) * side;
      clsX.push(cropSquare(cv, rgb, cx, cy, side * CONTEXT * rand(0.85, 1.2), rand(0, 360)));
      clsY.push(die.value);
    }
  }
  const sides = dice.map((x) => Math.max(x.box[2], x.box[3]));
  let made = 0;
  for (let tries = 0; made < negPerImage && tries < negPerImage * 20; tries++) {
    const side = sides.length ? sides[Math.floor(rng.next() * sides.length)] * rand(0.7, 1.3) : rand(20, 70);
    // Half the negatives near a die (half-dice, two dice at once), half anywhere.
    let cx: number, cy: number;
    if (dice.length && rng.next() < 0.5) {
      const b = dice[Math.floor(rng.next() * dice.length)].box;
      cx = b[0] + b[2] / 2 + rand(-1.2, 1.2) * side;
      cy = b[1] + b[3] / 2 + rand(-1.2, 1.2) * side;
    } else {
      cx = rand(0, frame.width);
      cy = rand(0, frame.height);
    }
    const box: Box = [cx - side / 2, cy - side / 2, side, side];
    if (dice.some((x) => iou(box, x.box) > 0.3)) continue;
    clsX.push(cropSquare(cv, rgb, cx, cy, side * CONTEXT, rand(0, 360)));
    clsY.push(0);
    made++;
  }
  rgb.delete();
}

const cat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const { detectorNet: _d, classifierNet: _c, ...specs } = nets;
writeFileSync(join(values.out!, 'nets.json'), JSON.stringify(specs));
if (part !== 'classifier') {
  writeFileSync(join(values.out!, 'det.bin'), cat(det));
  writeFileSync(join(values.out!, 'det.json'), JSON.stringify(detMeta));
}
if (part !== 'detector') {
  writeFileSync(join(values.out!, 'cls_x.bin'), cat(clsX));
  writeFileSync(join(values.out!, 'cls_y.bin'), Uint8Array.from(clsY));
}
console.log(`${set.length - skipped} images, ${clsY.length} crops (${clsY.filter((y) => y === 0).length} not a die) -> ${values.out}`);
