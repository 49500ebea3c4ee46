/**
 * A die's square crop for the classifier: centred on the die, CONTEXT times its longer side, scaled
 * to CROP x CROP RGB bytes. The training data are cut by this same function (with a turn and jitter
 * added), so the classifier sees at run time exactly what it learnt on.
 */
import type { Cv } from '../detect/opencv.ts';
import { CROP } from './nets.ts';

/** Crop side over the die's longer side: a margin so a slightly off box still holds the whole face. */
export const CONTEXT = 1.3;

/** RGB bytes (size * size * 3) of the square of side `side` centred at (cx, cy), turned by `angleDeg`. */
export function cropSquare(cv: Cv, rgb: any, cx: number, cy: number, side: number, angleDeg = 0, size = CROP): Uint8Array {
  const s = size / side;
  const a = (angleDeg * Math.PI) / 180;
  const c = Math.cos(a) * s;
  const n = Math.sin(a) * s;
  // Maps source (x, y) so that (cx, cy) lands on the crop centre, turned and scaled.
  const h = size / 2;
  const m = cv.matFromArray(2, 3, cv.CV_64F, [c, n, h - c * cx - n * cy, -n, c, h + n * cx - c * cy]);
  const out = new cv.Mat();
  cv.warpAffine(rgb, out, m, new cv.Size(size, size), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
  const bytes = new Uint8Array(out.data);
  m.delete();
  out.delete();
  return bytes;
}
