/**
 * How many actions "take back the whole turn" takes back: those of the turn under way, or, where
 * a turn has just ended (its `end` is the last action), that whole turn with its end. A guided
 * computer turn is so undone in one go and shown again from its first action. The start values
 * are no turn and stay.
 */
export function actionsOfLastTurn(history: readonly { move: unknown }[]): number {
  const type = (k: number) => (history[k].move as { type?: unknown }).type;
  let i = history.length - 1;
  if (i >= 0 && type(i) === 'end') i--;
  while (i >= 0 && type(i) !== 'end' && type(i) !== 'start-values') i--;
  return history.length - 1 - i;
}
