import { describe, expect, it } from 'vitest';
import { loadCv } from '../../vision/detect/opencv.ts';
import { frameToRgb } from '../../vision/detect/frame.ts';
import { levelInput, pyramid, pyramidFactors } from '../../vision/detect/levels.ts';

/** A frame of noise over smooth gradients: every block mean differs, and rounding shows. */
function frame(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 63;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      data.set([(x * 191) / width + rand(), (y * 191) / height + rand(), ((x + y) * 95) / (width + height) + rand(), 255], o);
    }
  }
  return { width, height, data, time: 0 };
}

describe('the pyramid the detector looks through', () => {
  it('gives each level as the mean of whole f x f blocks of the frame, within the rounding of every resize step', async () => {
    const cv = await loadCv();
    // 1080 / 16 and 1080 / 32 are no integers: the bottom rows that make no whole block are left out.
    const f = frame(1920, 1080);
    const rgb = frameToRgb(cv, f);
    try {
      const factors = pyramidFactors(1920, 1080);
      expect(factors).toEqual([4, 8, 16, 32]);
      const levels = pyramid(cv, rgb, factors);
      for (const level of levels) {
        const k = level.factor;
        expect([level.width, level.height]).toEqual([Math.floor(1920 / k), Math.floor(1080 / k)]);
        let worst = 0;
        for (let y = 0; y < level.height; y += 3) {
          for (let x = 0; x < level.width; x += 5) {
            for (let c = 0; c < 3; c++) {
              let sum = 0;
              for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) sum += f.data[((y * k + dy) * 1920 + x * k + dx) * 4 + c];
              worst = Math.max(worst, Math.abs(level.data[(y * level.width + x) * 3 + c] - sum / (k * k)));
            }
          }
        }
        // Half a grey level for each resize that made the level: one for the first, one more a halving.
        expect(worst, `level ${k}`).toBeLessThanOrEqual(0.5 * (1 + Math.log2(k / 4)));
      }
      // The first level is OpenCV's own area resize of the frame, byte for byte.
      expect(levelInput(cv, rgb, 4).data).toEqual(levels[0].data);
    } finally {
      rgb.delete();
    }
  });

  it('keeps a frame smaller than one block as one pixel', async () => {
    const cv = await loadCv();
    const rgb = frameToRgb(cv, frame(3, 2));
    try {
      const [level] = pyramid(cv, rgb, [4]);
      expect([level.width, level.height, level.data.length]).toEqual([1, 1, 3]);
    } finally {
      rgb.delete();
    }
  });
});
