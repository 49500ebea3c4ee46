/**
 * Boxes of a set's photos cut as the reader cuts them (each in its four turns), at the box and at
 * jittered copies of it (size x0.9-1.15, centre +-8 %), written as a make-data output (cls_x.bin,
 * cls_y.bin, nets.json) for `models/train.py --cls-init`.
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

export interface BoxToCut {
  /** The photo's file, as the dump names it. */
  image: string;
  box: Box;
  /** 0 not a die, 1-6 the value. */
  value: number;
}

export async function writeCrops(setName: string, boxes: BoxToCut[], out: string, copies: number, fixesFile?: string): Promise<number> {
  const fixes = fixesFile ? parseLabelFixes(readFileSync(fixesFile, 'utf8')) : [];
  const set = namedSet(diceRoot()!, setName);
  const cv = await loadCv();
  const rng = createRng(7); // the same jitter every run
  const jittered = ([x, y, w, h]: Box): Box => {
    const s = 0.9 + 0.25 * rng.next();
    return [x + (w - w * s) / 2 + (rng.next() - 0.5) * 0.16 * w, y + (h - h * s) / 2 + (rng.next() - 0.5) * 0.16 * h, w * s, h * s];
  };
  const crops: Uint8Array[] = [];
  const labels: number[] = [];
  for (const [index, item] of set.items.entries()) {
    const here = boxes.filter((b) => b.image === item.image);
    if (!here.length) continue;
    const rgb = frameToRgb(cv, readLabelledPhoto(item, index, fixes).frame);
    try {
      for (const b of here)
        for (let j = 0; j < copies; j++)
          for (const c of allTurnsOfBox(cv, rgb, j === 0 ? b.box : jittered(b.box))) {
            crops.push(c);
            labels.push(b.value);
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
  return crops.length;
}
