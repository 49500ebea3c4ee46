import type { Frame, Rgb } from '../types.ts';

export const CROP = 32;

/**
 * The classifier's input: a square around a die's box, resampled to CROP x CROP RGB and
 * white-balanced on the die's own body (its bright pixels are white), so a warm lamp or a
 * dim room shifts neither pip colour nor brightness much. Returns CROP*CROP*3 floats in 0..1.
 */
export function cropDie(frame: Frame, box: [number, number, number, number], margin = 0.12): Float32Array {
  const [x, y, w, h] = box;
  const side = Math.max(w, h) * (1 + 2 * margin);
  const x0 = x + w / 2 - side / 2;
  const y0 = y + h / 2 - side / 2;
  const out = new Float32Array(CROP * CROP * 3);
  const step = side / CROP;
  for (let cy = 0; cy < CROP; cy++) {
    for (let cx = 0; cx < CROP; cx++) {
      const rgb = sample(frame, x0 + (cx + 0.5) * step, y0 + (cy + 0.5) * step, step);
      out.set(rgb, (cy * CROP + cx) * 3);
    }
  }
  // White point per channel: the 90th percentile of the crop, where the die body is.
  for (let ch = 0; ch < 3; ch++) {
    const vals = new Float32Array(CROP * CROP);
    for (let i = 0; i < vals.length; i++) vals[i] = out[i * 3 + ch];
    vals.sort();
    const white = Math.max(vals[Math.floor(vals.length * 0.9)], 20);
    for (let i = 0; i < vals.length; i++) out[i * 3 + ch] = Math.min(1.2, out[i * 3 + ch] / white);
  }
  return out;
}

/** Mean over the footprint of one output pixel (area sampling, so small dice are not aliased). */
function sample(f: Frame, cx: number, cy: number, step: number): [number, number, number] {
  const n = Math.max(1, Math.min(4, Math.round(step)));
  let r = 0;
  let g = 0;
  let b = 0;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const px = Math.min(f.width - 1, Math.max(0, Math.floor(cx + ((i + 0.5) / n - 0.5) * step)));
      const py = Math.min(f.height - 1, Math.max(0, Math.floor(cy + ((j + 0.5) / n - 0.5) * step)));
      const k = (py * f.width + px) * 4;
      r += f.data[k];
      g += f.data[k + 1];
      b += f.data[k + 2];
    }
  }
  const m = n * n;
  return [r / m, g / m, b / m];
}

/** The die's body colour (its bright pixels) and pip colour (its clearly darker ones), measured in the box. */
export function measureColours(f: Frame, [x, y, w, h]: [number, number, number, number]): { body: Rgb; pips: Rgb } {
  const px: Rgb[] = [];
  for (let j = y; j < y + h; j++) {
    for (let i = x; i < x + w; i++) {
      const k = (j * f.width + i) * 4;
      px.push([f.data[k], f.data[k + 1], f.data[k + 2]]);
    }
  }
  const luma = (c: Rgb) => 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];
  px.sort((a, b) => luma(a) - luma(b));
  const body = px[Math.floor(px.length * 0.9)] ?? [0, 0, 0];
  const dark = px.filter((c) => luma(c) < 0.6 * luma(body));
  const mean = (cs: Rgb[]): Rgb => (cs.length ? ([0, 1, 2].map((ch) => Math.round(cs.reduce((s, c) => s + c[ch], 0) / cs.length)) as Rgb) : [0, 0, 0]);
  return { body, pips: mean(dark) };
}
