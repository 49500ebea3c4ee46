import type { Bot } from '../core/contract.ts';
import { pick, type Rng } from '../core/rng.ts';
import { GREEDY_STYLE, evaluate, type Style } from './bots-eval.ts';
import { GREEDY, battleMove, bestFree, chooseCard, keyOf, planTurn, settle } from './bots-plan.ts';
import { apply, legalCards, legalMoves, toMove } from './rules.ts';
import { sideOfDie, type HuhMove, type HuhState } from './state.ts';
import type { Side } from './board.ts';

/**
 * Computer players. `random` plays any legal action. `greedy` plans its whole turn (a beam search
 * over the turn's tree of actions, `bots-plan.ts`) for the best position at the end of it. `strong`
 * takes its planner's best few turns and plays each on: the opponent's reply as the greedy player
 * would play it, then its own best next turn; it keeps the turn that leads to the best position
 * (three plies of whole turns). Every search is bounded by a count of positions, never the clock,
 * so each level is a function of position and seed on any machine load.
 */

/** The strong player's judgement while the game moves on: the true way home around enemy dice. */
const STRONG_STYLE: Style = { wallRow: 11, jamRows: 2, jam: 3, way: 'home' };
/**
 * The strong player's once a game has stalled: a wall of enemy dice opens only when its owner moves
 * it, and a die moves only into an empty field, so it keeps back from a wall and leaves it room.
 * Pressing a wall pays against a player who opens it for a gain; keeping back pays against one who
 * moves it anyway, so this is the way out once pressing has got nowhere.
 */
const PATIENT_STYLE: Style = { wallRow: 7, jamRows: 3, jam: 6, way: 'home' };
/** Own turns after which a game counts as stalled (won games take 15 to 35 turns). */
const STALLED_AFTER = 40;
/**
 * Whole turns the strong player plays on after each of its candidate turns: the opponent's reply
 * and its own next turn. Ending on its own turn judges positions as the planner does, where the
 * side to move has just used its AP; ending on the reply (one ply, or three) measured worse.
 */
const STRONG_PLIES = 2;
/** The strong player's own search for its candidate turns. */
const STRONG_PLAN = { width: 8, budget: 3500, keep: 5 };

/**
 * The game played on from the end of one of `me`'s turns for `plies` whole turns, the opponent's
 * as the greedy player would play them and `me`'s by the same planner in `me`'s style; how the
 * position then looks for `me`. Ending a turn may end the game (a third repetition): it is judged there.
 */
function lookahead(s: HuhState, me: Side, style: Style, plies: number): number {
  for (let k = 0; k < plies && s.phase !== 'over'; k++) {
    const next = apply(s, { type: 'end' });
    s = planTurn(next, next.active === me ? { ...GREEDY, style } : GREEDY, null)[0].state;
  }
  return evaluate(s, me, style);
}

const strongStyle = (s: HuhState): Style => (s.turns[s.active] > STALLED_AFTER ? PATIENT_STYLE : STRONG_STYLE);

const fullKey = (s: HuhState) => JSON.stringify(s);

/**
 * A bot that plans whole turns. It thinks once a turn and remembers the rest of its plan by
 * position (its own memory, never another level's), so the actions after the first cost
 * nothing; a position the plan did not foresee (a battle lost) is planned afresh. With
 * `throughBattles` it remembers the plan past a battle, at the position the cards and the free AP
 * lead to as it expected them; without, it plans afresh after every battle (the greedy player,
 * kept as it plays).
 */
function turnBot(styleOf: (s: HuhState) => Style, choose: (s: HuhState, rng: Rng) => HuhMove[], throughBattles: boolean): Bot<HuhState, HuhMove> {
  const remembered = new Map<string, HuhMove[]>();
  const follow = (s: HuhState, moves: HuhMove[]): HuhMove => {
    const [first, ...rest] = moves.length > 0 ? moves : [{ type: 'end' } as HuhMove];
    if (remembered.size > 2000) remembered.clear();
    if (first.type !== 'end') {
      const after = apply(s, first);
      remembered.set(fullKey(throughBattles ? settle(after, s.active, GREEDY_STYLE) : after), rest);
    }
    return first;
  };
  return (s, rng) => {
    const seat = toMove(s)!;
    switch (s.phase) {
      case 'setup':
        return { type: 'start-values', pips: [6, 6, 6, 6, 6] };
      case 'battle':
        return battleMove(s, (k) => chooseCard(s, k));
      case 'free':
        if (seat !== s.active) {
          const after = bestFree(s, seat, styleOf(s));
          return legalMoves(s).find((m) => keyOf(apply(s, m)) === keyOf(after))!;
        }
        break;
    }
    const key = fullKey(s);
    const plan = remembered.get(key);
    if (plan) {
      remembered.delete(key);
      return follow(s, plan);
    }
    return follow(s, choose(s, rng));
  };
}

/** The strong player; its search sizes can be given for measuring others against the defaults. */
export function strongPlayer(plan = STRONG_PLAN, plies = STRONG_PLIES): Bot<HuhState, HuhMove> {
  return turnBot(
    strongStyle,
    (s, rng) => {
      const style = strongStyle(s);
      const candidates = planTurn(s, { ...plan, style }, rng);
      let best = candidates[0];
      let value = -Infinity;
      for (const c of candidates) {
        const v = lookahead(c.state, s.active, style, plies) + rng.next() * 0.5;
        if (v > value) [best, value] = [c, v];
      }
      return best.moves;
    },
    true,
  );
}

export const BOTS: Record<string, Bot<HuhState, HuhMove>> = {
  random: (s, rng) => {
    if (s.phase === 'battle') {
      const b = s.battle!;
      return battleMove(s, (k) => pick(legalCards(s, k, s.dice[sideOfDie(b.attacker) === k ? b.attacker : b.defender].pips), rng));
    }
    return pick(legalMoves(s), rng);
  },
  greedy: turnBot(() => GREEDY_STYLE, (s, rng) => planTurn(s, GREEDY, rng)[0].moves, false),
  strong: strongPlayer(),
};
