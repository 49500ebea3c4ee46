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

/**
 * How many actions "take back the last action" takes back: the last tap whole. A die tapped from
 * its start area to b3 walks three fields, each a step of its own in the record, and comes back in
 * one go. `played` is how many actions the screen saw the last tap (or camera reading) play; a
 * game resumed from its record does not know, and there a run of steps of one die, entered the
 * same way, counts as one walk.
 */
export function actionsOfLastTap(history: readonly { state: unknown; move: unknown; source?: string }[], played?: number): number {
  if (history.length === 0) return 0;
  if (played !== undefined) return Math.min(played, history.length);
  const step = (k: number) => history[k].move as { type?: unknown; die?: unknown };
  const last = history.length - 1;
  if (step(last).type !== 'step' || (history[last].source !== 'tap' && history[last].source !== 'camera')) return 1;
  let i = last;
  while (i > 0 && step(i - 1).type === 'step' && step(i - 1).die === step(last).die && history[i - 1].source === history[last].source) i--;
  return history.length - i;
}
