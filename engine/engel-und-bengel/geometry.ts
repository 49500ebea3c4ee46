import type { Rect, Row } from './tafel.ts';

/**
 * The standard print layout: an A4 landscape board, rows top to bottom, the points of a row on its
 * left, boxes left-aligned so the leftmost (first) box is always in the same column. The shipped
 * Tafeln and every Tafel made in the editor use it; a Tafel file may describe any other layout.
 */
export const BOARD = { w: 297, h: 210 } as const;
const TOP = 18;
const ROW_PITCH = 31;
const FIRST_BOX_X = 78;
const BOX = 25;
const GAP = 6;

export function boxRect(row: number, box: number): Rect {
  return { x: FIRST_BOX_X + box * (BOX + GAP), y: TOP + row * ROW_PITCH, w: BOX, h: BOX };
}

/** Where a row's points are printed: the area left of its first box. */
export function labelRect(row: number): Rect {
  return { x: 12, y: TOP + row * ROW_PITCH, w: FIRST_BOX_X - 24, h: BOX };
}

/** Puts every box of the rows where the standard layout has it (the editor calls this after each change). */
export function layOut(rows: readonly Row[]): Row[] {
  return rows.map((r, ri) => ({ ...r, boxes: r.boxes.map((b, bi) => ({ ...b, at: boxRect(ri, bi) })) }));
}
