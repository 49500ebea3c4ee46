import { FIELDS, GOAL, PLACES, distance, isField, neighbours, type Place } from './board.ts';
import { N, PLACE_INDEX } from './explain-pairing.ts';
import { apply, whyNot } from './rules.ts';
import { MAX_PIPS, type HuhDie, type HuhMove, type HuhState } from './state.ts';

const FIELD_COUNT = FIELDS.length;

/**
 * The quick way to explain a stretch without battles: each die of the side to move walks to its
 * observed place in one go, along a shortest way, one die after another. Where that is possible
 * the cost is the search's lower bound (steps + pips gained, summed), so no explanation is
 * cheaper; where dice stand in each other's way for every order, or a die must lower more than
 * its way is long, it gives up and the search proper takes over.
 */

const dieKey = (d: HuhDie) => `${d.at}|${d.pips}`;

/** Pairings of the side's dice to the observed dice, cheapest first, up to `limit`. */
function cheapestPairings(st: HuhState, dice: number[], targets: readonly HuhDie[], limit: number): number[][] {
  const cost = (i: number, t: HuhDie) => {
    const d = st.dice[i];
    const steps = distance(d.side, d.at, t.at, st.rules);
    // A die lowers at most once a step: one that must lower more walks that far.
    if (steps === Infinity) return Infinity;
    return Math.max(steps, d.pips - t.pips) + t.pips - d.pips;
  };
  const out: { perm: number[]; cost: number }[] = [];
  const used = new Array<boolean>(targets.length).fill(false);
  const perm: number[] = [];
  const seen = new Set<string>();
  const go = (k: number, sum: number) => {
    if (sum === Infinity) return;
    if (k === dice.length) {
      // Two pairings that send look-alike dice to look-alike targets are one.
      const key = perm.map((j, q) => `${dieKey(st.dice[dice[q]])}>${dieKey(targets[j])}`).sort().join();
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ perm: [...perm], cost: sum });
      }
      return;
    }
    for (let j = 0; j < targets.length; j++) {
      if (used[j]) continue;
      used[j] = true;
      perm.push(j);
      go(k + 1, sum + cost(dice[k], targets[j]));
      perm.pop();
      used[j] = false;
    }
  };
  go(0, 0);
  out.sort((a, b) => a.cost - b.cost);
  const best = out[0]?.cost;
  return out.filter((o) => o.cost === best).slice(0, limit).map((o) => o.perm);
}

/** Each place's neighbours by place index, for a die of one side under one set of rules. */
const nextTables = new WeakMap<HuhState['rules'], Int32Array[][]>();
function nextOf(side: 0 | 1, rules: HuhState['rules']): Int32Array[] {
  let t = nextTables.get(rules);
  if (!t) {
    t = ([0, 1] as const).map((sd) => PLACES.map((p) => Int32Array.from(neighbours(p, sd, rules), (q) => PLACE_INDEX.get(q)!)));
    nextTables.set(rules, t);
  }
  return t[side];
}

/**
 * The shortest walk of die `i` to `to` through empty fields that is at least `min` steps long (a
 * die that must lower more than its way is long walks on and back), or null where the others
 * block every one. A walk may cross a field twice; it ends where it enters an area. Breadth
 * first over (place, steps), by place index (the lazy search asks this for every die, enemy die
 * and field beside it).
 */
export function wayTo(st: HuhState, i: number, to: Place, min: number): Place[] | null {
  const d = st.dice[i];
  if (d.at === to && min === 0) return [];
  const from = PLACE_INDEX.get(d.at)!;
  const goal = PLACE_INDEX.get(to)!;
  const taken = new Uint8Array(N);
  st.dice.forEach((e, j) => {
    if (j !== i && isField(e.at)) taken[PLACE_INDEX.get(e.at)!] = 1;
  });
  taken[from] = 0;
  const next = nextOf(d.side, st.rules);
  const longest = Math.max(min, distance(d.side, d.at, to, st.rules)) + 2;
  // State k * N + place: the first arrival with enough steps is the shortest such walk.
  const back = new Int32Array((longest + 1) * N).fill(-1);
  back[from] = from;
  let layer = [from];
  for (let k = 0; k <= longest && layer.length > 0; k++) {
    const further: number[] = [];
    for (const here of layer) {
      if (here === goal && k >= min && k > 0) {
        const path: Place[] = [];
        for (let at = here, step = k; step > 0; at = back[step * N + at], step--) path.unshift(PLACES[at]);
        return path;
      }
      if (k === longest || (k > 0 && here >= FIELD_COUNT)) continue;
      for (const n of next[here]) {
        const id = (k + 1) * N + n;
        if (back[id] >= 0 || taken[n]) continue;
        back[id] = here;
        further.push(n);
      }
    }
    layer = further;
  }
  return null;
}

/** Die `i`'s go along `path` to end showing `pips`: lowering pays while it must, AP the rest, raises before a step into the goal. */
function goMoves(st: HuhState, i: number, path: Place[], pips: number): HuhMove[] {
  const d = st.dice[i];
  const lower = Math.max(0, d.pips - pips);
  const raise = Math.max(0, pips - d.pips);
  const moves: HuhMove[] = [];
  const raises = Array.from({ length: raise }, (): HuhMove => ({ type: 'raise', die: i }));
  const intoGoal = path.at(-1) === GOAL[d.side];
  if (intoGoal) moves.push(...raises);
  path.forEach((to, k) => moves.push({ type: 'step', die: i, to, pay: k < lower ? 'pip' : 'ap' }));
  if (!intoGoal) moves.push(...raises);
  return moves;
}

/**
 * Actions that take the dice of the side to move from `st` to `targets` (the observed dice of
 * that side) in single goes along shortest ways, in an order where nobody blocks; null where no
 * order of the cheapest pairings works. The other side must already stand as observed.
 */
export function completeByGoes(st: HuhState, targets: readonly HuhDie[]): HuhMove[] | null {
  if (st.phase !== 'turn') return null;
  const dice = st.dice.flatMap((d, i) => (d.side === st.active ? [i] : []));
  if (dice.length !== targets.length || targets.some((t) => t.pips > MAX_PIPS)) return null;
  for (const perm of cheapestPairings(st, dice, targets, 6)) {
    const found = order(st, dice.map((i, k) => ({ die: i, target: targets[perm[k]] })));
    if (found) return found;
  }
  return null;
}

const d0 = (st: HuhState, g: { die: number; target: HuhDie }) => st.dice[g.die].pips - g.target.pips;

/** An order of the goes in which each die's way is clear when its turn comes (depth first, at most 5! orders). */
function order(st: HuhState, goes: { die: number; target: HuhDie }[]): HuhMove[] | null {
  if (goes.length === 0) return [];
  for (const [k, g] of goes.entries()) {
    const d = st.dice[g.die];
    if (d.at === g.target.at && d.pips === g.target.pips) {
      const rest = order(st, [...goes.slice(0, k), ...goes.slice(k + 1)]);
      return rest;
    }
  }
  for (const [k, g] of goes.entries()) {
    const path = wayTo(st, g.die, g.target.at, Math.max(0, d0(st, g)));
    if (!path) continue;
    let moves = goMoves(st, g.die, path, g.target.pips);
    let others = [...goes.slice(0, k), ...goes.slice(k + 1)];
    let next = playAll(st, moves);
    // The die whose step into the goal ends the game (the third home) steps in last: where other
    // goes remain, it walks up to the goal now and its last step waits for them.
    if (next?.phase === 'over' && others.length > 0 && path.length > 1) {
      moves = moves.slice(0, -1);
      others = [...others, g];
      next = playAll(st, moves);
    }
    if (!next) continue;
    const rest = order(next, others);
    if (rest) return [...moves, ...rest];
  }
  return null;
}

function playAll(st: HuhState, moves: readonly HuhMove[]): HuhState | null {
  let next = st;
  for (const m of moves) {
    if (whyNot(next, m)) return null;
    next = apply(next, m);
  }
  return next;
}
