import type { Point } from '../board/homography.ts';
import { markerHoles, type Board } from '../board/board.ts';
import type { Rgb } from '../types.ts';
import type { Layer } from './scene.ts';

/** A die seen from above: a rounded square top face with pips, and its shadow on the table. */
export interface DieSpec {
  centre: Point;
  /** Edge length, mm. */
  size: number;
  /** Turn about its vertical axis, radians. */
  angle: number;
  body: Rgb;
  pip: Rgb;
  /** Pip centres in face units: (0, 0) is the face centre, +-0.5 its edges. */
  pips: Point[];
  /** Pip radius in face units. */
  pipRadius: number;
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const scale = (a: Rgb, k: number): Rgb => [a[0] * k, a[1] * k, a[2] * k];

/** Signed distance to a rounded square of half-edge `h` and corner radius `r` (negative inside). */
function roundedSquare(u: number, v: number, h: number, r: number): number {
  const qx = Math.abs(u) - h + r;
  const qy = Math.abs(v) - h + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

export function dieLayer(d: DieSpec): Layer {
  const c = Math.cos(d.angle);
  const s = Math.sin(d.angle);
  const half = d.size / 2;
  const reach = d.size * 0.9;
  const shadow: Point = [d.size * 0.1, d.size * 0.12];
  const local = (x: number, y: number, off: Point = [0, 0]): Point => {
    const dx = x - d.centre[0] - off[0];
    const dy = y - d.centre[1] - off[1];
    return [(dx * c + dy * s) / d.size, (-dx * s + dy * c) / d.size];
  };
  return (x, y, under) => {
    if (Math.abs(x - d.centre[0]) > reach || Math.abs(y - d.centre[1]) > reach) return under;
    const [u, v] = local(x, y);
    const edge = roundedSquare(u, v, 0.5, 0.12);
    if (edge > 0) {
      const [su, sv] = local(x, y, shadow);
      const sd = roundedSquare(su, sv, 0.5, 0.2);
      return sd < 0.06 ? scale(under, 0.55 + 0.45 * Math.max(0, Math.min(1, (sd + 0.06) / 0.12))) : under;
    }
    // The bevel: the face darkens towards its rounded edge as a real die's does.
    const face = scale(d.body, 0.82 + 0.18 * Math.min(1, -edge / 0.07));
    for (const [pu, pv] of d.pips) {
      const dist = Math.hypot(u - pu, v - pv);
      if (dist < d.pipRadius) return mix(d.pip, face, Math.max(0, (dist - d.pipRadius * 0.75) / (d.pipRadius * 0.25)) * 0.5);
    }
    return face;
  };
}

const PAPER: Rgb = [238, 234, 222];
const INK: Rgb = [35, 35, 40];

const inRect = (x: number, y: number, [[x0, y0], , [x1, y1]]: Point[]) => x >= x0 && x <= x1 && y >= y0 && y <= y1;

/**
 * A printed board on the table at `origin` (board mm (0, 0) there, not turned: move the camera to
 * turn it). Fields are drawn as ink outlines of `line` mm, start areas faintly tinted.
 */
export function boardLayer(board: Board, origin: Point = [0, 0], line = 1.2): Layer {
  const edges = board.fields.map((f) => ({ poly: f.polygon, box: bounds(f.polygon, line) }));
  const holes = board.markers.map((m) => ({ m, holes: markerHoles(m) }));
  return (tx, ty, under) => {
    const x = tx - origin[0];
    const y = ty - origin[1];
    if (x < 0 || y < 0 || x > board.size[0] || y > board.size[1]) return under;
    for (const { m, holes: hs } of holes) {
      const r = m.size / 2;
      if (Math.abs(x - m.centre[0]) <= r && Math.abs(y - m.centre[1]) <= r) return hs.some((h) => inRect(x, y, h)) ? PAPER : INK;
    }
    for (const { poly, box } of edges) {
      if (x < box[0] || x > box[2] || y < box[1] || y > box[3]) continue;
      for (let i = 0; i < poly.length; i++) {
        if (segmentDistance([x, y], poly[i], poly[(i + 1) % poly.length]) < line / 2) return INK;
      }
    }
    return PAPER;
  };
}

function bounds(poly: Point[], pad: number): [number, number, number, number] {
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
}

function segmentDistance([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

const SKIN: Rgb = [196, 146, 118];

/** A flat hand reaching in: a palm and four fingers pointing along `angle`, `size` mm long. */
export function handLayer(at: Point, angle: number, size = 180): Layer {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return (x, y, under) => {
    const dx = x - at[0];
    const dy = y - at[1];
    const u = (dx * c + dy * s) / size;
    const v = (-dx * s + dy * c) / size;
    if (u < -0.6 || u > 0.9 || Math.abs(v) > 0.5) return under;
    const palm = (u / 0.45) ** 2 + (v / 0.3) ** 2 < 1;
    const finger = u > 0 && u < 0.8 && [-0.2, -0.07, 0.07, 0.2].some((fv) => Math.abs(v - fv) < 0.055);
    return palm || finger ? scale(SKIN, 0.9 + 0.1 * Math.cos(v * 6)) : under;
  };
}
