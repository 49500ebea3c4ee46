import type { Side } from './board.ts';
import { explain, type HuhExplanation } from './explain.ts';
import { play } from './game.ts';
import type { HuhObservation } from './parse.ts';
import { other, sameDice, type HuhDie, type HuhMove, type HuhState } from './state.ts';

const END: HuhMove = { type: 'end' };
const ofSide = (dice: readonly HuhDie[], side: Side) => dice.filter((d) => d.side === side);

/**
 * A settled board read from the camera, where nobody taps "end the turn" (docs/himmel-und-hoelle.md,
 * "When a turn read from the camera is over"). The seed gives no signal for the end of a turn; at
 * the table it is over
 * - when its AP are spent: the actions the board shows are played and the turn ends with them
 *   (free movement, which costs no AP, goes with or before the last AP's action: the board is
 *   explained as a whole, in any order);
 * - or when the board shows the other side's turn: the turn under way ends with the AP it has left
 *   and the other side's actions are played (a person playing the other side needs no tap
 *   either). Where the side to move left its own dice as they were and only the other side's
 *   changed, that is the other side's turn first; a battle that leaves every die as it was (a
 *   winner on 6, a loser on 1) is looked for only where it is not.
 * Anything else is `explain`'s answer within the turn.
 */
export function explainTable(s: HuhState, obs: HuhObservation, opts: { budget?: number } = {}): HuhExplanation {
  if (s.phase !== 'turn' || (obs.battles?.length ?? 0) > 0) return spent(s, explain(s, obs, opts));
  const me = s.active;
  const mineAsWere = sameDice(ofSide(s.dice, me), ofSide(obs.dice, me));
  const theirsMoved = !sameDice(ofSide(s.dice, other(me)), ofSide(obs.dice, other(me)));
  if (mineAsWere && theirsMoved) {
    const next = nextTurn(s, obs, opts);
    if (next) return next;
    return spent(s, explain(s, obs, opts));
  }
  const own = explain(s, obs, opts);
  if (own.legal || !theirsMoved) return spent(s, own);
  return nextTurn(s, obs, opts) ?? own;
}

/** The turn ended where it stands and the board explained as the other side's: null where it is not. */
function nextTurn(s: HuhState, obs: HuhObservation, opts: { budget?: number }): HuhExplanation | null {
  const ended = play(s, END);
  if (ended.phase !== 'turn') return null;
  const v = explain(ended, obs, opts);
  if (!v.legal || v.unchanged) return null;
  return spent(s, { ...v, moves: [END, ...v.moves], alternatives: v.alternatives.map((a) => [END, ...a]) });
}

/** The turn's last AP spent by what the board shows: the turn ends with it. */
function spent(s: HuhState, v: HuhExplanation): HuhExplanation {
  if (!v.legal || v.unchanged || v.moves.length === 0) return v;
  const after = v.moves.reduce(play, s);
  if (after.phase !== 'turn' || after.ap > 0) return v;
  return { ...v, moves: [...v.moves, END], alternatives: v.alternatives.map((a) => [...a, END]) };
}
