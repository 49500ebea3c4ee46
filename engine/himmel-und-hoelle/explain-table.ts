import { SIDE_NAME, type Side } from './board.ts';
import { explain, type HuhExplanation } from './explain.ts';
import { play } from './game.ts';
import type { HuhObservation } from './parse.ts';
import { whyNot } from './rules.ts';
import { other, sameDice, type HuhDie, type HuhMove, type HuhState } from './state.ts';

const END: HuhMove = { type: 'end' };
const FREE_PASS: HuhMove = { type: 'free-pass' };

/**
 * `explain`'s answer as the table means it; `reopened`: the moves continue the turn that the
 * camera ended last (`opts.reopen`), whose end is taken back first.
 */
export type TableVerdict = HuhExplanation | (Extract<HuhExplanation, { legal: true }> & { reopened: true });

export interface TableOptions {
  budget?: number;
  /**
   * The state before the end of the turn the camera ended last, given while nothing has been
   * played since (the state `s` is the one that end left): a die of that side that moves now
   * moved after the end was read, and continues that turn.
   */
  reopen?: HuhState;
}
const ofSide = (dice: readonly HuhDie[], side: Side) => dice.filter((d) => d.side === side);

/**
 * A settled board read from the camera, where nobody taps "end the turn" (docs/himmel-und-hoelle.md,
 * "When a turn read from the camera is over"). The seed gives no signal for the end of a turn; at
 * the table it is over
 * - when its AP are spent: the actions the board shows are played and the turn ends with them
 *   (free movement, which costs no AP, goes with or before the last AP's action: the board is
 *   explained as a whole, in any order; one read after the end, before the other side did
 *   anything, opens the turn again: `opts.reopen`);
 * - or, with AP left, when the board shows the other side's turn (switch `cameraTurnEnd`, default
 *   'board'; 'tap' refuses such a board until the end is tapped): the turn under way ends with the
 *   AP it has left and the other side's actions are played (a person playing the other side needs
 *   no tap either). Where the side to move left its own dice as they were and only the other
 *   side's changed, that is the other side's turn first; a battle that leaves every die as it was
 *   (a winner on 6, a loser on 1) is looked for only where it is not. Against the computer the
 *   screen ends such a turn when the board lies still (table-watch.svelte.ts).
 * A battle's free AP that the board shows unused (where it may go unused) is passed the same way.
 * Anything else is `explain`'s answer within the turn.
 */
export function explainTable(s: HuhState, obs: HuhObservation, opts: TableOptions = {}): TableVerdict {
  const entered = (obs.battles?.length ?? 0) > 0;
  if (s.phase === 'free' && !entered) return freeOver(s, obs, opts);
  if (s.phase !== 'turn' || entered) return spent(s, explain(s, obs, opts));
  const me = s.active;
  const mineAsWere = sameDice(ofSide(s.dice, me), ofSide(obs.dice, me));
  const theirsMoved = !sameDice(ofSide(s.dice, other(me)), ofSide(obs.dice, other(me)));
  if (mineAsWere && theirsMoved) {
    const late = opts.reopen && lateMove(s, opts.reopen, obs, opts);
    if (late) return late;
    const next = nextTurn(s, obs, opts);
    if (next) return next;
    return spent(s, explain(s, obs, opts));
  }
  const own = explain(s, obs, opts);
  if (own.legal || !theirsMoved) return spent(s, own);
  return nextTurn(s, obs, opts) ?? own;
}

/**
 * A die of the side whose turn the camera ended moved after all, before the side now to move did
 * anything (a step paid by lowering after the last AP's action was read, or an action after the
 * board lay still): the end is taken back and the turn goes on from there, ending again where its
 * AP are spent. Null where the board is no continuation of that turn.
 */
function lateMove(s: HuhState, before: HuhState, obs: HuhObservation, opts: TableOptions): TableVerdict | null {
  if (before.phase !== 'turn' || before.active === s.active || !sameDice(before.dice, s.dice)) return null;
  const v = explain(before, obs, { budget: opts.budget });
  if (!v.legal || v.unchanged) return null;
  const done = spent(before, v);
  return done.legal ? { ...done, reopened: true } : null;
}

/**
 * The turn ended where it stands and the board explained as the other side's: null where it is
 * not. Under `cameraTurnEnd: 'tap'` a turn with AP left ends only by a tap: the board is refused
 * saying so.
 */
function nextTurn(s: HuhState, obs: HuhObservation, opts: TableOptions): HuhExplanation | null {
  const ended = play(s, END);
  if (ended.phase !== 'turn') return null;
  const v = explain(ended, obs, { budget: opts.budget });
  if (!v.legal || v.unchanged) return null;
  if (s.rules.cameraTurnEnd === 'tap') return notEnded(s);
  return spent(s, { ...v, moves: [END, ...v.moves], alternatives: v.alternatives.map((a) => [END, ...a]) });
}

function notEnded(s: HuhState): HuhExplanation {
  const [de, en] = [SIDE_NAME[s.active].de, SIDE_NAME[s.active].en];
  return {
    legal: false,
    code: 'turn-not-ended',
    reason: {
      de: `Das Brett zeigt den Zug der anderen Seite, aber ${de} hat noch ${s.ap} AP: bitte erst „Zug beenden“ antippen (Hausregel „Zugende mit übrigen AP“).`,
      en: `The board shows the other side's turn, but ${en} has ${s.ap} AP left: please tap "End turn" first (house rule "End of a turn with AP left").`,
    },
  };
}

/**
 * A battle's free AP pending: the board shows it used (and what follows in the turn), or, where
 * it may go unused, the turn going on without it (the other side's turn where the AP are spent).
 */
function freeOver(s: HuhState, obs: HuhObservation, opts: TableOptions): TableVerdict {
  const used = spent(s, explain(s, obs, opts));
  if (used.legal || whyNot(s, FREE_PASS)) return used;
  const v = explainTable(play(s, FREE_PASS), obs, { budget: opts.budget });
  if (!v.legal || v.unchanged) return used;
  return { ...v, moves: [FREE_PASS, ...v.moves], alternatives: v.alternatives.map((a) => [FREE_PASS, ...a]) };
}

/** The turn's last AP spent by what the board shows: the turn ends with it. */
function spent(s: HuhState, v: HuhExplanation): HuhExplanation {
  if (!v.legal || v.unchanged || v.moves.length === 0) return v;
  const after = v.moves.reduce(play, s);
  if (after.phase !== 'turn' || after.ap > 0) return v;
  return { ...v, moves: [...v.moves, END], alternatives: v.alternatives.map((a) => [...a, END]) };
}
