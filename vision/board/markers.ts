import type { Frame } from '../types.ts';
import { darkerThanSurroundings, grey, label } from './components.ts';
import type { Point } from './homography.ts';

/** A corner marker found in an image: how many holes it has, its centre and its area in pixels. */
export interface FoundMarker {
  holes: number;
  centre: Point;
  /** Pixels covered by the marker, holes included. */
  area: number;
}

/**
 * Finds the printed corner markers (black squares with 1 to 4 white holes, see board.ts): dark
 * blobs against their surroundings whose holes are light blobs enclosed by that one dark blob.
 * The board's grid has far more holes and a die's pips have none, so the hole count both finds
 * the markers and says which corner each is. A dark die showing 1 to 4 light pips looks like a
 * marker too, and with the paper round it can even be the bigger blob, so every candidate is
 * returned (by hole count, then largest first): the calibration decides which fit together.
 */
export function findMarkers(frame: Frame): FoundMarker[] {
  const { width, height } = frame;
  const g = grey(frame.data, width, height);
  const win = Math.max(15, Math.round(Math.min(width, height) / 6)) | 1;
  const dark = darkerThanSurroundings(g, width, height, win, 0.7);
  const darkCs = label(dark, width, height, 1);
  const lightCs = label(dark, width, height, 0);

  // Which dark blobs border each light blob: a hole borders exactly one.
  const border = new Int32Array(lightCs.components.length).fill(-1);
  const MANY = -2;
  const note = (l: number, d: number) => {
    if (border[l] === -1) border[l] = d;
    else if (border[l] !== d) border[l] = MANY;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const l = lightCs.labels[i];
      if (l < 0) continue;
      if (x > 0 && dark[i - 1]) note(l, darkCs.labels[i - 1]);
      if (x < width - 1 && dark[i + 1]) note(l, darkCs.labels[i + 1]);
      if (y > 0 && dark[i - width]) note(l, darkCs.labels[i - width]);
      if (y < height - 1 && dark[i + width]) note(l, darkCs.labels[i + width]);
    }
  }
  const holesOf = new Map<number, { area: number; sumX: number; sumY: number; n: number }>();
  lightCs.components.forEach((c, l) => {
    if (c.touchesBorder || border[l] < 0 || c.area < 3) return;
    const h = holesOf.get(border[l]) ?? { area: 0, sumX: 0, sumY: 0, n: 0 };
    h.area += c.area;
    h.sumX += c.sumX;
    h.sumY += c.sumY;
    h.n++;
    holesOf.set(border[l], h);
  });

  const found: FoundMarker[] = [];
  for (const [d, h] of holesOf) {
    if (h.n < 1 || h.n > 4) continue;
    const c = darkCs.components[d];
    const area = c.area + h.area;
    const bw = c.box[2] - c.box[0] + 1;
    const bh = c.box[3] - c.box[1] + 1;
    if (area < 40 || bw / bh > 2.5 || bh / bw > 2.5) continue;
    // One hole is 4 % of a printed marker, less once blur or a coarse print eats its edge.
    if (area / (bw * bh) < 0.4 || h.area / area < 0.01 || h.area / area > 0.5) continue;
    found.push({ holes: h.n, centre: [(c.sumX + h.sumX) / area + 0.5, (c.sumY + h.sumY) / area + 0.5], area });
  }
  return found.sort((a, b) => a.holes - b.holes || b.area - a.area);
}
