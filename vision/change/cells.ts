import type { Frame } from '../types.ts';

/**
 * Mean RGB of each `cell` x `cell` block, row by row (partial blocks at the edges dropped):
 * averaging drowns a webcam's sensor noise, so a change of a cell's mean is a change of the scene.
 */
export function cellMeans(f: Frame, cell: number): Float32Array {
  const cw = Math.floor(f.width / cell);
  const chh = Math.floor(f.height / cell);
  const out = new Float32Array(cw * chh * 3);
  const d = f.data;
  for (let y = 0; y < chh * cell; y++) {
    let o = Math.floor(y / cell) * cw * 3;
    let i = y * f.width * 4;
    for (let c = 0; c < cw; c++, o += 3) {
      let [r, g, b] = [0, 0, 0];
      for (const end = i + cell * 4; i < end; i += 4) {
        r += d[i];
        g += d[i + 1];
        b += d[i + 2];
      }
      out[o] += r;
      out[o + 1] += g;
      out[o + 2] += b;
    }
  }
  const k = 1 / (cell * cell);
  for (let i = 0; i < out.length; i++) out[i] *= k;
  return out;
}

/**
 * Per channel, the median ratio of `b`'s cells to `a`'s: a uniform change of brightness (auto
 * exposure, a cloud) scales every cell alike, and is divided out before cells are judged.
 */
export function medianGain(a: Float32Array, b: Float32Array): [number, number, number] {
  const n = a.length / 3;
  const r = new Float32Array(n);
  const gain = [0, 1, 2].map((ch) => {
    for (let i = 0; i < n; i++) r[i] = (b[i * 3 + ch] + 1) / (a[i * 3 + ch] + 1);
    return nth(r, n >> 1);
  });
  return [gain[0], gain[1], gain[2]];
}

/**
 * The `k`-th smallest of `v` (reordered in place), by quickselect: a frame's change is judged on
 * every camera frame, and sorting its cells' ratios for their median took most of that time.
 */
function nth(v: Float32Array, k: number): number {
  let [lo, hi] = [0, v.length - 1];
  while (lo < hi) {
    const pivot = v[(lo + hi) >> 1];
    let [i, j] = [lo, hi];
    while (i <= j) {
      while (v[i] < pivot) i++;
      while (v[j] > pivot) j--;
      if (i <= j) {
        [v[i], v[j]] = [v[j], v[i]];
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return v[k];
  }
  return v[k];
}

/** Which cells of `b` differ from `a` (after the gain) by more than `threshold` levels in any channel. */
export function changedCells(a: Float32Array, b: Float32Array, threshold: number): Uint8Array {
  const n = a.length / 3;
  const gain = medianGain(a, b);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    for (let ch = 0; ch < 3; ch++) {
      if (Math.abs(b[i * 3 + ch] - a[i * 3 + ch] * gain[ch]) > threshold) {
        out[i] = 1;
        break;
      }
    }
  }
  return out;
}
