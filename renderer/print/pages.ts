/**
 * How a board in millimetres goes onto A4 paper at 100 %: one page where it fits (turned as it
 * fits best), else split over pages that overlap, to be cut and glued (the duel's board is
 * 456 mm long: two A4 pages). Pure, so the page count and every window is tested in Node too.
 */
export type Orientation = 'portrait' | 'landscape';

export const A4: Record<Orientation, [number, number]> = { portrait: [210, 297], landscape: [297, 210] };
/** Paper kept free at the edge of a page a board is split over: printers leave 3 to 6 mm unprinted. */
export const EDGE = 8;
/** How far the parts of a split board overlap, mm: the strip the next page is glued onto. */
export const OVERLAP = 10;
/** Room under a split board for the page's words and its 10 cm line, mm. */
export const FOOTER = 16;

export interface BoardPage {
  orientation: Orientation;
  /** The part of the board on this page, in board millimetres. */
  window: { x: number; y: number; w: number; h: number };
  /** Where the window's top left corner lies on the paper, mm. */
  at: [number, number];
  /** This page's place among the board's pages: column and row from 0, and how many of each. */
  col: number;
  row: number;
  cols: number;
  rows: number;
  /** Where the next page to the right and below is laid on, in board mm (null where none). */
  nextX: number | null;
  nextY: number | null;
}

/** Pieces of `length` mm in windows of at most `room` mm that overlap by OVERLAP: their count and size. */
function split(length: number, room: number): { n: number; size: number } {
  if (length <= room) return { n: 1, size: length };
  const n = Math.ceil((length - OVERLAP) / (room - OVERLAP));
  return { n, size: (length + (n - 1) * OVERLAP) / n };
}

export function boardPages([w, h]: [number, number]): BoardPage[] {
  const fits = (o: Orientation) => w <= A4[o][0] + 1e-6 && h <= A4[o][1] + 1e-6;
  const single = (['landscape', 'portrait'] as const).filter(fits);
  if (single.length) {
    // Both fit: the way the board is longer. The board's own paper carries its markers' margin.
    const o = single.length === 2 ? (w > h ? 'landscape' : 'portrait') : single[0];
    const [pw, ph] = A4[o];
    const free = ph - h;
    // Room below for the page's words where the board leaves it; a board as large as the paper fills it.
    const top = free >= FOOTER + 2 * EDGE ? (free - FOOTER) / 2 : free / 2;
    return [{ orientation: o, window: { x: 0, y: 0, w, h }, at: [(pw - w) / 2, top], col: 0, row: 0, cols: 1, rows: 1, nextX: null, nextY: null }];
  }
  const plans = (['portrait', 'landscape'] as const).map((o) => {
    const [pw, ph] = A4[o];
    return { o, x: split(w, pw - 2 * EDGE), y: split(h, ph - 2 * EDGE - FOOTER) };
  });
  // The fewest pages; on a tie the first (portrait).
  const plan = plans.reduce((best, p) => (p.x.n * p.y.n < best.x.n * best.y.n ? p : best));
  const [pw] = A4[plan.o];
  const pages: BoardPage[] = [];
  for (let row = 0; row < plan.y.n; row++) {
    for (let col = 0; col < plan.x.n; col++) {
      const x = col * (plan.x.size - OVERLAP);
      const y = row * (plan.y.size - OVERLAP);
      pages.push({
        orientation: plan.o,
        window: { x, y, w: plan.x.size, h: plan.y.size },
        at: [(pw - plan.x.size) / 2, EDGE],
        col,
        row,
        cols: plan.x.n,
        rows: plan.y.n,
        nextX: col + 1 < plan.x.n ? x + plan.x.size - OVERLAP : null,
        nextY: row + 1 < plan.y.n ? y + plan.y.size - OVERLAP : null,
      });
    }
  }
  return pages;
}
