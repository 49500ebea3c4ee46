import type { Frame } from '../types.ts';

/**
 * Mean RGB of each `cell` x `cell` block, row by row (partial blocks at the edges dropped):
 * averaging drowns a webcam's sensor noise, so a change of a cell's mean is a change of the scene.
 */
export function cellMeans(f: Frame, cell: number): Float32Array {
  const cw = Math.floor(f.width / cell);
  const chh = Math.floor(f.height / cell);
  const out = new Float32Array(cw * chh * 3);
  for (let y = 0; y < chh * cell; y++) {
    const row = Math.floor(y / cell) * cw;
    for (let x = 0; x < cw * cell; x++) {
      const i = (y * f.width + x) * 4;
      const o = (row + Math.floor(x / cell)) * 3;
      out[o] += f.data[i];
      out[o + 1] += f.data[i + 1];
      out[o + 2] += f.data[i + 2];
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
  const gain = [0, 1, 2].map((ch) => {
    const r = new Float32Array(n);
    for (let i = 0; i < n; i++) r[i] = (b[i * 3 + ch] + 1) / (a[i * 3 + ch] + 1);
    return r.sort()[n >> 1];
  });
  return [gain[0], gain[1], gain[2]];
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
