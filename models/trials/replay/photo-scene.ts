/**
 * The scene a dice-3 photo shows, told by its colours alone (no labels): dice-3's valid and test
 * lists mix a plain white table, Catan boards laid on it, 15-dice layouts on a blue cloth and a
 * few desks and stock pictures, so a set taught on the first photos of a list is scored on scenes
 * it never saw. Teaching replayed per scene (models/trials/replay/teach-replay.ts --by-scene) scores what a
 * family gets: teach on the table it plays on, play there. The bounds were set by looking at the
 * photos each class takes (models/taught-sets.md, "Taught and scored on one scene"); a few land
 * in a neighbour class (a heap of dice on white paper is "white", a Catan close-up "other").
 */
import { readImage } from '../../../cli/lib/image-file.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import type { Cv } from '../../../vision/detect/opencv.ts';

export type Scene = 'white table' | 'board' | 'blue cloth' | 'other';

/** The photo shrunk to 64 x 64 in OpenCV's HSV (hue 0-180): its colours, not its things. The caller deletes it. */
export function smallHsv(cv: Cv, path: string): any {
  const rgb = frameToRgb(cv, readImage(path));
  const [small, hsv] = [new cv.Mat(), new cv.Mat()];
  cv.resize(rgb, small, new cv.Size(64, 64), 0, 0, cv.INTER_AREA);
  cv.cvtColor(small, hsv, cv.COLOR_RGB2HSV);
  rgb.delete();
  small.delete();
  return hsv;
}

/** Shares of the photo's pixels (at 64 x 64): saturated, saturated blue, dark. */
export function colourShares(cv: Cv, path: string): { saturated: number; blue: number; dark: number } {
  const hsv = smallHsv(cv, path);
  const d: Uint8Array = hsv.data;
  let [saturated, blue, dark] = [0, 0, 0];
  for (let i = 0; i < d.length; i += 3) {
    const [h, s, v] = [d[i], d[i + 1], d[i + 2]];
    if (v < 80) dark++;
    if (s > 70 && v > 60) {
      saturated++;
      if (h >= 95 && h <= 140) blue++;
    }
  }
  const n = d.length / 3;
  hsv.delete();
  return { saturated: saturated / n, blue: blue / n, dark: dark / n };
}

export function sceneOf(cv: Cv, path: string): Scene {
  const { saturated, blue, dark } = colourShares(cv, path);
  if (saturated < 0.12 && dark < 0.1) return 'white table';
  if (saturated >= 0.2 && saturated <= 0.42 && blue >= 0.05 && blue <= 0.2) return 'board';
  if (blue > 0.3) return 'blue cloth';
  return 'other';
}
