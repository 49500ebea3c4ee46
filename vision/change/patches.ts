/**
 * Reading only what changed. Once the board's reference holds, the dice outside the patches of
 * change are the accepted ones whatever the reader says there (change.ts `judge`), so reading the
 * whole frame only to throw most of it away is the verdict's largest cost. The reader is run on
 * each patch instead, grown by a margin so that a die at its edge and the detector's view round
 * it are whole, cut on the detector's grid so its cells fall where they fall in the whole frame.
 */
import type { Box } from '../detect/boxes.ts';
import type { Frame, Reading } from '../types.ts';
import type { Region } from './change.ts';

/**
 * The detector's coarsest usual grid (level 4, stride 4: 16 frame px): patches start and end on
 * it, so each pyramid level of a patch sees the frame's own pixel blocks and the detector's cells
 * lie where they lie in the whole frame.
 */
export const PATCH_GRID = 16;

/**
 * Each region grown by `margin` px on every side, snapped outwards to the grid, clipped to the
 * frame, and merged with any it overlaps (a die read twice by two patches would be two dice).
 */
export function patchesOf(regions: readonly Region[], width: number, height: number, margin: number, grid = PATCH_GRID): Box[] {
  const down = (v: number) => Math.max(0, Math.floor(v / grid) * grid);
  const up = (v: number, max: number) => Math.min(max, Math.ceil(v / grid) * grid);
  let boxes: Box[] = regions.map(({ box: [x, y, w, h] }) => {
    const [x0, y0] = [down(x - margin), down(y - margin)];
    return [x0, y0, up(x + w + margin, width) - x0, up(y + h + margin, height) - y0];
  });
  // Merge until no two overlap: a merged box can reach a third.
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < boxes.length && !merged; i++) {
      for (let j = i + 1; j < boxes.length && !merged; j++) {
        if (!overlap(boxes[i], boxes[j])) continue;
        boxes = [...boxes.filter((_, k) => k !== i && k !== j), hull(boxes[i], boxes[j])];
        merged = true;
      }
    }
  }
  return boxes;
}

/** The share of the frame the patches cover. */
export function patchShare(patches: readonly Box[], width: number, height: number): number {
  return patches.reduce((a, [, , w, h]) => a + w * h, 0) / (width * height);
}

/** The pixels of `frame` inside `box` (whole px, inside the frame), as a frame of their own. */
export function cutFrame(frame: Frame, [x, y, w, h]: Box): Frame {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let r = 0; r < h; r++) data.set(frame.data.subarray(((y + r) * frame.width + x) * 4, ((y + r) * frame.width + x + w) * 4), r * w * 4);
  return { width: w, height: h, data, time: frame.time };
}

/**
 * The dice of `frame` in the patches, read patch by patch and put back where they lie in the
 * frame: one reading, as if the frame had been read whole and only these patches kept.
 */
export async function readPatches(frame: Frame, patches: readonly Box[], read: (f: Frame) => Promise<Reading>): Promise<Reading> {
  const t0 = performance.now();
  const out: Reading = { dice: [], obstructed: false, elapsedMs: 0, time: frame.time };
  for (const p of patches) {
    const r = await read(cutFrame(frame, p));
    const [dx, dy] = p;
    out.obstructed ||= r.obstructed;
    for (const d of r.dice) out.dice.push({ ...d, box: [d.box[0] + dx, d.box[1] + dy, d.box[2], d.box[3]], centre: [d.centre[0] + dx, d.centre[1] + dy] });
  }
  out.elapsedMs = performance.now() - t0;
  return out;
}

function overlap(a: Box, b: Box): boolean {
  return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
}

function hull(a: Box, b: Box): Box {
  const [x0, y0] = [Math.min(a[0], b[0]), Math.min(a[1], b[1])];
  return [x0, y0, Math.max(a[0] + a[2], b[0] + b[2]) - x0, Math.max(a[1] + a[3], b[1] + b[3]) - y0];
}
