import { canRollOn, targetsOf } from '../../../engine/engel-und-bengel/rules.ts';
import type { EubMove, EubState } from '../../../engine/engel-und-bengel/state.ts';

/** The roll entry's first control that takes a press: a number while dice are missing, else "Wurf eintragen". */
export const ROLL_ENTRY = '.eub [data-testid="roll-entry"] button:not(:disabled)';

/**
 * The control the game waits for now, as a selector for focusNext: the summary's "Weiter", the
 * camera's question, the roll entry, the first die of the roll that fits somewhere, else "Weiterwürfeln"
 * or "Aufhören". Null at the end of the game (the end screen takes the focus itself).
 */
export function waitingFor(pos: EubState, ui: { summary: boolean; askOrder: boolean; rollDue: boolean }): string | null {
  if (ui.summary) return '[data-testid="summary-ok"]';
  if (ui.askOrder) return '[data-testid="order-0"]';
  if (pos.over) return null;
  if (ui.rollDue || !pos.turn) return ROLL_ENTRY;
  const fits = pos.turn.hand.findIndex((v) => targetsOf(pos, v).length > 0);
  if (fits >= 0) return `[data-testid="hand-${fits}"]`;
  return canRollOn(pos) ? '[data-testid="roll-on"]' : '[data-testid="stop"]';
}

/** After an undo, what it took back where it lies again: a die taken off the Tafel is back in the roll. Null: what the game waits for. */
export function takenBackAt(move: EubMove, pos: EubState): string | null {
  if (move.type !== 'place' || !pos.turn) return null;
  const i = pos.turn.hand.indexOf(move.value);
  return i >= 0 ? `[data-testid="hand-${i}"]` : null;
}

