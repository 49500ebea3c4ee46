import type { Scene } from './tafel-video.ts';

/**
 * Anna's roll on Tafel 1 (Morgenrot) as the camera test and `bench/tafel-camera-read.ts --roll`
 * show it: five dice rolled onto the paper right of the boxes (board mm, clear of the boxes, which
 * end at x 196, and of the corner markers), then the two 4s moved onto row 2 (4 4: black, −20),
 * the other three left where they lay.
 */
export const ROLLED: Scene = { '222,55': 3, '254,80': 4, '222,105': 5, '254,130': 4, '222,155': 6 };
export const ROLL = [3, 4, 4, 5, 6];
export const FOURS_PLACED: Scene = { '222,55': 3, '222,105': 5, '222,155': 6, r2b1: 4, r2b2: 4 };
/**
 * The seed of the camera test's roll scenes: one the reader reads right in Node
 * (`npx tsx bench/tafel-camera-read.ts 40 --roll`) and through Chromium's fake camera.
 */
export const ROLL_SEED = 1;
