import type { Row } from './tafel.ts';

/**
 * Where boxes lie on a printed board, as a regular grid in millimetres: rows top to bottom, the
 * points of a row on its left, boxes left-aligned so every row's first box is in the same column.
 * The shipped Tafeln use the standard grid on an A4 landscape board; the editor lets a user measure
 * their own board into the same five numbers. A Tafel file may describe any other layout.
 */
export interface Grid {
  /** The first row's top edge. */
  top: number;
  /** From one row's top edge to the next one's. */
  rowPitch: number;
  /** The first box's left edge. */
  left: number;
  /** A box's side. */
  box: number;
  /** Between two boxes of a row. */
  gap: number;
}

export const BOARD = { w: 297, h: 210 } as const;
export const STANDARD_GRID: Grid = { top: 18, rowPitch: 31, left: 78, box: 25, gap: 6 };

/** Puts every box of the rows on the grid (the editor calls this after each change of shape). */
export function layOut(rows: readonly Row[], g: Grid = STANDARD_GRID): Row[] {
  return rows.map((r, ri) => ({
    ...r,
    boxes: r.boxes.map((b, bi) => ({ ...b, at: { x: g.left + bi * (g.box + g.gap), y: g.top + ri * g.rowPitch, w: g.box, h: g.box } })),
  }));
}

/** The grid a Tafel's boxes lie on, read back from its first boxes; null where they are not on one grid. */
export function gridOf(rows: readonly Row[]): Grid | null {
  const a = rows[0]?.boxes[0]?.at;
  const below = rows[1]?.boxes[0]?.at;
  if (!a || !below) return null;
  const wide = rows.find((r) => r.boxes.length > 1);
  const g: Grid = {
    top: a.y,
    rowPitch: below.y - a.y,
    left: a.x,
    box: a.w,
    gap: wide ? wide.boxes[1].at.x - wide.boxes[0].at.x - a.w : STANDARD_GRID.gap,
  };
  const same = (x: number, y: number) => Math.abs(x - y) < 1e-6;
  const regular = layOut(rows, g).every((r, ri) => r.boxes.every((b, bi) => (['x', 'y', 'w', 'h'] as const).every((k) => same(b.at[k], rows[ri].boxes[bi].at[k]))));
  return regular ? g : null;
}
