import { describe, expect, it } from 'vitest';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { cutPatch, PATCH_BYTES } from '../../../vision/adapt/patch.ts';
import { patchAt } from '../../../vision/adapt/sample.ts';
import { onTable, rolls } from './miwin-table.ts';

describe('a taught die’s patch cut without OpenCV', () => {
  it('is the patch OpenCV cuts, in the middle of the picture and at its edge, small and big', async () => {
    const cv = await loadCv();
    const frame = onTable(rolls(3, 1)[0], 0);
    const rgb = frameToRgb(cv, frame);
    try {
      // The last two so big that both sample them finer first and average down (oversample.ts).
      for (const box of [[150, 200, 40, 40], [300.5, 120.25, 33, 41], [-10, 460, 30, 30], [200.4, 150.7, 90, 88], [100, 80, 200, 190]] as [number, number, number, number][]) {
        const a = patchAt(frame, box);
        const b = cutPatch(cv, rgb, box);
        expect(a.length).toBe(PATCH_BYTES);
        let max = 0;
        let sum = 0;
        for (let i = 0; i < a.length; i++) {
          max = Math.max(max, Math.abs(a[i] - b[i]));
          sum += Math.abs(a[i] - b[i]);
        }
        // OpenCV interpolates at 1/32 of a pixel in fixed point: a few levels apart on sharp edges, none on the whole.
        expect(max).toBeLessThanOrEqual(4);
        expect(sum / a.length).toBeLessThan(0.5);
      }
    } finally {
      rgb.delete();
    }
  });
});
