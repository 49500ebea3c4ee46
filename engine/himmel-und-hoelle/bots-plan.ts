import type { Rng } from '../core/rng.ts';
import { GOAL, PLACES, isField, type Side } from './board.ts';
import { GREEDY_STYLE, INDEX, evaluate, tablesOf, type Style } from './bots-eval.ts';
import { apply, battleWinner, legalCards, legalMoves, toMove } from './rules.ts';
import { MAX_PIPS, other, sideOfDie, type HuhMove, type HuhState } from './state.ts';

/** The computer players' search through one turn: battle cards, the free AP, the beam search. */

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
export function chooseCard(s: HuhState, seat: Side): number {
  return sureWin(s, seat) ?? 0;
}

/**
 * The battle move: the seat's own card, or in the referee view (both cards in one move) each
 * seat's choice as that seat would make it, neither looking at the other's.
 */
export function battleMove(s: HuhState, card: (seat: Side) => number): HuhMove {
  return s.view === 'referee' ? { type: 'cards', cards: [card(0), card(1)] } : { type: 'card', card: card(toMove(s)!) };
}

// ---- moves ---------------------------------------------------------------------------------

/**
 * The legal actions of a turn in `legalMoves`' order, built from the step tables: the planners
 * ask for them at every position they reach, and the rules' own check builds each refusal's words.
 * Other phases are rare and take `legalMoves`.
 */
export function movesOf(s: HuhState): HuhMove[] {
  if (s.phase !== 'turn') return legalMoves(s);
  const seat = s.active;
  const r = s.rules;
  const adj = tablesOf(r)[seat].adj;
  const goal = INDEX[GOAL[seat]];
  // The first die on each field (the one a step meets), as the rules look it up.
  const first = new Int8Array(PLACES.length).fill(-1);
  for (let i = s.dice.length - 1; i >= 0; i--) if (isField(s.dice[i].at)) first[INDEX[s.dice[i].at]] = i;
  const out: HuhMove[] = [];
  s.dice.forEach((d, i) => {
    if (d.side !== seat) return;
    for (let j = 0; j < i; j++) {
      const e = s.dice[j];
      if (e.side === d.side && e.at === d.at && e.pips === d.pips) return;
    }
    const at = INDEX[d.at];
    if (at !== goal || !r.goalFinal) {
      for (const n of adj[at]) {
        const there = first[n];
        if (there >= 0 && s.dice[there].side === seat && r.oneDiePerField) continue;
        const to = PLACES[n];
        if (s.ap >= 1) out.push({ type: 'step', die: i, to, pay: 'ap' });
        const attack = there >= 0 && s.dice[there].side !== seat;
        if (d.pips > 1 && (!attack || r.attackWithPips)) out.push({ type: 'step', die: i, to, pay: 'pip' });
      }
    }
    if (at !== goal && d.pips < MAX_PIPS && s.ap >= 1) out.push({ type: 'raise', die: i });
  });
  out.push({ type: 'end' });
  return out;
}

// ---- turn planning -----------------------------------------------------------------------

export interface Plan {
  moves: HuhMove[];
  state: HuhState;
  value: number;
}

export interface PlanOptions {
  width: number;
  /** Positions the search may generate before it stops: a bound on thinking time that does not depend on the clock. */
  budget: number;
  /** Distinct end-of-turn positions to return, best first. */
  keep: number;
  style: Style;
}

/** The greedy player's search: one turn, the best end position. */
export const GREEDY: PlanOptions = { width: 6, budget: 4000, keep: 1, style: GREEDY_STYLE };

export const keyOf = (s: HuhState) => `${s.phase}${s.ap}${s.free}|${s.dice.map((d) => `${d.at}${d.pips}`).join(',')}|${s.cards[0].length},${s.cards[1].length}`;

/** Plays out the parts of a turn that are not the planner's own choice, as it expects them. */
export function settle(s: HuhState, me: Side, style: Style): HuhState {
  while (s.phase === 'battle') s = apply(s, battleMove(s, (seat) => chooseCard(s, seat)));
  if (s.phase === 'free' && s.free !== me) s = bestFree(s, s.free!, style);
  return s;
}

/** The free AP as `seat` would spend it: the move best for them one action ahead. */
export function bestFree(s: HuhState, seat: Side, style: Style): HuhState {
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
export function planTurn(s: HuhState, opts: PlanOptions, rng: Rng | null): Plan[] {
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
      for (const m of movesOf(p.state)) {
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
