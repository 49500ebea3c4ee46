/**
 * Classical reading of a die's top face, on a crop of the die alone (PIP_CROP x PIP_CROP RGB):
 * the body colour is the median of the face's centre region, pips are the pixels far from it
 * (split by Otsu on the colour distance, so any pip colour on any body works), and the value is
 * the number of pip-sized blobs. Used as a cross-check of the network and for the colours.
 */
import type { Rgb } from '../types.ts';
import { otsuThreshold } from '../otsu.ts';

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

/**
 * The median (as `median`: the middle element of the sorted list, the upper one of an even count)
 * of the byte values of channel `ch` at the pixels `at(0..n-1)` of an RGB crop, by counting:
 * the reader calls this a dozen times a die, and sorting was a third of the pip counter's time.
 */
function byteMedian(crop: Uint8Array, ch: number, n: number, at: (i: number) => number): number {
  if (n === 0) return 0;
  const hist = new Uint32Array(256);
  for (let i = 0; i < n; i++) hist[crop[3 * at(i) + ch]]++;
  const k = n >> 1;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v];
    if (seen > k) return v;
  }
  return 255;
}

const medianRgb = (crop: Uint8Array, n: number, at: (i: number) => number): Rgb => [0, 1, 2].map((ch) => byteMedian(crop, ch, n, at)) as Rgb;

/** `crop` is PIP_CROP x PIP_CROP RGB of the die's box (no margin). */
export function analyseFace(crop: Uint8Array): FaceAnalysis {
  const n = PIP_CROP;
  // The body colour: the median of the box's middle, which is top face whatever the die's turn.
  const lo = Math.round(n * 0.25);
  const mid = n - 2 * lo;
  const body = medianRgb(crop, mid * mid, (i) => (lo + Math.floor(i / mid)) * n + lo + (i % mid));
  const area = n * n;
  const dist = new Float32Array(area);
  for (let i = 0; i < area; i++) {
    const [dr, dg, db] = [crop[3 * i] - body[0], crop[3 * i + 1] - body[1], crop[3 * i + 2] - body[2]];
    // Math.hypot of three byte differences, rounded to float32, is this to the bit (all 256^3
    // cases checked), at a fraction of the cost.
    dist[i] = Math.sqrt(dr * dr + dg * dg + db * db);
  }
  const t = Math.max(40, otsuThreshold(dist));
  // Blobs far from the body colour. A pip is enclosed by the face; what touches the crop's edge
  // is table or side face seen past the box's corners, never a pip.
  const seen = new Uint8Array(area);
  const stack = new Int32Array(area);
  const blobs: Int32Array[] = [];
  for (let i = 0; i < area; i++) {
    if (seen[i] || dist[i] < t) continue;
    // Flood fill (4-neighbours); the stack ends up holding the blob's pixels.
    let top = 0;
    let size = 0;
    stack[top++] = i;
    seen[i] = 1;
    let edge = false;
    while (size < top) {
      const k = stack[size++];
      const x = k % n;
      const y = (k - x) / n;
      if (x === 0 || y === 0 || x === n - 1 || y === n - 1) edge = true;
      if (x > 0 && !seen[k - 1] && dist[k - 1] >= t) (seen[k - 1] = 1), (stack[top++] = k - 1);
      if (x < n - 1 && !seen[k + 1] && dist[k + 1] >= t) (seen[k + 1] = 1), (stack[top++] = k + 1);
      if (y > 0 && !seen[k - n] && dist[k - n] >= t) (seen[k - n] = 1), (stack[top++] = k - n);
      if (y < n - 1 && !seen[k + n] && dist[k + n] >= t) (seen[k + n] = 1), (stack[top++] = k + n);
    }
    // A pip covers roughly 0.5 to 6 % of the box.
    if (!edge && size >= area * 0.005 && size <= area * 0.06) blobs.push(stack.slice(0, size));
  }
  // The pips of one face are alike in size: drop specks and smudges far from the typical blob.
  const typical = median(blobs.map((b) => b.length));
  const pips = blobs.filter((b) => b.length >= typical * 0.4 && b.length <= typical * 2.5);
  const members = pips.flatMap((b) => Array.from(b));
  if (members.length === 0) {
    // No pip-like blob (a face the counter cannot read): the far-from-body pixels of the box's
    // middle still show the pip colour.
    for (let y = lo; y < n - lo; y++) for (let x = lo; x < n - lo; x++) if (dist[y * n + x] >= t) members.push(y * n + x);
  }
  const pip: Rgb = members.length ? medianRgb(crop, members.length, (i) => members[i]) : body;
  return { pips: pips.length, body, pip };
}
