/**
 * Where things lie: footprints on the table plane (rotated rectangles) and the poses of dice.
 * No physics engine: a flat die rests on a face exactly, a leaning die on one edge and against a
 * neighbour's side, a stacked one on a neighbour's top; footprints keep solid things apart.
 */
import { Quaternion, Vector3 } from 'three';
import type { Quat, Vec2, Vec3 } from './spec.ts';

export interface Footprint {
  centre: Vec2;
  /** Half extents along the thing's own x and z. */
  half: Vec2;
  /** Turn about y, radians (three's rotation.y). */
  yaw: number;
}

/** A point in a thing's own frame (x, z) to table (x, z), turned as three turns rotation.y. */
export function toTable(local: Vec2, centre: Vec2, yaw: number): Vec2 {
  const [c, s] = [Math.cos(yaw), Math.sin(yaw)];
  return [centre[0] + local[0] * c + local[1] * s, centre[1] - local[0] * s + local[1] * c];
}

/** The inverse of toTable. */
export function toLocal(p: Vec2, centre: Vec2, yaw: number): Vec2 {
  const [dx, dz] = [p[0] - centre[0], p[1] - centre[1]];
  const [c, s] = [Math.cos(yaw), Math.sin(yaw)];
  return [dx * c - dz * s, dx * s + dz * c];
}

function corners(f: Footprint): Vec2[] {
  const [hx, hz] = f.half;
  return ([[-hx, -hz], [hx, -hz], [hx, hz], [-hx, hz]] as Vec2[]).map((p) => toTable(p, f.centre, f.yaw));
}

/** Separating-axis test of two rotated rectangles, each grown by `margin` mm. */
export function overlaps(a: Footprint, b: Footprint, margin = 0): boolean {
  const ga: Footprint = { ...a, half: [a.half[0] + margin / 2, a.half[1] + margin / 2] };
  const gb: Footprint = { ...b, half: [b.half[0] + margin / 2, b.half[1] + margin / 2] };
  const ca = corners(ga);
  const cb = corners(gb);
  for (const yaw of [a.yaw, b.yaw]) {
    for (const axis of [[Math.cos(yaw), -Math.sin(yaw)], [Math.sin(yaw), Math.cos(yaw)]]) {
      const pa = ca.map((p) => p[0] * axis[0] + p[1] * axis[1]);
      const pb = cb.map((p) => p[0] * axis[0] + p[1] * axis[1]);
      if (Math.max(...pa) < Math.min(...pb) || Math.max(...pb) < Math.min(...pa)) return false;
    }
  }
  return true;
}

/** The die's own face normals, in the order of DieSpec.faces (+x, -x, +y, -y, +z, -z). */
export const FACE_NORMALS: Vec3[] = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

const UP = new Vector3(0, 1, 0);

/**
 * The turn that puts `value` on top, then turns the die by `yaw` about the vertical. The first
 * step is a quarter or half turn about a horizontal axis, so the die's edges stay along the
 * world axes before the yaw: its footprint is a square turned by `yaw`.
 */
export function flatQuaternion(faces: readonly number[], value: number, yaw: number): Quaternion {
  const n = new Vector3(...FACE_NORMALS[faces.indexOf(value)]);
  const toUp = n.dot(UP) < -0.999 ? new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), Math.PI) : new Quaternion().setFromUnitVectors(n, UP);
  return new Quaternion().setFromAxisAngle(UP, yaw).multiply(toUp);
}

/**
 * A die of edge `size` leaning against a neighbour's side: it stands on one bottom edge, its top
 * tilted by `angle` away from the neighbour, its lower side edge touching the neighbour at height
 * 2 h sin(angle). `towards` is the unit direction (table x, z) from this die to the neighbour's
 * face, `face` the point on that face at table level.
 */
export function leaningPose(faces: readonly number[], value: number, size: number, angle: number, towards: Vec2, face: Vec2, lateral: number): { position: Vec3; quaternion: Quat } {
  const h = size / 2;
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  const yaw = Math.atan2(towards[0], towards[1]);
  const flat = flatQuaternion(faces, value, yaw);
  // Tilt about the horizontal axis across `towards`: the top goes away from the neighbour.
  const axis = new Vector3(towards[0], 0, towards[1]).cross(UP).normalize();
  const lean = new Quaternion().setFromAxisAngle(axis, angle);
  const q = lean.multiply(flat);
  const side: Vec2 = [-towards[1], towards[0]];
  const back = h * (c + s);
  const position: Vec3 = [face[0] - towards[0] * back + side[0] * lateral, h * (c + s), face[1] - towards[1] * back + side[1] * lateral];
  return { position, quaternion: [q.x, q.y, q.z, q.w] };
}

/** Which face points most nearly up after `q`: the value a player would call. */
export function upValue(faces: readonly number[], q: Quat): number {
  const quat = new Quaternion(...q);
  let best = 0;
  let bestDot = -2;
  FACE_NORMALS.forEach((n, i) => {
    const dot = new Vector3(...n).applyQuaternion(quat).y;
    if (dot > bestDot) [best, bestDot] = [i, dot];
  });
  return faces[best];
}
