/**
 * A die's square crop for the classifier: centred on the die, CONTEXT times its longer side, scaled
 * to CROP x CROP RGB bytes. The training data are cut by this same function (with a turn and jitter
 * added), so the classifier sees at run time exactly what it learnt on.
 */
import type { Cv } from '../detect/opencv.ts';
import type { Box } from '../detect/boxes.ts';
import { CROP } from './nets.ts';
import { oversampling } from './oversample.ts';

/** Crop side over the die's longer side: a margin so a slightly off box still holds the whole face. */
export const CONTEXT = 1.3;

/** Orientations each crop is classified in: its quarter turns (read.ts examine, cropTurns). */
export const TURNS = 4;

/**
 * RGB bytes (size * size * 3) of the square of side `side` centred at (cx, cy), turned by
 * `angleDeg`. `squash` ([x stretch, shear], training only) distorts the square as a die seen at
 * an angle is distorted.
 */
export function cropSquare(cv: Cv, rgb: any, cx: number, cy: number, side: number, angleDeg = 0, size = CROP, squash: [number, number] = [1, 0]): Uint8Array {
  const fine = fineSize(side, size);
  const square = warpSquare(cv, rgb, cx, cy, side, angleDeg, fine, squash);
  try {
    return downTo(cv, square, size);
  } finally {
    square.delete();
  }
}

/**
 * The crop cropSquare cuts of the same square at 0, 90, 180 and 270 degrees, from one warp instead
 * of four (a big die's fine warp is the costliest part of its crop). The warp turns about the
 * crop's point (n/2, n/2), n its fine size, which is the middle pixel of a square one pixel larger:
 * that square is cut once upright and turned by whole pixels (`cv.rotate`), its first n x n pixels
 * then being those the turned warp samples. Call `delete` when done.
 */
export function cropTurns(cv: Cv, rgb: any, cx: number, cy: number, side: number, size = CROP): { turn(k: number): Uint8Array; delete(): void } {
  const fine = fineSize(side, size);
  const square = warpSquare(cv, rgb, cx, cy, side, 0, fine, [1, 0], fine + 1);
  const codes = [-1, cv.ROTATE_90_COUNTERCLOCKWISE, cv.ROTATE_180, cv.ROTATE_90_CLOCKWISE];
  return {
    turn(k: number): Uint8Array {
      const q = ((k % 4) + 4) % 4;
      const turned = q === 0 ? square : new cv.Mat();
      if (q !== 0) cv.rotate(square, turned, codes[q]);
      const roi = turned.roi(new cv.Rect(0, 0, fine, fine));
      try {
        return downTo(cv, roi, size);
      } finally {
        roi.delete();
        if (turned !== square) turned.delete();
      }
    },
    delete: () => square.delete(),
  };
}

/** The size a square is first sampled at before it is averaged down (downTo): oversample.ts. */
function fineSize(side: number, size: number): number {
  return size * oversampling(side, size);
}

/** RGB bytes of `square` (fineSize x fineSize) at `size` x `size`: averaged down (INTER_AREA) where it is finer. */
function downTo(cv: Cv, square: any, size: number): Uint8Array {
  if (square.cols === size && square.isContinuous()) return new Uint8Array(square.data);
  const out = new cv.Mat();
  try {
    if (square.cols === size) square.copyTo(out);
    else cv.resize(square, out, new cv.Size(size, size), 0, 0, cv.INTER_AREA);
    return new Uint8Array(out.data);
  } finally {
    out.delete();
  }
}

/**
 * The square of cropSquare sampled straight (bilinear) at `size` x `size`, as a Mat the caller
 * deletes; `extent` (at least `size`) cuts more of the same sampling grid to the right and below.
 */
function warpSquare(cv: Cv, rgb: any, cx: number, cy: number, side: number, angleDeg: number, size: number, squash: [number, number], extent = size): any {
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
  cv.warpAffine(rgb, out, m, new cv.Size(extent, extent), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
  m.delete();
  return out;
}

/** The classifier's crop of the die in `box` (CONTEXT times its longer side), upright: what the reader looks at first. */
export function cropOfBox(cv: Cv, rgb: any, box: Box): Uint8Array {
  return cropSquare(cv, rgb, box[0] + box[2] / 2, box[1] + box[3] / 2, Math.max(box[2], box[3]) * CONTEXT);
}

/** cropTurns of the die in `box`: cropOfBox at each quarter turn, from one cut. */
export function cropTurnsOfBox(cv: Cv, rgb: any, box: Box): ReturnType<typeof cropTurns> {
  return cropTurns(cv, rgb, box[0] + box[2] / 2, box[1] + box[3] / 2, Math.max(box[2], box[3]) * CONTEXT);
}

/** All TURNS crops of the die in `box`, as the reader cuts them. */
export function allTurnsOfBox(cv: Cv, rgb: any, box: Box): Uint8Array[] {
  const cut = cropTurnsOfBox(cv, rgb, box);
  try {
    return Array.from({ length: TURNS }, (_, k) => cut.turn(k));
  } finally {
    cut.delete();
  }
}
