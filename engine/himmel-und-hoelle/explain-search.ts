import { children } from './explain-moves.ts';
import { Heap } from './explain-queue.ts';
import { SearchSpace, type BattlePlan, type FightSeen, type Node, type SearchOptions } from './explain-space.ts';
import { dieKey, type HuhDie, type HuhMove, type HuhState } from './state.ts';

export type { BattlePlan, FightSeen } from './explain-space.ts';

/**
 * The search behind `explain`: which actions of the turn turn a state into the observed dice.
 *
 * A* over the turn's actions, cost = AP spent, lower bound from the cheapest pairing of dice to
 * observed dice (for one die, its shortest walk long enough to lower as it did plus the pips it
 * gains is exactly its AP cost however the steps are paid), less what the battles still to come
 * can give for free. Positions are kept by their dice (dice of a side look alike), so two orders
 * of the same actions meet again. The search's state and bound are explain-space.ts's, the
 * moves it tries explain-moves.ts's.
 *
 * Partial-order reduction (a sleep set): dice move one after another, and a die that has stopped
 * moving sleeps until another die steps into or out of a field next to it. Only then can its next
 * action depend on what happened since it stopped; any other action of it could have been done
 * before, so that order is searched instead. This keeps the tree small and still finds a die that
 * steps aside and back to let another through.
 *
 * Battles: with the cards known (`cards`), each attack is resolved by them. Without (`open`), the
 * search lets either side win where the hands allow it and reports the battles it needed, so the
 * cards are asked for only where the board shows a battle.
 */

export interface SearchResult {
  found: { moves: HuhMove[]; ap: number; fights: FightSeen[]; end: HuhState; signature: string }[];
  /** The search ran out of positions before it could say there is no explanation. */
  limitHit: boolean;
  expanded: number;
}

/** Positions the search may expand before it gives up and says so. */
export const EXPANSION_LIMIT = 60_000;
/** Extra positions looked at after the first explanation, for equally cheap alternatives. */
const ALTERNATIVES_BUDGET = 150;
const MAX_FOUND = 50;

/**
 * The cheapest action sequences from `s` to the observed dice (both sides), ending with the turn
 * still running (or the game over, or the board showing a battle pending or just fought), every
 * battle of `plan` fought. With `weight` above 1 the search is greedy (weighted A*): it finds an
 * explanation fast but not always the cheapest.
 */
export function searchTurn(s: HuhState, observed: readonly HuhDie[], plan: BattlePlan, opts: SearchOptions = {}): SearchResult {
  const limit = opts.limit ?? EXPANSION_LIMIT;
  const greedy = (opts.weight ?? 1) > 1;
  const space = new SearchSpace(s, observed, plan, opts);
  const heap = new Heap<Node>(greedy);
  const goals: Node[] = [];
  let expanded = 0;
  let extra = 0;
  const root = space.first();
  if (root) heap.push(root);
  while (heap.size > 0 && expanded < limit) {
    if (goals.length > 0 && (heap.peek()!.f > goals[0].g || extra++ > ALTERNATIVES_BUDGET || greedy)) break;
    const n = heap.pop()!;
    if (space.superseded(n)) continue;
    if (space.isGoal(n)) {
      goals.push(n);
      if (goals.length >= MAX_FOUND) break;
      continue;
    }
    expanded++;
    for (const c of children(space, n)) heap.push(c);
  }
  return {
    found: goals.map((n) => ({ moves: movesOf(n), ap: n.g, fights: fightsOf(n), end: n.state, signature: signature(s, n) })),
    limitHit: goals.length === 0 && heap.size > 0,
    expanded,
  };
}

function movesOf(n: Node): HuhMove[] {
  const out: HuhMove[][] = [];
  for (let m: Node | null = n; m; m = m.parent) out.push(m.moves);
  return out.reverse().flat();
}

function fightsOf(n: Node): FightSeen[] {
  const out: FightSeen[] = [];
  for (let m: Node | null = n; m; m = m.parent) if (m.fight) out.push(m.fight);
  return out.reverse();
}

/** What an explanation does, up to the order of its actions and the paths walked. */
function signature(s: HuhState, n: Node): string {
  const parts = n.state.dice.map((d, i) => `${dieKey(s.dice[i])}>${d.at}|${d.pips}`).sort();
  const fights = fightsOf(n).map((f) => `${dieKey(f.attacker)}x${dieKey(f.defender)}>${f.winner}`);
  return parts.join(',') + '/' + fights.join(',');
}
