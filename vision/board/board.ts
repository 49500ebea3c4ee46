import type { Point } from './homography.ts';

/**
 * A board is whatever lies flat on the table and has fields: a list of field polygons in board
 * coordinates (millimetres, x to the right, y down, as printed). Mapping stays generic: a die's
 * centre goes to board coordinates through the calibration, then to the field whose polygon
 * holds it, so the 3 x 10 duel board, a Tafel, or a user's own board all work the same way.
 */
export interface Field {
  id: string;
  polygon: Point[];
}

/** A printed corner marker: a black square with `holes` white holes (1..4 tell the corners apart). */
export interface Marker {
  holes: number;
  centre: Point;
  size: number;
}

export interface Board {
  id: string;
  /** Paper size in mm. */
  size: [number, number];
  fields: Field[];
  /** Corner markers, where the printed board has them. */
  markers: Marker[];
  /** The printed outline's corners (top-left, top-right, bottom-right, bottom-left): what a user clicks. */
  outline: [Point, Point, Point, Point];
  /**
   * The id of a point inside the outline but on no field (a Tafel's `roll`: dice rolled onto the
   * sheet beside the boxes). Not a field: nothing draws, prints or lights it.
   */
  openArea?: string;
}

export function pointInPolygon([x, y]: Point, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The field under a point in board coordinates, else the board's open area if inside its outline, else null. */
export function fieldAt(board: Board, p: Point): string | null {
  const field = board.fields.find((f) => pointInPolygon(p, f.polygon))?.id;
  if (field) return field;
  return board.openArea && pointInPolygon(p, board.outline) ? board.openArea : null;
}

/** Whether a point in board coordinates lies on one of the board's printed corner markers. */
export function onMarker(board: Board, [x, y]: Point): boolean {
  return board.markers.some((m) => Math.abs(x - m.centre[0]) <= m.size / 2 && Math.abs(y - m.centre[1]) <= m.size / 2);
}

/** Where dice rolled onto a printed Tafel lie: on the sheet, in no box. */
export const ROLL_AREA = 'roll';

export function rect(x: number, y: number, w: number, h: number): Point[] {
  return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
}

/** Where a marker's holes lie, in board mm: 1 to 4 square holes, the corner's number. */
export function markerHoles(m: Marker): Point[][] {
  const k = m.size * 0.22;
  const hole = m.size * 0.2;
  const spots: Point[][] = [[[0, 0]], [[-k, -k], [k, k]], [[-k, -k], [k, -k], [0, k]], [[-k, -k], [k, -k], [k, k], [-k, k]]];
  return spots[m.holes - 1].map(([u, v]) => {
    const x = m.centre[0] + u - hole / 2;
    const y = m.centre[1] + v - hole / 2;
    return [[x, y], [x + hole, y], [x + hole, y + hole], [x, y + hole]];
  });
}

export const MARKER_SIZE = 24;
/** Paper kept clear around the fields for the markers, mm. */
const MARGIN = 2 * MARKER_SIZE;

/** Four markers in the paper's corners, clockwise from top-left with 1, 2, 3, 4 holes. */
function cornerMarkers(w: number, h: number): Marker[] {
  const c = MARKER_SIZE / 2 + 6;
  const centres: Point[] = [[c, c], [w - c, c], [w - c, h - c], [c, h - c]];
  return centres.map((centre, i) => ({ holes: i + 1, centre, size: MARKER_SIZE }));
}

function outlineOf(x: number, y: number, w: number, h: number): Board['outline'] {
  return rect(x, y, w, h) as Board['outline'];
}

/** A box of a Tafel file where it lies on the printed board, mm from the top left corner. */
export interface PlacedBox {
  at: { x: number; y: number; w: number; h: number };
}

/**
 * A Tafel laid out by its own file (the engine's Tafel fits this shape): box `r{row}b{box}` where
 * its `at` puts it, the four corner markers in the paper's corners, the rest of the sheet the roll
 * area (players roll onto the sheet; their supply stays off it). The outline to click is the
 * paper's (or the original board's) own corners, which `at` is measured from: the boxes' bounding
 * box would have corners on bare paper wherever the rows are of unequal length.
 */
export function placedTafelBoard(tafel: { id: string; size: { w: number; h: number }; rows: { boxes: PlacedBox[] }[] }): Board {
  const fields = tafel.rows.flatMap((row, r) => row.boxes.map((b, i) => ({ id: `r${r + 1}b${i + 1}`, polygon: rect(b.at.x, b.at.y, b.at.w, b.at.h) })));
  const { w, h } = tafel.size;
  return { id: tafel.id, size: [w, h], fields, markers: cornerMarkers(w, h), outline: outlineOf(0, 0, w, h), openArea: ROLL_AREA };
}

/**
 * Boxes that come closer than `gap` mm to a corner marker (by their bounding boxes): a die in such
 * a box can cover part of the marker, and a half-covered marker is not found. Empty for every
 * shipped Tafel; an own Tafel can break it, and then the corners have to be clicked.
 */
export function markerClashes(board: Board, gap = 5): { marker: number; field: string }[] {
  const out: { marker: number; field: string }[] = [];
  for (const m of board.markers) {
    const r = m.size / 2;
    for (const f of board.fields) {
      const xs = f.polygon.map((p) => p[0]);
      const ys = f.polygon.map((p) => p[1]);
      const apart =
        m.centre[0] + r + gap <= Math.min(...xs) || Math.max(...xs) + gap <= m.centre[0] - r || m.centre[1] + r + gap <= Math.min(...ys) || Math.max(...ys) + gap <= m.centre[1] - r;
      if (!apart) out.push({ marker: m.holes, field: f.id });
    }
  }
  return out;
}

/**
 * The dice duel (Himmel und Hölle): columns a, b, c left to right, row 10 at the top next to
 * Hölle's start area, row 1 at the bottom next to Himmel's (field ids as in docs/conventions.md).
 */
export function duelBoard(field = 30): Board {
  const x0 = MARGIN;
  const y0 = MARGIN;
  const fields: Field[] = [{ id: 'start-hoelle', polygon: rect(x0, y0, 3 * field, field) }];
  for (let row = 10; row >= 1; row--) {
    const y = y0 + field * (11 - row);
    ['a', 'b', 'c'].forEach((col, i) => fields.push({ id: `${col}${row}`, polygon: rect(x0 + i * field, y, field, field) }));
  }
  fields.push({ id: 'start-himmel', polygon: rect(x0, y0 + 11 * field, 3 * field, field) });
  const w = 3 * field + 2 * MARGIN;
  const h = 12 * field + 2 * MARGIN;
  return { id: 'himmel-und-hoelle', size: [w, h], fields, markers: cornerMarkers(w, h), outline: outlineOf(x0, y0, 3 * field, 12 * field) };
}

/** Where a Tafel's boxes lie: boxes per row (top row first), each row left-aligned. */
export interface TafelGeometry {
  rows: number[];
  /** Box edge, mm. */
  box?: number;
  /** Space between boxes and between rows, mm. */
  gap?: number;
}

/** An Engel und Bengel Tafel: box `r{row}b{box}`, both 1-based, r1b1 top-left. */
export function tafelBoard(id: string, geometry: TafelGeometry): Board {
  const box = geometry.box ?? 30;
  const gap = geometry.gap ?? 8;
  if (geometry.rows.length === 0 || geometry.rows.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error('a Tafel needs at least one row, each with at least one box');
  }
  const widest = Math.max(...geometry.rows);
  const fields: Field[] = [];
  geometry.rows.forEach((n, r) => {
    for (let b = 0; b < n; b++) {
      fields.push({ id: `r${r + 1}b${b + 1}`, polygon: rect(MARGIN + b * (box + gap), MARGIN + r * (box + gap), box, box) });
    }
  });
  const fw = widest * box + (widest - 1) * gap;
  const fh = geometry.rows.length * box + (geometry.rows.length - 1) * gap;
  const w = fw + 2 * MARGIN;
  const h = fh + 2 * MARGIN;
  return { id, size: [w, h], fields, markers: cornerMarkers(w, h), outline: outlineOf(MARGIN, MARGIN, fw, fh) };
}
