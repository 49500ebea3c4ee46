import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readImage } from '../../../cli/lib/image-file.ts';
import { diceDataDir, listSet, readLabels } from '../../../cli/lib/yolo-set.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { allTurnsOfBox } from '../../../vision/classify/crop.ts';
import { cropsOfPatch, cutPatch, variants, PATCH_BYTES } from '../../../vision/adapt/patch.ts';

const dir = diceDataDir();

describe.skipIf(!dir)('a taught die kept as a patch', () => {
  it('gives again the crops the reader cuts from the frame, in each quarter turn', async () => {
    const cv = await loadCv();
    const item = listSet(join(dir!, 'images'), join(dir!, 'labels'), join(dir!, 'train.txt'))[0];
    const frame = readImage(item.image);
    const rgb = frameToRgb(cv, frame);
    try {
      for (const l of readLabels(item.label, frame.width, frame.height).slice(0, 4)) {
        const patch = cutPatch(cv, rgb, l.box);
        expect(patch.length).toBe(PATCH_BYTES);
        const again = cropsOfPatch(cv, patch, variants(0).slice(0, 4));
        const read = allTurnsOfBox(cv, rgb, l.box);
        again.forEach((crop, k) => {
          const direct = read[k];
          let diff = 0;
          for (let i = 0; i < crop.length; i++) diff += Math.abs(crop[i] - direct[i]);
          // Resampled twice instead of once: a little softer, never another picture.
          expect(diff / crop.length).toBeLessThan(4);
        });
      }
    } finally {
      rgb.delete();
    }
  });

  it('varies the loose crops by die, the same for the same die', () => {
    expect(variants(3)).toEqual(variants(3));
    expect(variants(3).slice(4)).not.toEqual(variants(4).slice(4));
    expect(variants(3).slice(0, 4).map((v) => v.angle)).toEqual([0, 90, 180, 270]);
  });
});
