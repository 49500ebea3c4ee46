import type { Outcome } from '../../../engine/core/contract.ts';
import type { Side } from '../../../engine/himmel-und-hoelle/board.ts';
import { goalDice, goalPips, type HuhState } from '../../../engine/himmel-und-hoelle/state.ts';
import type { Placing, SheetLine } from '../../components/ranking.ts';
import { t, tx } from '../../i18n/index.svelte.ts';
import { pipsInGoal } from './words.ts';

const SIDES: Side[] = [0, 1];

/**
 * The duel's final ranking: the winner first, both first on a draw. By pips in the goal, but the
 * engine's word decides (on equal pips the third die home wins), so the places follow `outcome`.
 */
export function duelRanking(s: HuhState, outcome: Outcome, name: (side: Side) => string): Placing[] {
  return [...SIDES]
    .sort((a, b) => Number(outcome.winners.includes(b)) - Number(outcome.winners.includes(a)) || a - b)
    .map((side) => ({
      seat: side,
      name: name(side),
      score: t(pipsInGoal(goalPips(s, side))),
      place: outcome.draw || outcome.winners.includes(side) ? 1 : 2,
    }));
}

/** The end's score sheet: dice and pips each side brought home. */
export function duelSheet(s: HuhState): SheetLine[] {
  return [
    { label: tx('Würfel im Ziel', 'Dice in the goal'), cells: SIDES.map((side) => goalDice(s, side).length) },
    { label: tx('Augen im Ziel', 'Pips in the goal'), cells: SIDES.map((side) => goalPips(s, side)) },
  ];
}
