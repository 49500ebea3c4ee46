import type { Frame } from '../types.ts';
import type { Point } from './homography.ts';

/**
 * Whether four clicked board corners are still where they were clicked. Nothing printed vouches
 * for a clicked calibration the way the corner markers do, but the corners themselves do: a
 * paper corner on a table is an L of two edges, which a small grey patch pins down in both
 * directions. Each settled frame's patch is compared with the one taken when the calibration
 * began, by normalised cross-correlation (so a change of exposure or light is no change): where
 * it still matches the corner stayed; where it matches only a few pixels off, the board or the
 * camera moved; where it matches nowhere near, a hand or a die covers it and it says nothing.
 */

/** Half the patch edge, px: 25 x 25 px hold a corner's two edges with the clicks a few px off. */
const RADIUS = 12;
/** How far (px) a corner is looked for around where it was: a camera nudged, a Tafel pushed. */
const SEARCH = 16;
/**
 * Best correlation within SEARCH at which the corner counts as found: the same corner under fresh
 * sensor noise, where it is now, scores close to 1; a hand or a die over it scores far less.
 */
const MATCH = 0.8;
/** Grey-level spread below which a patch is featureless (bare paper or table): it cannot vouch. */
const MIN_SPREAD = 6;

export interface CornerPatch {
  centre: [number, number];
  /** Grey levels over the patch, row by row; NaN outside the frame. */
  grey: Float32Array;
}

export type CornerSeen =
  /** The corner is where it was, give or take the tolerance. */
  | 'stayed'
  /** The corner turned up within SEARCH px, but further than the tolerance from where it was. */
  | 'moved'
  /** Not found near where it was (covered, or moved further than SEARCH). */
  | 'hidden';

const greyAt = (f: Frame, x: number, y: number): number => {
  if (x < 0 || y < 0 || x >= f.width || y >= f.height) return NaN;
  const i = (y * f.width + x) * 4;
  return 0.299 * f.data[i] + 0.587 * f.data[i + 1] + 0.114 * f.data[i + 2];
};

/** Grey levels of the square of half edge `r` round a centre, row by row; NaN outside the frame. */
function greyAround(frame: Frame, [cx, cy]: [number, number], r: number): Float32Array {
  const edge = 2 * r + 1;
  const grey = new Float32Array(edge * edge);
  for (let y = 0; y < edge; y++) for (let x = 0; x < edge; x++) grey[y * edge + x] = greyAt(frame, cx + x - r, cy + y - r);
  return grey;
}

/** The patch around a clicked corner, or null where it is featureless and so cannot vouch. */
export function cornerPatch(frame: Frame, corner: Point): CornerPatch | null {
  const centre: [number, number] = [Math.round(corner[0]), Math.round(corner[1])];
  const grey = greyAround(frame, centre, RADIUS);
  const inside = [...grey].filter((g) => !Number.isNaN(g));
  const mean = inside.reduce((s, g) => s + g, 0) / inside.length;
  const spread = Math.sqrt(inside.reduce((s, g) => s + (g - mean) ** 2, 0) / inside.length);
  return inside.length > grey.length / 2 && spread >= MIN_SPREAD ? { centre, grey } : null;
}

/** Normalised cross-correlation of two patches over the pixels both have; -1 with too few. */
function ncc(a: Float32Array, b: Float32Array): number {
  let n = 0, sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]];
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    n++;
    sa += x; sb += y; saa += x * x; sbb += y * y; sab += x * y;
  }
  if (n < a.length / 2) return -1;
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  return va <= 0 || vb <= 0 ? 0 : (sab - (sa * sb) / n) / Math.sqrt(va * vb);
}

/** Whether the corner of `patch` is in `frame` where it was (within `tolerancePx`), elsewhere nearby, or not to be seen. */
export function findCorner(frame: Frame, patch: CornerPatch, tolerancePx: number): CornerSeen {
  // The search window's grey levels once; each shifted patch is cut from it.
  const outer = RADIUS + SEARCH;
  const window = greyAround(frame, patch.centre, outer);
  const edge = 2 * RADIUS + 1;
  const shifted = new Float32Array(edge * edge);
  const at = (dx: number, dy: number) => {
    for (let y = 0; y < edge; y++) {
      const from = (y + SEARCH + dy) * (2 * outer + 1) + SEARCH + dx;
      shifted.set(window.subarray(from, from + edge), y * edge);
    }
    return ncc(patch.grey, shifted);
  };
  let best = at(0, 0);
  let shift = 0;
  for (let dy = -SEARCH; dy <= SEARCH; dy++) {
    for (let dx = -SEARCH; dx <= SEARCH; dx++) {
      const c = at(dx, dy);
      if (c > best) [best, shift] = [c, Math.hypot(dx, dy)];
    }
  }
  if (best < MATCH) return 'hidden';
  return shift <= tolerancePx ? 'stayed' : 'moved';
}
