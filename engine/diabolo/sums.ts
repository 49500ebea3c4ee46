import type { Colour } from './cards.ts';
import { claimsFit, fewestCards, unseenValues } from './rules.ts';
import type { ColourResult, DiaboloState } from './state.ts';

/**
 * What the referee can know of the hand sums said at scoring: each must come, at the same time as
 * the others of its colour and from cards of its own, out of the colour's unseen cards, within the
 * hand cards its player has left. `play` checks each entry so, the legal moves are drawn from it,
 * and `parseState` checks a state's sums by it, so none of the three can disagree.
 */

/** A hand sum said for a seat. */
export interface Said {
  seat: number;
  sum: number;
}

/** Hand cards of `seat` not needed for what the table said it held in the colours scored `earlier` this round. */
export function freeCards(s: DiaboloState, seat: number, earlier: readonly ColourResult[] = s.results[s.round]): number {
  return earlier.reduce((n, r) => {
    const sum = r.sums ? r.sums[seat] : r.highest?.seats.includes(seat) ? r.highest.sum : 0;
    return n - fewestCards(unseenValues(s.rows, s.discards, r.colour), sum);
  }, s.handSizes[seat]);
}

/** Whether every sum `said` for `colour` can be held at once, after the colours scored `earlier`. */
export function saidFits(s: DiaboloState, colour: Colour, said: readonly Said[], earlier: readonly ColourResult[] = s.results[s.round]): boolean {
  const claims = said.map(({ seat, sum }) => ({ sum, cards: Math.max(0, freeCards(s, seat, earlier)) }));
  return claimsFit(unseenValues(s.rows, s.discards, colour), claims);
}

/** Whether nobody can hold `colour`: only where the draw pile can hold every unseen card of it. */
export const nobodyFits = (s: DiaboloState, colour: Colour): boolean => unseenValues(s.rows, s.discards, colour).length <= s.drawPile;

/** Whether "the highest sum in `colour` is `sum`, held by `seats`" can be true; sum 0 with nobody: nobody holds it. */
export function highestFits(s: DiaboloState, colour: Colour, sum: number, seats: readonly number[], earlier?: readonly ColourResult[]): boolean {
  if (sum === 0) return seats.length === 0 && nobodyFits(s, colour);
  return seats.length > 0 && saidFits(s, colour, seats.map((seat) => ({ seat, sum })), earlier);
}

/** The sums entered so far for the colour being scored (entry `every-sum`). */
export const saidSoFar = (s: DiaboloState): Said[] => s.scoring!.sums.flatMap((sum, seat) => (sum === null ? [] : [{ seat, sum }]));
