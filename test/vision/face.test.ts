import { describe, expect, it } from 'vitest';
import { analyseFace } from '../../vision/classify/pips.ts';
import { drawFace, LAYOUT } from './faces.ts';
import { nameColour } from '../../vision/colour/names.ts';
import type { Rgb } from '../../vision/types.ts';

/** A face of `value` filling the crop. */
const face = (value: number, body: Rgb, pip: Rgb): Uint8Array => drawFace(LAYOUT[value], body, pip);

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
