/**
 * The pip counter of vision/classify/pips.ts as it was before it was made faster (sorting for
 * medians, Math.hypot, arrays for blobs): the reference the fast one must agree with exactly.
 */
import type { Rgb } from '../../vision/types.ts';
import type { FaceAnalysis } from '../../vision/classify/pips.ts';
import { PIP_CROP } from '../../vision/classify/pips.ts';
import { otsuThreshold } from '../../vision/otsu.ts';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] ?? 0;
}

/** `crop` is PIP_CROP x PIP_CROP RGB of the die's box (no margin). */
export function analyseFaceReference(crop: Uint8Array): FaceAnalysis {
  const n = PIP_CROP;
  // The body colour: the median of the box's middle, which is top face whatever the die's turn.
  const lo = Math.round(n * 0.25);
  const rs: number[] = [];
  const gs: number[] = [];
  const bs: number[] = [];
  for (let y = lo; y < n - lo; y++) {
    for (let x = lo; x < n - lo; x++) {
      const o = (y * n + x) * 3;
      rs.push(crop[o]);
      gs.push(crop[o + 1]);
      bs.push(crop[o + 2]);
    }
  }
  const body: Rgb = [median(rs), median(gs), median(bs)];
  const area = n * n;
  const dist = new Float32Array(area);
  for (let i = 0; i < area; i++) {
    dist[i] = Math.hypot(crop[3 * i] - body[0], crop[3 * i + 1] - body[1], crop[3 * i + 2] - body[2]);
  }
  const t = Math.max(40, otsuThreshold(dist));
  // Blobs far from the body colour. A pip is enclosed by the face; what touches the crop's edge
  // is table or side face seen past the box's corners, never a pip.
  const seen = new Uint8Array(area);
  const blobs: number[][] = [];
  for (let i = 0; i < area; i++) {
    if (seen[i] || dist[i] < t) continue;
    const stack = [i];
    seen[i] = 1;
    const members: number[] = [];
    let edge = false;
    while (stack.length) {
      const k = stack.pop()!;
      members.push(k);
      const x = k % n;
      const y = (k - x) / n;
      if (x === 0 || y === 0 || x === n - 1 || y === n - 1) edge = true;
      for (const j of [k - 1, k + 1, k - n, k + n]) {
        if (j < 0 || j >= area || (j === k - 1 && x === 0) || (j === k + 1 && x === n - 1)) continue;
        if (!seen[j] && dist[j] >= t) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    // A pip covers roughly 0.5 to 6 % of the box.
    if (!edge && members.length >= area * 0.005 && members.length <= area * 0.06) blobs.push(members);
  }
  // The pips of one face are alike in size: drop specks and smudges far from the typical blob.
  const sizes = blobs.map((b) => b.length);
  const typical = median(sizes);
  const pips = blobs.filter((b) => b.length >= typical * 0.4 && b.length <= typical * 2.5);
  const pr: number[] = [];
  const pg: number[] = [];
  const pb: number[] = [];
  for (const b of pips) {
    for (const k of b) {
      pr.push(crop[3 * k]);
      pg.push(crop[3 * k + 1]);
      pb.push(crop[3 * k + 2]);
    }
  }
  if (pr.length === 0) {
    // No pip-like blob (a face the counter cannot read): the far-from-body pixels of the box's
    // middle still show the pip colour.
    for (let y = lo; y < n - lo; y++) {
      for (let x = lo; x < n - lo; x++) {
        const k = y * n + x;
        if (dist[k] < t) continue;
        pr.push(crop[3 * k]);
        pg.push(crop[3 * k + 1]);
        pb.push(crop[3 * k + 2]);
      }
    }
  }
  const pip: Rgb = pr.length ? [median(pr), median(pg), median(pb)] : body;
  return { pips: pips.length, body, pip };
}
