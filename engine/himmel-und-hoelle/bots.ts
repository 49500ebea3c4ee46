import type { Bot } from '../core/contract.ts';
import { pick, type Rng } from '../core/rng.ts';
import { GOAL, PLACES, START, isField, neighbours, progress, type Side } from './board.ts';
import { apply, battleWinner, legalCards, legalMoves, toMove } from './rules.ts';
import { goalPips, inGoal, other, sideOfDie, type HuhMove, type HuhState } from './state.ts';

/**
 * Computer players. `random` plays any legal action. `greedy` plans its whole turn (a beam search
 * over the turn's tree of actions) for the best position at the end of it. `strong` takes the
 * planner's best few turns and plays each on: the opponent's greedy reply, then its own best next
 * turn; it keeps the turn that leads to the best position (three plies of whole turns). Every
 * search is bounded by a count of positions, never the clock, so each level is a function of
 * position and seed on any machine load.
 */

// ---- evaluation --------------------------------------------------------------------------

const WIN = 1e6;

/** The terms in which the levels judge a position differently. */
interface Style {
  /** Progress a walled-off die is credited with at most: beyond it, crowding the wall gains nothing. */
  wallRow: number;
  /** Enemy dice this close to their start (in rows) that are jammed wall off one's goal for good. */
  jamRows: number;
  /** What such a jammed enemy die costs. */
  jam: number;
}

/** The greedy player's judgement, and the strong player's while the game moves on. */
const GREEDY_STYLE: Style = { wallRow: 11, jamRows: 2, jam: 3 };
/**
 * The strong player's once a game has stalled: a wall of enemy dice opens only when its owner moves
 * it, and a die moves only into an empty field, so it keeps back from a wall and leaves it room.
 * Pressing a wall pays against a player who opens it for a gain; keeping back pays against one who
 * moves it anyway, so this is the way out once pressing has got nowhere.
 */
const PATIENT_STYLE: Style = { wallRow: 7, jamRows: 3, jam: 6 };
/** Own turns after which a game counts as stalled (won games take 15 to 35 turns). */
const STALLED_AFTER = 40;
/**
 * Whole turns the strong player plays on after each of its candidate turns: the opponent's reply
 * and its own next turn. Ending on its own turn judges positions as the planner does, where the
 * side to move has just used its AP; ending on the reply (one ply, or three) measured worse.
 */
const STRONG_PLIES = 2;

/** How good the position is for `me`, as if the turn ended now. */
export function evaluate(s: HuhState, me: Side, style: Style = GREEDY_STYLE): number {
  if (s.phase === 'over') {
    const a = goalPips(s, me);
    const b = goalPips(s, other(me));
    if (a === b) return s.rules.equalPips === 'finisher' ? (s.finisher === me ? WIN : -WIN) : 0;
    return (a > b ? WIN : -WIN) + (a - b);
  }
  return sideValue(s, me, style) - sideValue(s, other(me), style);
}

const INDEX = new Map(PLACES.map((p, i) => [p, i]));
const adjacency = new Map<string, number[][]>();

/** Neighbour lists by place index for one side under one set of board rules. */
function adjacencyOf(s: HuhState, side: Side): number[][] {
  const r = s.rules;
  const key = `${side}${+r.enterAnyColumn}${+r.goalFinal}${+r.returnToStart}`;
  let adj = adjacency.get(key);
  if (!adj) {
    adj = PLACES.map((p) => neighbours(p, side, r).map((n) => INDEX.get(n)!));
    adjacency.set(key, adj);
  }
  return adj;
}

/**
 * Steps from every place to `side`'s goal, walking around enemy dice (own dice may still make
 * way). Where enemy dice wall the goal off, the walk cannot finish: such places get -1.
 */
function pathsHome(s: HuhState, side: Side): Int8Array {
  const adj = adjacencyOf(s, side);
  const blocked = new Uint8Array(PLACES.length);
  for (const d of s.dice) if (d.side !== side && isField(d.at)) blocked[INDEX.get(d.at)!] = 1;
  const dist = new Int8Array(PLACES.length).fill(-1);
  const goal = INDEX.get(GOAL[side])!;
  dist[goal] = 0;
  const queue = [goal];
  // The board's steps are symmetric, so walking out from the goal gives the distance to it.
  for (let q = 0; q < queue.length; q++) {
    const here = queue[q];
    for (const n of adj[here]) {
      if (dist[n] >= 0 || blocked[n]) continue;
      if (!isField(PLACES[n])) continue;
      dist[n] = dist[here] + 1;
      queue.push(n);
    }
  }
  const start = INDEX.get(START[side])!;
  for (const n of adj[start]) if (dist[n] >= 0 && (dist[start] < 0 || dist[n] + 1 < dist[start])) dist[start] = dist[n] + 1;
  return dist;
}

/** Whether a die on a field has no empty field to step to: jammed dice cannot make room for a push. */
function jammed(adj: number[][], at: number, taken: Uint8Array): boolean {
  return adj[at].every((n) => taken[n] || !isField(PLACES[n]));
}

function sideValue(s: HuhState, side: Side, style: Style): number {
  let v = 0;
  let home = 0;
  const paths = pathsHome(s, side);
  const adj = adjacencyOf(s, side);
  const taken = new Uint8Array(PLACES.length);
  for (const d of s.dice) if (isField(d.at)) taken[INDEX.get(d.at)!] = 1;
  for (const d of s.dice) {
    if (d.side !== side) continue;
    if (inGoal(d)) {
      home++;
      v += 45 + 9 * d.pips;
    } else {
      const way = paths[INDEX.get(d.at)!];
      // A walled-off die counts as if three rows further back: the wall's owner must open it.
      const p = way >= 0 ? 11 - way : Math.max(0, Math.min(progress(side, d.at), style.wallRow) - 3);
      // Rows gained are worth more near the goal; pips are movement for later and battle strength.
      v += 3 * p + 0.15 * p * p + 2.2 * d.pips + (isField(d.at) ? 2 : 0);
      if (isField(d.at) && jammed(adj, INDEX.get(d.at)!, taken)) v -= 4;
    }
  }
  // Enemy dice jammed on their own first rows wall off this side's goal: only their owner
  // can move them (a push needs an empty field next to them), so crowding them there is a dead end.
  for (const d of s.dice) {
    if (d.side !== side && isField(d.at) && progress(d.side, d.at) <= style.jamRows && jammed(adjacencyOf(s, d.side), INDEX.get(d.at)!, taken)) v -= style.jam;
  }
  // Cards are strength in later battles; high ones only help low dice, so they count less.
  const cards = s.cards[side].reduce((n, c) => n + Math.min(c, 7), 0);
  return v + 0.25 * cards + (home >= 2 ? 5 : 0);
}

// ---- battle cards ------------------------------------------------------------------------

function battleSides(s: HuhState, seat: Side) {
  const b = s.battle!;
  const attacking = sideOfDie(b.attacker) === seat;
  const mine = s.dice[attacking ? b.attacker : b.defender].pips;
  const theirs = s.dice[attacking ? b.defender : b.attacker].pips;
  const wins = (my: number, their: number) =>
    attacking ? battleWinner(mine, my, theirs, their) === 'attacker' : battleWinner(theirs, their, mine, my) === 'defender';
  return { mine, theirs, wins };
}

/** The cheapest card that wins against every card the opponent could play, if any. */
function sureWin(s: HuhState, seat: Side): number | null {
  const { mine, theirs, wins } = battleSides(s, seat);
  const their = legalCards(s, other(seat), theirs);
  return legalCards(s, seat, mine).find((c) => their.every((t) => wins(c, t))) ?? null;
}

/**
 * A card without looking at the opponent's hidden choice. Both hands are open knowledge, and one
 * side always has a sure win (the higher of the two best strengths, ties to the higher card, then
 * to the defender): that side plays its cheapest sure card, the other the 0, never used up.
 */
function chooseCard(s: HuhState, seat: Side): number {
  return sureWin(s, seat) ?? 0;
}

/**
 * The battle move: the seat's own card, or in the referee view (both cards in one move) each
 * seat's choice as that seat would make it, neither looking at the other's.
 */
function battleMove(s: HuhState, card: (seat: Side) => number): HuhMove {
  return s.view === 'referee' ? { type: 'cards', cards: [card(0), card(1)] } : { type: 'card', card: card(toMove(s)!) };
}

// ---- turn planning -----------------------------------------------------------------------

interface Plan {
  moves: HuhMove[];
  state: HuhState;
  value: number;
}

interface PlanOptions {
  width: number;
  /** Positions the search may generate before it stops: a bound on thinking time that does not depend on the clock. */
  budget: number;
  /** Distinct end-of-turn positions to return, best first. */
  keep: number;
  style: Style;
}

const keyOf = (s: HuhState) => `${s.phase}${s.ap}${s.free}|${s.dice.map((d) => `${d.at}${d.pips}`).join(',')}|${s.cards[0].length},${s.cards[1].length}`;

/** Plays out the parts of a turn that are not the planner's own choice, as it expects them. */
function settle(s: HuhState, me: Side, style: Style): HuhState {
  while (s.phase === 'battle') s = apply(s, battleMove(s, (seat) => chooseCard(s, seat)));
  if (s.phase === 'free' && s.free !== me) s = bestFree(s, s.free!, style);
  return s;
}

/** The free AP as `seat` would spend it: the move best for them one action ahead. */
function bestFree(s: HuhState, seat: Side, style: Style): HuhState {
  let best = s;
  let value = -Infinity;
  for (const m of legalMoves(s)) {
    const n = apply(s, m);
    const v = evaluate(n, seat, style);
    if (v > value) [best, value] = [n, v];
  }
  return best;
}

/**
 * A beam search through one turn: every level applies one more action to the best `width`
 * positions so far; any position can be where the turn ends. Returns the best distinct ends.
 */
function planTurn(s: HuhState, opts: PlanOptions, rng: Rng | null): Plan[] {
  const me = s.active;
  const noise = () => (rng ? rng.next() * 0.5 : 0);
  const ends = new Map<string, Plan>();
  const consider = (p: Plan) => {
    // AP left do not outlast the turn: ends that differ only in them are one candidate.
    const k = keyOf({ ...p.state, ap: 0 });
    const known = ends.get(k);
    if (!known || known.value < p.value) ends.set(k, p);
  };
  let beam: Plan[] = [{ moves: [], state: s, value: evaluate(s, me, opts.style) + noise() }];
  // A free AP pending at the root must be spent or passed first: only positions after it can end a
  // turn. A game over (ended by a repetition as the last turn ended) ends where it stands, so
  // every search has at least one end.
  if (s.phase === 'turn' || s.phase === 'over') consider(beam[0]);
  const seen = new Set<string>([keyOf(s)]);
  while (beam.length > 0 && seen.size < opts.budget) {
    const next: Plan[] = [];
    for (const p of beam) {
      if (p.state.phase === 'over') continue;
      for (const m of legalMoves(p.state)) {
        if (m.type === 'end') continue;
        const state = settle(apply(p.state, m), me, opts.style);
        const k = keyOf(state);
        if (seen.has(k)) continue;
        seen.add(k);
        const child = { moves: [...p.moves, m], state, value: evaluate(state, me, opts.style) + noise() };
        next.push(child);
        if (state.phase === 'turn' || state.phase === 'over') consider(child);
      }
    }
    next.sort((a, b) => b.value - a.value);
    beam = next.slice(0, opts.width);
  }
  return [...ends.values()].sort((a, b) => b.value - a.value).slice(0, opts.keep);
}

/** The greedy player's search: one turn, the best end position. */
const GREEDY: PlanOptions = { width: 6, budget: 4000, keep: 1, style: GREEDY_STYLE };

/**
 * The game played on from the end of one of `me`'s turns for `plies` whole turns, the opponent's
 * as the greedy player would play them and `me`'s by the same planner in `me`'s style; how the
 * position then looks for `me`.
 */
function lookahead(s: HuhState, me: Side, style: Style, plies: number): number {
  for (let k = 0; k < plies && s.phase !== 'over'; k++) {
    const next = apply(s, { type: 'end' });
    s = planTurn(next, next.active === me ? { ...GREEDY, style } : GREEDY, null)[0].state;
  }
  return evaluate(s, me, style);
}

const strongStyle = (s: HuhState): Style => (s.turns[s.active] > STALLED_AFTER ? PATIENT_STYLE : GREEDY_STYLE);

const fullKey = (s: HuhState) => JSON.stringify(s);

/**
 * A bot that plans whole turns. It thinks once a turn and remembers the rest of its plan by
 * position (its own memory, never another level's), so the actions after the first cost
 * nothing; a position the plan did not foresee (a battle lost) is planned afresh.
 */
function turnBot(styleOf: (s: HuhState) => Style, choose: (s: HuhState, rng: Rng) => HuhMove[]): Bot<HuhState, HuhMove> {
  const remembered = new Map<string, HuhMove[]>();
  const follow = (s: HuhState, moves: HuhMove[]): HuhMove => {
    const [first, ...rest] = moves.length > 0 ? moves : [{ type: 'end' } as HuhMove];
    if (remembered.size > 2000) remembered.clear();
    if (first.type !== 'end') remembered.set(fullKey(apply(s, first)), rest);
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
    const plan = remembered.get(fullKey(s));
    if (plan) {
      remembered.delete(fullKey(s));
      return follow(s, plan);
    }
    return follow(s, choose(s, rng));
  };
}

export const BOTS: Record<string, Bot<HuhState, HuhMove>> = {
  random: (s, rng) => {
    if (s.phase === 'battle') {
      const seat = toMove(s)!;
      const b = s.battle!;
      return battleMove(s, (k) => pick(legalCards(s, k, s.dice[sideOfDie(b.attacker) === k ? b.attacker : b.defender].pips), rng));
    }
    return pick(legalMoves(s), rng);
  },
  greedy: turnBot(() => GREEDY_STYLE, (s, rng) => planTurn(s, GREEDY, rng)[0].moves),
  strong: turnBot(strongStyle, (s, rng) => {
    const style = strongStyle(s);
    const candidates = planTurn(s, { width: 8, budget: 3500, keep: 5, style }, rng);
    let best = candidates[0];
    let value = -Infinity;
    for (const c of candidates) {
      const v = lookahead(c.state, s.active, style, STRONG_PLIES) + rng.next() * 0.5;
      if (v > value) [best, value] = [c, v];
    }
    return best.moves;
  }),
};
