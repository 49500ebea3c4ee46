import { isField, neighbours, type Place } from './board.ts';
import { dieAt, inGoal, type HuhMove, type HuhState } from './state.ts';

/** One place a selected die can reach this turn. */
export interface ReachEntry {
  place: Place;
  /** Fields walked (an attack counts the step into the enemy's field, which the die does not enter). */
  steps: number;
  /** True where the last step attacks the enemy die standing there. */
  attack: boolean;
  /** Fewest AP it costs: every step the pips can pay for is paid by lowering. */
  ap: number;
  /** Pips lost at that cheapest AP cost. */
  pipsLost: number;
  /** AP to get there keeping every pip (all steps paid), or null where the turn has too few. */
  apKeepingPips: number | null;
}

/**
 * Every place die `i` can reach this turn on its own, the other dice standing still: it walks
 * through empty fields only, one step costs 1 AP or 1 pip (never below 1), and an enemy die
 * next to its path can be attacked (for 1 AP). Each step is paid by either, so the cheapest AP
 * cost of a path of n steps is max(0, n - (pips - 1)).
 */
export function reach(s: HuhState, i: number): ReachEntry[] {
  return walk(s, i).entries;
}

/** One breadth-first walk from die `i`: what it reaches, and the field each place is reached from. */
function walk(s: HuhState, i: number): { entries: ReachEntry[]; from: Map<Place, Place> } {
  const d = s.dice[i];
  const from = new Map<Place, Place>();
  if (s.phase !== 'turn' || d.side !== s.active || (inGoal(d) && s.rules.goalFinal)) return { entries: [], from };
  const budget = s.ap + d.pips - 1;
  const dist = new Map<Place, number>([[d.at, 0]]);
  const entries: ReachEntry[] = [];
  const entry = (place: Place, steps: number, attack: boolean): ReachEntry => {
    // By default an attack's step costs an AP: the attacker does not move, and lowering pays only for moves.
    const paid = attack && !s.rules.attackWithPips ? 1 : 0;
    const ap = paid + Math.max(0, steps - paid - (d.pips - 1));
    return { place, steps, attack, ap, pipsLost: steps - ap, apKeepingPips: steps <= s.ap ? steps : null };
  };
  const queue: Place[] = [d.at];
  for (let q = 0; q < queue.length; q++) {
    const here = queue[q];
    const steps = dist.get(here)! + 1;
    if (steps > budget) continue;
    for (const n of neighbours(here, d.side, s.rules)) {
      if (dist.has(n)) continue;
      const other = isField(n) ? dieAt(s, n) : -1;
      dist.set(n, steps);
      from.set(n, here);
      if (other >= 0) {
        const attack = entry(n, steps, true);
        if (s.dice[other].side !== d.side && attack.ap <= s.ap) entries.push(attack);
        continue;
      }
      entries.push(entry(n, steps, false));
      // A die that reaches its goal or an area stops there.
      if (isField(n)) queue.push(n);
    }
  }
  return { entries, from };
}

/**
 * The actions that take die `i` to `place` on a shortest way: the steps paid by lowering first
 * (cheapest in AP) or, with `keepPips`, by AP first. An attack's step is always paid by AP unless
 * the attackWithPips switch allows pips. Null where the die cannot get there this turn.
 */
export function stepsTo(s: HuhState, i: number, place: Place, keepPips = false): HuhMove[] | null {
  const { entries, from } = walk(s, i);
  const target = entries.find((e) => e.place === place);
  if (!target) return null;
  const path: Place[] = [];
  for (let p: Place | undefined = place; p !== undefined && p !== s.dice[i].at; p = from.get(p)) path.unshift(p);
  let ap = s.ap;
  let pips = s.dice[i].pips;
  const moves: HuhMove[] = [];
  for (const [k, to] of path.entries()) {
    const attack = target.attack && k === path.length - 1;
    const pipOk = pips > 1 && (!attack || s.rules.attackWithPips);
    const pay: 'ap' | 'pip' = keepPips ? (ap > 0 ? 'ap' : 'pip') : pipOk ? 'pip' : 'ap';
    if ((pay === 'ap' && ap < 1) || (pay === 'pip' && !pipOk)) return null;
    if (pay === 'ap') ap--;
    else pips--;
    moves.push({ type: 'step', die: i, to, pay });
  }
  return moves;
}
