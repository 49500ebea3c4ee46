/** Drawn die faces for the pip counter's tests. */
import { PIP_CROP } from '../../vision/classify/pips.ts';
import type { Rgb } from '../../vision/types.ts';

/** Pip centres of a face on a unit square, as dice are made. */
export const LAYOUT: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
};

/**
 * A PIP_CROP crop of a die face filling the crop, as the reader cuts it from a die's box: pips at
 * `pips` (unit square) turned by `turn` radians about the centre, of radius `r` (parts of the side).
 */
export function drawFace(pips: [number, number][], body: Rgb, pip: Rgb, turn = 0, r = 0.075): Uint8Array {
  const n = PIP_CROP;
  const out = new Uint8Array(n * n * 3);
  const [c, s] = [Math.cos(turn), Math.sin(turn)];
  const at = pips.map(([x, y]) => [0.5 + c * (x - 0.5) - s * (y - 0.5), 0.5 + s * (x - 0.5) + c * (y - 0.5)]);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) out.set(at.some(([px, py]) => Math.hypot(x + 0.5 - px * n, y + 0.5 - py * n) <= r * n) ? pip : body, (y * n + x) * 3);
  return out;
}
