import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readImage } from '../../../cli/lib/image-file.ts';
import { diceDataDir, listSet, readLabels } from '../../../cli/lib/yolo-set.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { allTurnsOfBox, CONTEXT } from '../../../vision/classify/crop.ts';
import { CROP } from '../../../vision/classify/nets.ts';
import { cropsOfPatch, cutPatch, variants, PATCH, PATCH_BYTES, SPAN } from '../../../vision/adapt/patch.ts';

const dir = diceDataDir();

describe.skipIf(!dir)('a taught die kept as a patch', () => {
  it('gives again the crops the reader cuts from the frame, in each quarter turn, pixel for pixel', async () => {
    // PATCH / SPAN = CROP / CONTEXT: the patch samples the frame on the reader's crop grid, so the
    // quarter turns cut from it are the reader's crops but for a rounding of where a sample falls
    // (warpAffine places samples to 1/32 pixel). Dice as photographed (about 30 px) and three times
    // as large, where both are sampled finer first and averaged down (there the first turn alone).
    const cv = await loadCv();
    const item = listSet(join(dir!, 'images'), join(dir!, 'labels'), join(dir!, 'train.txt'))[0];
    const frame = readImage(item.image);
    const small = frameToRgb(cv, frame);
    const large = new cv.Mat();
    cv.resize(small, large, new cv.Size(frame.width * 3, frame.height * 3), 0, 0, cv.INTER_LINEAR);
    try {
      for (const [rgb, scale] of [[small, 1], [large, 3]] as const) {
        for (const l of readLabels(item.label, frame.width, frame.height).slice(0, 4)) {
          const box = l.box.map((x) => x * scale) as typeof l.box;
          const patch = cutPatch(cv, rgb, box);
          expect(patch.length).toBe(PATCH_BYTES);
          const again = cropsOfPatch(cv, patch, variants(0).slice(0, 4));
          const read = allTurnsOfBox(cv, rgb, box);
          again.forEach((crop, k) => {
            let sum = 0;
            let most = 0;
            for (let i = 0; i < crop.length; i++) {
              const d = Math.abs(crop[i] - read[k][i]);
              sum += d;
              most = Math.max(most, d);
            }
            if (scale === 1 || k === 0) {
              expect(most).toBeLessThanOrEqual(4);
              expect(sum / crop.length).toBeLessThan(0.05);
            } else {
              // A big die's other turns: the reader turns its finer grid about a point the patch's
              // averaged pixels straddle, so they come out half a crop pixel apart (as with the
              // old span, 1.9, which was no closer).
              expect(sum / crop.length).toBeLessThan(10);
            }
          });
        }
      }
    } finally {
      small.delete();
      large.delete();
    }
  });

  it('keeps the reader\'s crop grid (PATCH / SPAN = CROP / CONTEXT)', () => {
    expect(PATCH / SPAN).toBeCloseTo(CROP / CONTEXT, 10);
  });

  it('varies the loose crops by die, the same for the same die', () => {
    expect(variants(3)).toEqual(variants(3));
    expect(variants(3).slice(4)).not.toEqual(variants(4).slice(4));
    expect(variants(3).slice(0, 4).map((v) => v.angle)).toEqual([0, 90, 180, 270]);
  });
});
