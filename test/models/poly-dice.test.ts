import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { bodyGeometry, facesOf } from '../../models/synth/scene/poly-geometry.ts';
import type { PolySides } from '../../models/synth/scene/spec.ts';

describe('dice with numerals for the ghost scenes (models/synth/scene/poly-geometry.ts)', () => {
  it('has as many flat faces as the die has sides, each facing out, its corners in its plane', () => {
    const corners: Record<PolySides, number> = { 4: 3, 6: 4, 8: 3, 10: 4, 12: 5, 20: 3 };
    for (const sides of [4, 6, 8, 10, 12, 20] as PolySides[]) {
      const faces = facesOf(bodyGeometry(sides, 20));
      expect(faces.length, `d${sides}`).toBe(sides);
      for (const f of faces) {
        expect(f.corners.length, `d${sides}`).toBe(corners[sides]);
        expect(f.normal.dot(f.centre), `d${sides}`).toBeGreaterThan(0);
        for (const c of f.corners) expect(Math.abs(c.clone().sub(f.centre).dot(f.normal)), `d${sides}`).toBeLessThan(1e-3);
      }
    }
  });

  it('makes the d10 a pentagonal trapezohedron: kites meeting five at each apex', () => {
    const faces = facesOf(bodyGeometry(10, 20));
    const apex = (y: number) => faces.filter((f) => f.corners.some((c) => c.distanceTo(new Vector3(0, y, 0)) < 1e-3)).length;
    expect(apex(10)).toBe(5);
    expect(apex(-10)).toBe(5);
  });
});
