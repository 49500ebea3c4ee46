import type { Bot } from '../core/contract.ts';
import { pick } from '../core/rng.ts';
import type { ZwirnMove, ZwirnState } from './state.ts';
import { pileTop } from './rules.ts';

/** The game's own functions, passed in so the bots never import the game module back. */
interface Rules {
  legalMoves(s: ZwirnState): ZwirnMove[];
  toMove(s: ZwirnState): number | null;
}

/**
 * `random` picks any legal play (taking the marked pile is always among them). `greedy` plays
 * the number card that leaves its pile the most room, else a special card (one minus point)
 * unless the marked pile costs no more, and picks its highest number card as a new target.
 */
export function zwirnBots({ legalMoves }: Rules): Record<string, Bot<ZwirnState, ZwirnMove>> {
  // A count of the draw pile is the table correcting the referee, not a play: bots never make one.
  const choices = (s: ZwirnState) => legalMoves(s).filter((m) => m.type !== 'draw-pile');
  return {
    random: (s, rng) => pick(choices(s), rng),
    greedy: (s, rng) => {
      const moves = choices(s);
      const targets = moves.filter((m) => m.type === 'target');
      if (targets.length > 0) return targets.reduce((a, b) => ((b.card ?? 0) > (a.card ?? 0) ? b : a));
      const plays = moves.filter((m) => m.type === 'play');
      if (plays.length > 0) {
        const gap = (m: (typeof plays)[number]) => m.card - (pileTop(s, m.pile) ?? 0);
        const least = Math.min(...plays.map(gap));
        return pick(
          plays.filter((m) => gap(m) === least),
          rng,
        );
      }
      const specials = moves.filter((m) => m.type !== 'take');
      const cost = s.piles[s.marker - 1].length + s.targets[s.marker - 1].length;
      if (specials.length > 0 && cost > 1) return pick(specials, rng);
      return moves.find((m) => m.type === 'take') ?? pick(moves, rng);
    },
  };
}
