/**
 * The shapes of dice with numerals (scene/props.ts `poly-die`): flat-faced polyhedra whose faces
 * the page finds again to put a numeral on each and to lay the die on one (page/poly-dice.ts).
 */
import {
  BoxGeometry,
  BufferGeometry,
  DodecahedronGeometry,
  Float32BufferAttribute,
  IcosahedronGeometry,
  OctahedronGeometry,
  TetrahedronGeometry,
  Vector3,
} from 'three';
import type { PolySides } from './spec.ts';

export interface Face {
  centre: Vector3;
  normal: Vector3;
  corners: Vector3[];
}

/**
 * A pentagonal trapezohedron (the d10) of circumradius r: apexes at +-h, two rings of five at
 * +-z, z chosen so each kite (apex, ring, other ring, ring) is flat: z = h (1 - cos 36) / (1 + cos 36).
 */
function d10Geometry(r: number): BufferGeometry {
  const h = r;
  const c = Math.cos(Math.PI / 5);
  const z = (h * (1 - c)) / (1 + c);
  const ring = r * 0.92;
  const up = (k: number) => new Vector3(ring * Math.cos((2 * Math.PI * k) / 5), z, ring * Math.sin((2 * Math.PI * k) / 5));
  const down = (k: number) => new Vector3(ring * Math.cos((2 * Math.PI * k) / 5 + Math.PI / 5), -z, ring * Math.sin((2 * Math.PI * k) / 5 + Math.PI / 5));
  const top = new Vector3(0, h, 0);
  const bottom = new Vector3(0, -h, 0);
  const tris: Vector3[] = [];
  for (let k = 0; k < 5; k++) {
    // Upper kite: top, u(k+1), d(k), u(k); lower kite: bottom, d(k), u(k+1), d(k+1).
    tris.push(top, up(k + 1), down(k), top, down(k), up(k));
    tris.push(bottom, down(k), up(k + 1), bottom, up(k + 1), down(k + 1));
  }
  // Each triangle wound counter-clockwise seen from outside, so its front faces out.
  for (let t = 0; t < tris.length; t += 3) {
    const [a, b, cc] = tris.slice(t, t + 3);
    const n = new Vector3().crossVectors(b.clone().sub(a), cc.clone().sub(a));
    if (n.dot(a.clone().add(b).add(cc)) < 0) [tris[t + 1], tris[t + 2]] = [cc, b];
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(tris.flatMap((v) => [v.x, v.y, v.z]), 3));
  g.setAttribute('uv', new Float32BufferAttribute(tris.flatMap((v) => [0.5 + v.x / (2 * r), 0.5 + v.z / (2 * r)]), 2));
  g.computeVertexNormals();
  return g;
}

export function bodyGeometry(sides: PolySides, size: number): BufferGeometry {
  const r = size / 2;
  switch (sides) {
    case 4:
      return new TetrahedronGeometry(r);
    case 6:
      return new BoxGeometry(size, size, size).toNonIndexed();
    case 8:
      return new OctahedronGeometry(r);
    case 10:
      return d10Geometry(r);
    case 12:
      return new DodecahedronGeometry(r);
    case 20:
      return new IcosahedronGeometry(r);
  }
}

/** The flat faces of a non-indexed polyhedron: its triangles grouped by normal. */
export function facesOf(g: BufferGeometry): Face[] {
  const pos = g.getAttribute('position');
  const faces: { normal: Vector3; corners: Vector3[] }[] = [];
  for (let t = 0; t < pos.count; t += 3) {
    const [a, b, c] = [0, 1, 2].map((i) => new Vector3().fromBufferAttribute(pos, t + i));
    const normal = new Vector3().crossVectors(b.clone().sub(a), c.clone().sub(a)).normalize();
    let face = faces.find((f) => f.normal.dot(normal) > 0.999);
    if (!face) faces.push((face = { normal, corners: [] }));
    for (const v of [a, b, c]) if (!face.corners.some((w) => w.distanceTo(v) < 1e-4)) face.corners.push(v);
  }
  return faces.map(({ normal, corners }) => {
    const centre = corners.reduce((s, v) => s.add(v), new Vector3()).divideScalar(corners.length);
    return { centre, normal, corners };
  });
}
