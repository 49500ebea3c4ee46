import type { Frame, Rgb } from '../types.ts';

export const CROP = 32;

/**
 * The classifier's input: the die's top face turned upright, resampled to CROP x CROP RGB and
 * white-balanced on the die's own body (its bright pixels are white), so a warm lamp or a
 * dim room shifts neither pip colour nor brightness much. Turning the face upright lets the
 * pips of a nine fill the crop however the die lies. Returns CROP*CROP*3 floats in 0..1.2.
 */
export function cropDie(frame: Frame, die: { centre: [number, number]; edge: number; angle: number }, margin = 0.08, size = CROP): Float32Array {
  const out = new Float32Array(size * size * 3);
  const side = die.edge * (1 + 2 * margin);
  const step = side / size;
  const c = Math.cos(die.angle);
  const s = Math.sin(die.angle);
  for (let cy = 0; cy < size; cy++) {
    for (let cx = 0; cx < size; cx++) {
      const u = ((cx + 0.5) / size - 0.5) * side;
      const v = ((cy + 0.5) / size - 0.5) * side;
      const rgb = sample(frame, die.centre[0] + u * c - v * s, die.centre[1] + u * s + v * c, step);
      out.set(rgb, (cy * size + cx) * 3);
    }
  }
  // White point per channel: the 90th percentile of the crop, where the die body is.
  for (let ch = 0; ch < 3; ch++) {
    const vals = new Float32Array(size * size);
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

/**
 * The colour of a die's pips on its white-balanced upright face (cropDie, inset so no table shows):
 * the mean of its pixels clearly darker than the body, 0..255 where the body is 212. What tells
 * Miwin's dice apart, measured the same way on the taught dice and on the table.
 */
export function pipTint(frame: Frame, die: { centre: [number, number]; edge: number; angle: number }): Rgb {
  const f = cropDie(frame, die, -0.1, 24);
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < f.length; i += 3) {
    if (0.3 * f[i] + 0.59 * f[i + 1] + 0.11 * f[i + 2] >= 0.6) continue;
    for (let ch = 0; ch < 3; ch++) sum[ch] += f[i + ch];
    n++;
  }
  return sum.map((s) => Math.round(Math.min(255, (n ? s / n : 1) * 212))) as Rgb;
}

/** The frame as it looks under white light, given the colour `light` gives a white die body. */
export function balanced(frame: Frame, light: Rgb): Frame {
  const top = Math.max(...light);
  const gain = light.map((c) => Math.min(4, top / Math.max(c, 1)));
  const data = new Uint8ClampedArray(frame.data.length);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = frame.data[i] * gain[0];
    data[i + 1] = frame.data[i + 1] * gain[1];
    data[i + 2] = frame.data[i + 2] * gain[2];
    data[i + 3] = 255;
  }
  return { ...frame, data };
}
