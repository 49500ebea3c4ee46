import type { Bot } from '../core/contract.ts';
import { pick } from '../core/rng.ts';
import type { Colour } from './cards.ts';
import type { DiaboloMove, DiaboloState } from './state.ts';

/** The game's own functions, passed in so the bots never import the game module back. */
interface Rules {
  legalMoves(s: DiaboloState): DiaboloMove[];
  toMove(s: DiaboloState): number | null;
}

/** A bot with all hands in the state looks only at the hand of the seat it decides for. */
function ownSum(s: DiaboloState, seat: number, colour: Colour): number {
  return (s.hidden?.hands[seat] ?? []).filter((c) => c.colour === colour).reduce((a, c) => a + c.value, 0);
}

/** Sum above which a hand is likely the highest of its colour (a colour holds 37 points in all). */
const STRONG = 6;

/**
 * `random` picks any legal move. `greedy` plays the card that helps its own hand most: a colour
 * it is strong in gets angel points, a weak colour devil points; at the Doppler each seat with it
 * left doubles on a colour it is strong in (each decides on its own hand). Both are functions of
 * the state and the seeded rng only.
 */
export function diaboloBots({ legalMoves, toMove }: Rules): Record<string, Bot<DiaboloState, DiaboloMove>> {
  return {
    random: (s, rng) => pick(legalMoves(s), rng),
    greedy: (s, rng) => {
      const moves = legalMoves(s);
      if (!s.hidden) return pick(moves, rng);
      const seat = toMove(s)!;
      if (s.phase === 'doppler') {
        const colour = s.scoring!.colour;
        return { type: 'doppler', seats: s.dopplerUsed.flatMap((used, p) => (!used && ownSum(s, p, colour) >= STRONG ? [p] : [])) };
      }
      if (s.phase === 'colour') return pick(moves, rng);
      let best: DiaboloMove[] = [];
      let bestValue = -Infinity;
      for (const m of moves) {
        let value = 0;
        if (m.type === 'play') {
          const strength = ownSum(s, seat, m.colour) - m.value - STRONG;
          value = (m.side === 'angel' ? 1 : -1) * strength * m.value;
        } else if (m.type === 'discard') {
          value = -m.value;
        }
        if (value > bestValue) [best, bestValue] = [[m], value];
        else if (value === bestValue) best.push(m);
      }
      return pick(best, rng);
    },
  };
}
