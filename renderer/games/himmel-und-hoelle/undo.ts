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

/**
 * The state before the end of a turn the camera read, where that end is the last action (nothing
 * played since): a die of that turn that moves now opens the turn again (`explainTable`'s
 * `reopen`). Taken from the history, whose sources come from the record, so a reload keeps it.
 */
export function cameraEndBefore<S>(history: readonly { state: S; move: unknown; source?: string }[]): S | null {
  const last = history[history.length - 1];
  return last && last.source === 'camera' && (last.move as { type?: unknown }).type === 'end' ? last.state : null;
}
