import { beforeAll, describe, expect, it } from 'vitest';
import { loadCv, type Cv } from '../../vision/detect/opencv.ts';
import { cropSquare } from '../../vision/classify/crop.ts';
import { CROP } from '../../vision/classify/nets.ts';

let cv: Cv;
beforeAll(async () => {
  cv = await loadCv();
});

/** A square RGB Mat of `side` px: one-pixel black and white columns, the finest grain a photo holds. */
function stripes(side: number): any {
  const m = new cv.Mat(side, side, cv.CV_8UC3);
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) m.data.fill(x % 2 ? 255 : 0, (y * side + x) * 3, (y * side + x + 1) * 3);
  return m;
}

const spread = (b: Uint8Array) => Math.max(...b) - Math.min(...b);

describe('cropSquare', () => {
  it('averages a die many times the crop size down instead of sampling it, so its grain does not alias', () => {
    const m = stripes(480);
    try {
      // 10 source pixels a crop pixel: sampled straight, the stripes would come out as bars of
      // black, white and grey; averaged, as the even grey they are at that size.
      const crop = cropSquare(cv, m, 240, 240, 480);
      expect(crop.length).toBe(CROP * CROP * 3);
      expect(spread(crop)).toBeLessThan(30);
      expect(Math.abs(crop.reduce((a, v) => a + v, 0) / crop.length - 127.5)).toBeLessThan(10);
    } finally {
      m.delete();
    }
  });

  it('samples a die about the crop size straight, keeping its detail', () => {
    const m = stripes(60);
    try {
      // 1.25 source pixels a crop pixel: the stripes still show (beating, but black and white).
      expect(spread(cropSquare(cv, m, 30, 30, 60))).toBeGreaterThan(200);
    } finally {
      m.delete();
    }
  });
});
