import { isField, neighbours, type Place } from './board.ts';
import { dieAt, inGoal, type HuhState } from './state.ts';

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
 * next to its path can be attacked. Each step is paid by either, so the cheapest AP cost of a
 * path of n steps is max(0, n - (pips - 1)).
 */
export function reach(s: HuhState, i: number): ReachEntry[] {
  const d = s.dice[i];
  if (s.phase !== 'turn' || d.side !== s.active || (inGoal(d) && s.rules.goalFinal)) return [];
  const budget = s.ap + d.pips - 1;
  const dist = new Map<Place, number>([[d.at, 0]]);
  const out: ReachEntry[] = [];
  const entry = (place: Place, steps: number, attack: boolean): ReachEntry => {
    const ap = Math.max(0, steps - (d.pips - 1));
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
      if (other >= 0) {
        if (s.dice[other].side !== d.side) out.push(entry(n, steps, true));
        continue;
      }
      out.push(entry(n, steps, false));
      // A die that reaches its goal or an area stops there.
      if (isField(n)) queue.push(n);
    }
  }
  return out;
}
