import { describe, expect, it } from 'vitest';
import { analyseFace, PIP_CROP } from '../../vision/classify/pips.ts';
import { nameColour } from '../../vision/colour/names.ts';
import type { Rgb } from '../../vision/types.ts';

/** Pip centres of a face on a unit square, as dice are made. */
const LAYOUT: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
};

/** A PIP_CROP crop of a die face filling the crop, as the reader cuts it from a die's box. */
function face(value: number, body: Rgb, pip: Rgb): Uint8Array {
  const n = PIP_CROP;
  const out = new Uint8Array(n * n * 3);
  const r = n * 0.075;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const inPip = LAYOUT[value].some(([px, py]) => Math.hypot(x + 0.5 - px * n, y + 0.5 - py * n) <= r);
      out.set(inPip ? pip : body, (y * n + x) * 3);
    }
  }
  return out;
}

describe('classical face reading', () => {
  it('counts the pips of every face, dark pips on light and light on dark and colour on colour', () => {
    for (let v = 1; v <= 6; v++) {
      expect(analyseFace(face(v, [240, 240, 235], [20, 20, 20])).pips).toBe(v);
      expect(analyseFace(face(v, [25, 25, 30], [250, 250, 250])).pips).toBe(v);
      expect(analyseFace(face(v, [40, 160, 60], [240, 220, 40])).pips).toBe(v);
    }
  });

  it('measures the body and pip colours and names them', () => {
    const f = analyseFace(face(5, [200, 30, 30], [250, 250, 250]));
    expect(nameColour(f.body).name).toBe('red');
    expect(nameColour(f.pip).name).toBe('white');
    expect(nameColour([20, 20, 20]).name).toBe('black');
    expect(nameColour([30, 60, 200]).name).toBe('blue');
    expect(nameColour([240, 220, 40]).name).toBe('yellow');
    expect(nameColour([40, 160, 60]).name).toBe('green');
  });
});
