import type { PlusMove, PlusState } from '../../../engine/plus/game.ts';
import { DICE } from '../../../engine/plus/dice.ts';
import type { Outcome } from '../../../engine/core/contract.ts';
import type { Placing, SheetLine } from '../../components/ranking.ts';

/**
 * Plus keeps no points: its sheet is the moves, a line per round (everyone moved once), each
 * player's column the dice they turned ("IV 1→3"), the way a table would note the game.
 */
export function movesBySeat(history: readonly { state: PlusState; move: unknown }[], players: number): SheetLine[] {
  const lines: SheetLine[] = [];
  history.forEach((h, i) => {
    const round = Math.floor(i / players);
    const line = (lines[round] ??= { label: { de: `Runde ${round + 1}`, en: `Round ${round + 1}` }, cells: Array<string | null>(players).fill(null) });
    const to = (h.move as PlusMove).to;
    line.cells[h.state.toMove] = DICE.filter((d) => to[d] !== h.state.dice[d])
      .map((d) => `${d} ${h.state.dice[d]}→${to[d]}`)
      .join(', ');
  });
  return lines;
}

/**
 * The end of a Plus game as places: the winners first (one, or everyone but the loser, as the
 * option `winner` reads the rules for three or more), the loser last, anyone else between.
 */
export function endRanking(outcome: Outcome, players: number, name: (seat: number) => string, lost: string): Placing[] {
  const place = (seat: number) => (outcome.winners.includes(seat) ? 1 : outcome.losers.includes(seat) ? players : 1 + outcome.winners.length);
  return Array.from({ length: players }, (_, seat) => seat)
    .sort((a, b) => place(a) - place(b) || a - b)
    .map((seat) => ({ seat, name: name(seat), score: outcome.losers.includes(seat) ? lost : '', place: place(seat) }));
}
