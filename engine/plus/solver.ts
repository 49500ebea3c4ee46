import { diceKey, type Dice } from './dice.ts';
import { successors, type PlusRules } from './rules.ts';

/**
 * Exact two-player value of a position: the total rises every move, so the positions form a
 * finite DAG and one memoised pass decides it. A position is a win for the player to move iff
 * some move leads to a loss for the next player; no move at all is a loss.
 */
export class PlusSolver {
  private readonly memo = new Map<string, boolean>();
  constructor(private readonly rules: PlusRules) {}

  wins(d: Dice): boolean {
    const key = diceKey(d);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const win = successors(this.rules, d).some((n) => !this.wins(n));
    this.memo.set(key, win);
    return win;
  }

  winningMoves(d: Dice): Dice[] {
    return successors(this.rules, d).filter((n) => !this.wins(n));
  }
}

const solvers = new Map<string, PlusSolver>();

/** Solvers are pure and their tables small, so one per rule set is shared. */
export function solverFor(rules: PlusRules): PlusSolver {
  const key = `${rules.variant}/${rules.variant === 2 && rules.everyDieRises}`;
  let s = solvers.get(key);
  if (!s) solvers.set(key, (s = new PlusSolver(rules)));
  return s;
}
