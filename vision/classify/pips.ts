/**
 * Classical reading of a die's top face, on a crop of the die alone (PIP_CROP x PIP_CROP RGB):
 * the body colour is the median of the face's centre region, pips are the pixels far from it
 * (split by Otsu on the colour distance, so any pip colour on any body works), and the value is
 * the number of pip-sized blobs. Used as a cross-check of the network and for the colours.
 */
import type { Rgb } from '../types.ts';
import { otsuBin } from '../otsu.ts';

export const PIP_CROP = 48;

export interface FaceAnalysis {
  pips: number;
  body: Rgb;
  pip: Rgb;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] ?? 0;
}

function otsu(values: Float32Array): number {
  const hist = new Float64Array(256);
  let max = 1e-6;
  for (const v of values) max = Math.max(max, v);
  for (const v of values) hist[Math.min(255, Math.floor((v / max) * 255))]++;
  return ((otsuBin(hist) + 0.5) / 255) * max;
}

/** `crop` is PIP_CROP x PIP_CROP RGB of the die's box (no margin). */
export function analyseFace(crop: Uint8Array): FaceAnalysis {
  const n = PIP_CROP;
  // The top face sits inside the box; its outer rim shows side faces and the table.
  const lo = Math.round(n * 0.12);
  const hi = n - lo;
  const rs: number[] = [];
  const gs: number[] = [];
  const bs: number[] = [];
  for (let y = lo; y < hi; y++) {
    for (let x = lo; x < hi; x++) {
      const o = (y * n + x) * 3;
      rs.push(crop[o]);
      gs.push(crop[o + 1]);
      bs.push(crop[o + 2]);
    }
  }
  const body: Rgb = [median(rs), median(gs), median(bs)];
  const side = hi - lo;
  const dist = new Float32Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const o = ((y + lo) * n + x + lo) * 3;
      dist[y * side + x] = Math.hypot(crop[o] - body[0], crop[o + 1] - body[1], crop[o + 2] - body[2]);
    }
  }
  const t = Math.max(40, otsu(dist));
  const seen = new Uint8Array(side * side);
  const pr: number[] = [];
  const pg: number[] = [];
  const pb: number[] = [];
  let pips = 0;
  const area = side * side;
  for (let i = 0; i < area; i++) {
    if (seen[i] || dist[i] < t) continue;
    // Flood fill one blob.
    const stack = [i];
    seen[i] = 1;
    let size = 0;
    const members: number[] = [];
    while (stack.length) {
      const k = stack.pop()!;
      size++;
      members.push(k);
      const x = k % side;
      const y = (k - x) / side;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const a = x + dx;
        const b = y + dy;
        if (a < 0 || b < 0 || a >= side || b >= side) continue;
        const j = b * side + a;
        if (!seen[j] && dist[j] >= t) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    // A pip covers roughly 1 to 5 % of the face.
    if (size < area * 0.006 || size > area * 0.08) continue;
    pips++;
    for (const k of members) {
      const x = k % side;
      const y = (k - x) / side;
      const o = ((y + lo) * n + x + lo) * 3;
      pr.push(crop[o]);
      pg.push(crop[o + 1]);
      pb.push(crop[o + 2]);
    }
  }
  const pip: Rgb = pr.length ? [median(pr), median(pg), median(pb)] : body;
  return { pips, body, pip };
}
