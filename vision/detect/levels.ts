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

export function levelInput(cv: Cv, rgb: any, factor: number): LevelInput {
  const width = Math.max(1, Math.floor(rgb.cols / factor));
  const height = Math.max(1, Math.floor(rgb.rows / factor));
  const small = new cv.Mat();
  cv.resize(rgb, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
  const data = new Uint8Array(small.data);
  small.delete();
  return { factor, data, width, height };
}
