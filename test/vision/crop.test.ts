import { beforeAll, describe, expect, it } from 'vitest';
import { loadCv, type Cv } from '../../vision/detect/opencv.ts';
import { cropSquare, cropTurns } from '../../vision/classify/crop.ts';
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

describe('cropTurns', () => {
  it('gives from one cut the crops cropSquare cuts at each quarter turn, small dice and big', () => {
    // Random pixels: any misplaced sample shows. Sides from under the crop's size to many times it.
    const side = 400;
    const m = new cv.Mat(side, side, cv.CV_8UC3);
    let seed = 7;
    for (let i = 0; i < m.data.length; i++) m.data[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    try {
      for (const [cx, cy, s] of [[200.37, 199.61, 40.3], [180.52, 210.27, 131.1], [201, 198, 370]]) {
        const cut = cropTurns(cv, m, cx, cy, s);
        try {
          expect(cut.turn(0)).toEqual(cropSquare(cv, m, cx, cy, s));
          for (let k = 1; k < 4; k++) {
            const [a, b] = [cut.turn(k), cropSquare(cv, m, cx, cy, s, 90 * k)];
            // The same sample points; the turned warp rounds its coordinates (1/32 px) a little
            // differently now and then.
            let off = 0;
            for (let i = 0; i < a.length; i++) {
              expect(Math.abs(a[i] - b[i])).toBeLessThanOrEqual(8);
              off += a[i] !== b[i] ? 1 : 0;
            }
            expect(off / a.length).toBeLessThan(0.05);
          }
        } finally {
          cut.delete();
        }
      }
    } finally {
      m.delete();
    }
  });
});
