/**
 * A die's square crop for the classifier: centred on the die, CONTEXT times its longer side, scaled
 * to CROP x CROP RGB bytes. The training data are cut by this same function (with a turn and jitter
 * added), so the classifier sees at run time exactly what it learnt on.
 */
import type { Cv } from '../detect/opencv.ts';
import type { Box } from '../detect/boxes.ts';
import { CROP } from './nets.ts';

/** Crop side over the die's longer side: a margin so a slightly off box still holds the whole face. */
export const CONTEXT = 1.3;

/** The most source pixels a crop pixel is averaged from along each side (a 12 MP photo's dice). */
const MAX_OVERSAMPLE = 8;

/**
 * RGB bytes (size * size * 3) of the square of side `side` centred at (cx, cy), turned by
 * `angleDeg`. `squash` ([x stretch, shear], training only) distorts the square as a die seen at
 * an angle is distorted.
 */
export function cropSquare(cv: Cv, rgb: any, cx: number, cy: number, side: number, angleDeg = 0, size = CROP, squash: [number, number] = [1, 0]): Uint8Array {
  // A die much larger than the crop is first cut at about its own resolution and then averaged
  // down (INTER_AREA): sampling it straight at the crop's size would take one pixel in `side / size`
  // and alias its pips and grain, so a big die would look unlike the same die seen small.
  const over = Math.min(MAX_OVERSAMPLE, Math.round(side / size));
  const fine = warpSquare(cv, rgb, cx, cy, side, angleDeg, over >= 2 ? size * over : size, squash);
  let out = fine;
  if (over >= 2) {
    out = new cv.Mat();
    cv.resize(fine, out, new cv.Size(size, size), 0, 0, cv.INTER_AREA);
    fine.delete();
  }
  const bytes = new Uint8Array(out.data);
  out.delete();
  return bytes;
}

/** The square of cropSquare sampled straight (bilinear) at `size` x `size`, as a Mat the caller deletes. */
function warpSquare(cv: Cv, rgb: any, cx: number, cy: number, side: number, angleDeg: number, size: number, squash: [number, number]): any {
  const s = size / side;
  const a = (angleDeg * Math.PI) / 180;
  const [sx, sh] = squash;
  // Crop point p = S * R * (q - centre) + h: R turns, S = [[sx, sh], [0, 1]] distorts.
  const r = [Math.cos(a) * s, Math.sin(a) * s, -Math.sin(a) * s, Math.cos(a) * s];
  const m00 = sx * r[0] + sh * r[2];
  const m01 = sx * r[1] + sh * r[3];
  const [m10, m11] = [r[2], r[3]];
  const h = size / 2;
  const m = cv.matFromArray(2, 3, cv.CV_64F, [m00, m01, h - m00 * cx - m01 * cy, m10, m11, h - m10 * cx - m11 * cy]);
  const out = new cv.Mat();
  cv.warpAffine(rgb, out, m, new cv.Size(size, size), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
  m.delete();
  return out;
}

/** The classifier's crop of the die in `box` (CONTEXT times its longer side), turned by `angleDeg`: what the reader looks at. */
export function cropOfBox(cv: Cv, rgb: any, box: Box, angleDeg = 0): Uint8Array {
  return cropSquare(cv, rgb, box[0] + box[2] / 2, box[1] + box[3] / 2, Math.max(box[2], box[3]) * CONTEXT, angleDeg);
}
