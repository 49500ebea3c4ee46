import type { Text } from '../../../engine/core/contract.ts';
import { SIDE_NAME, type Side } from '../../../engine/himmel-und-hoelle/board.ts';
import { himmelUndHoelle as game } from '../../../engine/himmel-und-hoelle/game.ts';
import type { HuhMove, HuhState } from '../../../engine/himmel-und-hoelle/state.ts';
import { count, join, tx } from '../../i18n/text.ts';

/**
 * Each side's colour on screen: the banner of the side to move, its dice's edge. Himmel dark blue,
 * Hölle dark red, the colours of the dice drawn on the board; white text reads on both.
 */
export const SIDE_COLOUR: Record<Side, string> = { 0: '#1f3b60', 1: '#7a1f1f' };

/** The computer's action shown and lit, not yet played: it waits for the table. */
export interface Pending {
  before: HuhState;
  move: HuhMove;
  after: HuhState;
}

/**
 * What to carry out for the computer: its action, or for its battle card the battle's result on
 * the board (the card itself stays hidden until both are in; then `lastBattle` shows both).
 */
export function pendingWords(p: Pending): Text {
  if (p.move.type !== 'card' && p.move.type !== 'cards') return game.describeMove(p.before, p.move);
  const b = p.after.lastBattle!;
  const changed = p.after.dice.flatMap((d, i) => (d.pips !== p.before.dice[i].pips ? [`${d.at}: ${p.before.dice[i].pips} → ${d.pips}`] : []));
  return tx(
    `Kampf: Himmel Karte ${b.cards[0]}, Hölle Karte ${b.cards[1]}, ${SIDE_NAME[b.winner].de} gewinnt. Augen ändern: ${changed.join(', ')}`,
    `Battle: Himmel card ${b.cards[0]}, Hölle card ${b.cards[1]}, ${SIDE_NAME[b.winner].en} wins. Change the pips: ${changed.join(', ')}`,
  );
}

/** "1 Auge im Ziel" / "5 Augen im Ziel": what a side brought home. */
export const pipsInGoal = (n: number): Text => join([count(n, tx('Auge', 'pip'), tx('Augen', 'pips')), tx('im Ziel', 'in the goal')]);
