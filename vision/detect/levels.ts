/**
 * The pyramid the detector looks at a frame through, so that a die is found at the size it
 * appears, whatever the camera: each level is the frame shrunk by a power of two, and at each
 * the detector answers for dice of DET_MIN to DET_MAX of its pixels. Level 4 covers dice of 16 to
 * 128 frame pixels, level 8 twice that, and so on while a level still has room for a die; a level
 * 2 (dice from 8 px) is looked at only when the others suggest small dice (see read.ts), since
 * it costs four times level 4.
 */
import type { Cv } from './opencv.ts';
import { DET_MAX } from '../classify/nets.ts';

/** The frame shrunk by `factor` (area averaging): RGB bytes and size. */
export interface LevelInput {
  factor: number;
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * The factors to look at first: from 4 (or more for frames beyond 1280 px, whose level would
 * cost more than it finds) up while the level's shorter side still holds a die of DET_MAX.
 */
export function pyramidFactors(width: number, height: number): number[] {
  const long = Math.max(width, height);
  let f = 4;
  while (long / f > 1280) f *= 2;
  const factors: number[] = [];
  for (; Math.min(width, height) / f >= DET_MAX || factors.length === 0; f *= 2) factors.push(f);
  return factors;
}

/**
 * The frame shrunk by each of `factors` (powers of two, ascending), by OpenCV's area averaging:
 * the first level from the frame, each next one from the level before as 2 x 2 block means. A
 * level covers whole blocks of the frame (the last factor - 1 columns and rows at most are left
 * out), so its pixel (x, y) is exactly frame pixels f x .. f x + f - 1, as the detector's boxes are
 * mapped back, and every resize takes OpenCV's integer-scale path. Shrinking the whole frame
 * 16x and 32x directly took its general path (1080 / 16 is no integer): 22 of a 1080p frame's
 * ~140 ms for its four levels, against 6 ms this way (models/speed.md). A level from
 * the level before differs from one straight from the frame only by the rounding of each step's
 * means (half a grey level a step).
 */
export function pyramid(cv: Cv, rgb: any, factors: number[]): LevelInput[] {
  const levels: LevelInput[] = [];
  let src = rgb;
  let srcFactor = 1;
  for (const factor of factors) {
    const next = shrink(cv, src, factor / srcFactor);
    levels.push({ factor, data: new Uint8Array(next.data), width: next.cols, height: next.rows });
    if (src !== rgb) src.delete();
    src = next;
    srcFactor = factor;
  }
  if (src !== rgb) src.delete();
  return levels;
}

/** One level straight from the frame (see pyramid). */
export function levelInput(cv: Cv, rgb: any, factor: number): LevelInput {
  return pyramid(cv, rgb, [factor])[0];
}

/** `mat` shrunk by the integer `by`, over its whole blocks of by x by pixels; the caller deletes it. */
function shrink(cv: Cv, mat: any, by: number): any {
  const width = Math.max(1, Math.floor(mat.cols / by));
  const height = Math.max(1, Math.floor(mat.rows / by));
  const whole = mat.roi(new cv.Rect(0, 0, Math.min(mat.cols, width * by), Math.min(mat.rows, height * by)));
  const small = new cv.Mat();
  cv.resize(whole, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
  whole.delete();
  return small;
}
