import type { Bot } from '../core/contract.ts';
import { pick, type Rng } from '../core/rng.ts';
import { canRollOn, diceToRoll, nextBox, placements } from './rules.ts';
import { currentTafel, type EubMove, type EubState } from './state.ts';
import { parseBoxId } from './tafel.ts';

/** A roll as chance makes it: the number of dice the rules ask for, each face equally likely. */
export function randomRoll(s: EubState, rng: Rng): EubMove {
  return { type: 'roll', values: Array.from({ length: diceToRoll(s) }, () => 1 + rng.int(6)) };
}

/** Picks uniformly among the decisions (each placement, stop, roll on); a roll's faces come from the rng. */
const random: Bot<EubState, EubMove> = (s, rng) => {
  if (!s.turn) return randomRoll(s, rng);
  const choices: (EubMove | 'roll')[] = placements(s);
  if (s.turn.placedSinceRoll > 0) choices.push({ type: 'stop' });
  if (canRollOn(s)) choices.push('roll');
  const c = pick(choices, rng);
  return c === 'roll' ? randomRoll(s, rng) : c;
};

/**
 * Worth of a placement to the one who makes it: a completed white row is its points, a completed
 * black row what it would cost; otherwise it is a step toward a row, good for a white row only
 * while someone else cannot finish it cheaply, so it counts a little, and a black row counts a
 * little against it.
 */
function worth(s: EubState, m: Extract<EubMove, { type: 'place' }>): number {
  const [r, i] = parseBoxId(m.box)!;
  const row = currentTafel(s).rows[r];
  const left = row.boxes.length - 1 - i;
  if (left === 0) return row.colour === 'white' ? row.points : -Math.min(row.points, s.points[s.toMove]) - 1;
  const step = row.points / (4 * (left + 1));
  return row.colour === 'white' ? (left === 1 ? -step : step) : -step;
}

/** Takes the best placement, keeps placing while it gains, and rolls on early in a turn. */
const greedy: Bot<EubState, EubMove> = (s, rng) => {
  if (!s.turn) return randomRoll(s, rng);
  const options = placements(s)
    .map((m) => ({ m, w: worth(s, m) }))
    .sort((a, b) => b.w - a.w);
  if (s.turn.placedSinceRoll === 0 || (options.length > 0 && options[0].w > 0)) return options[0].m;
  // Rolling on risks being forced onto a black row; worth it while few rolls are spent and dice remain.
  if (canRollOn(s) && s.turn.rolls < 3 && s.turn.hand.length >= 2 && openWhiteRows(s) > 0) return randomRoll(s, rng);
  return { type: 'stop' };
};

const openWhiteRows = (s: EubState) => currentTafel(s).rows.filter((row, r) => row.colour === 'white' && nextBox(s.filled[r]) >= 0).length;

export const bots = { random, greedy };
