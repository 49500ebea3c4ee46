import type { Text } from '../../engine/core/contract.ts';

/** A seat's place at the end of a game. */
export interface Placing {
  seat: number;
  name: string;
  /** What the place is measured in, as shown ("430", "3 Minuspunkte"). */
  score: string;
  place: number;
}

/** A line of a score sheet: a Durchgang or round, one cell per player. */
export interface SheetLine {
  label: Text;
  cells: (string | number | null)[];
  /** The line still running (the Durchgang in play): drawn lighter. */
  open?: boolean;
}

/**
 * Seats ranked by a score, best first; equal scores share a place and the next place is skipped
 * (1, 1, 3), as a table counts. `higherWins` false ranks the fewest first (minus points).
 */
export function placings(scores: readonly number[], names: (seat: number) => string, show: (score: number) => string, higherWins = true): Placing[] {
  const order = scores.map((score, seat) => ({ seat, score })).sort((a, b) => (higherWins ? b.score - a.score : a.score - b.score) || a.seat - b.seat);
  return order.map((o) => ({
    seat: o.seat,
    name: names(o.seat),
    score: show(o.score),
    place: 1 + order.filter((x) => (higherWins ? x.score > o.score : x.score < o.score)).length,
  }));
}
