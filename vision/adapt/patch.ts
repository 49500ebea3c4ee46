/**
 * What a dice set keeps of each taught die: a patch of the frame around it, upright, PATCH x
 * PATCH RGB covering SPAN times the die's longer side. The classifier's crops (CONTEXT times the
 * side, any turn, a little off centre) are cut again from it whenever the set is taught, so
 * re-teaching after new weights needs no new rolls, and a set file stays small (15 KB a die).
 */
import type { Cv } from '../detect/opencv.ts';
import type { Box } from '../detect/boxes.ts';
import { CONTEXT, cropSquare, cropTurns } from '../classify/crop.ts';
import { createRng } from '../../engine/core/rng.ts';
import { PATCH, SPAN } from './patch-size.ts';

export { PATCH, PATCH_BYTES, SPAN } from './patch-size.ts';

/** The patch of the die in `box`, from an RGB mat of the frame. */
export function cutPatch(cv: Cv, rgb: any, box: Box): Uint8Array {
  return cropSquare(cv, rgb, box[0] + box[2] / 2, box[1] + box[3] / 2, Math.max(box[2], box[3]) * SPAN, 0, PATCH);
}

/** A crop cut from a patch: turned by `angle` degrees, its centre moved and its side scaled by parts of the die's side. */
export interface Variant {
  angle: number;
  dx: number;
  dy: number;
  scale: number;
  /** Mirrored left to right (a d6's faces are mirror images of their own turns). */
  flip?: boolean;
  /** Every byte times this (a brighter or darker light). */
  gain?: number;
}

/**
 * The crops each taught die gives: the four quarter turns the reader looks at, and four more at
 * any angle, up to 8 % of the die off centre and in size, as the detector's boxes wander from
 * frame to frame. Seeded by the die's place in the set, so teaching is repeatable.
 */
export function variants(seed: number): Variant[] {
  const rng = createRng(0x5eed + seed);
  const off = () => (rng.next() * 2 - 1) * 0.08;
  const quarter = [0, 90, 180, 270].map((angle) => ({ angle, dx: 0, dy: 0, scale: 1 }));
  const loose = Array.from({ length: 4 }, () => ({ angle: rng.next() * 360, dx: off(), dy: off(), scale: 1 + off() }));
  return [...quarter, ...loose];
}

/**
 * The crops the last layer is fine-tuned on (head.ts): the quarter turns the reader looks at (the
 * first four, as in `variants`), the same mirrored (a d6's faces are mirror images of their own
 * turns), and four loose ones at any angle, up to 8 % off centre and in size, mirrored at random,
 * each with its light up to 15 % brighter or darker. Twelve a box: the fit's time grows with them.
 */
export function trainingVariants(seed: number): Variant[] {
  const rng = createRng(0x7a11 + seed);
  const off = () => (rng.next() * 2 - 1) * 0.08;
  const light = () => 1 + (rng.next() * 2 - 1) * 0.15;
  const quarter = [0, 90, 180, 270].map((angle) => ({ angle, dx: 0, dy: 0, scale: 1 }));
  const mirrored = quarter.map((v) => ({ ...v, flip: true }));
  const loose = Array.from({ length: 4 }, () => ({ angle: rng.next() * 360, dx: off(), dy: off(), scale: 1 + off(), flip: rng.next() < 0.5, gain: light() }));
  return [...quarter, ...mirrored, ...loose];
}

/** A crop (CROP x CROP RGB) mirrored left to right and its light scaled, as `v` asks. */
function lit(crop: Uint8Array, v: Variant): Uint8Array {
  if (!v.flip && (v.gain ?? 1) === 1) return crop;
  const n = Math.round(Math.sqrt(crop.length / 3));
  const gain = v.gain ?? 1;
  const out = new Uint8Array(crop.length);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const from = (y * n + (v.flip ? n - 1 - x : x)) * 3;
      const to = (y * n + x) * 3;
      for (let ch = 0; ch < 3; ch++) out[to + ch] = Math.min(255, Math.round(crop[from + ch] * gain));
    }
  }
  return out;
}

/** The classifier's crops of `patch` (PATCH_BYTES RGB), one per variant; the quarter turns cut as the reader cuts them (cropTurns). */
export function cropsOfPatch(cv: Cv, patch: Uint8Array, vs: Variant[]): Uint8Array[] {
  const mat = new cv.Mat(PATCH, PATCH, cv.CV_8UC3);
  try {
    mat.data.set(patch);
    const side = PATCH / SPAN;
    const c = PATCH / 2;
    const turns = cropTurns(cv, mat, c, c, side * CONTEXT);
    try {
      const quarter = (v: Variant) => v.dx === 0 && v.dy === 0 && v.scale === 1 && v.angle % 90 === 0;
      return vs.map((v) => lit(quarter(v) ? turns.turn(v.angle / 90) : cropSquare(cv, mat, c + v.dx * side, c + v.dy * side, side * CONTEXT * v.scale, v.angle), v));
    } finally {
      turns.delete();
    }
  } finally {
    mat.delete();
  }
}
