import { PLACES, distance, neighbours, type Side } from './board.ts';
import { MAX_PIPS, dieKey, type HuhDie, type HuhState } from './state.ts';

/**
 * The pieces of the search's lower bound (explain-search.ts): steps between places on an empty
 * board, and the cheapest pairing of one side's dice to the observed ones.
 */

/** Each place by its index in PLACES, the index of the matrices below. */
export const PLACE_INDEX = new Map(PLACES.map((p, i) => [p, i]));
export const N = PLACES.length;
const matrices = new Map<string, Float64Array>();

/** Steps between every two places for a die of `side` on an empty board, by place index (Infinity where unreachable). */
export function distances(side: Side, rules: HuhState['rules']): Float64Array {
  const key = `${side}${+rules.enterAnyColumn}${+rules.goalFinal}${+rules.returnToStart}`;
  let m = matrices.get(key);
  if (!m) {
    m = new Float64Array(N * N);
    for (let a = 0; a < N; a++) for (let b = 0; b < N; b++) m[a * N + b] = distance(side, PLACES[a], PLACES[b], rules);
    matrices.set(key, m);
  }
  return m;
}

/** The longest walk `walks` looks at: beyond every shortest way plus the most a die can lower. */
const LONGEST_WALK = 2 * N;
const walkTables = new Map<string, Float64Array>();

/**
 * The shortest walk on an empty board from place a to place b at least `need` steps long (0 to
 * MAX_PIPS - 1), for a die of `side`, at `(a * N + b) * MAX_PIPS + need` (Infinity where none).
 * A die that must lower more than its way is long walks on and back, and a walk between two
 * fields has the parity of their distance: a die that lowers 6 to 1 on its way to a field two
 * steps off walks 6 steps, not 5, which the steps + pips bound alone did not see.
 */
export function walks(side: Side, rules: HuhState['rules']): Float64Array {
  const key = `${side}${+rules.enterAnyColumn}${+rules.goalFinal}${+rules.returnToStart}`;
  let m = walkTables.get(key);
  if (m) return m;
  m = new Float64Array(N * N * MAX_PIPS).fill(Infinity);
  const next = PLACES.map((p) => neighbours(p, side, rules).map((q) => PLACE_INDEX.get(q)!));
  for (let a = 0; a < N; a++) {
    // The places a walk of exactly `len` steps from a can end on.
    let here = new Uint8Array(N);
    here[a] = 1;
    for (let len = 0; len <= LONGEST_WALK; len++) {
      const there = new Uint8Array(N);
      for (let b = 0; b < N; b++) {
        if (!here[b]) continue;
        for (let need = 0; need <= Math.min(len, MAX_PIPS - 1); need++) {
          const k = (a * N + b) * MAX_PIPS + need;
          if (m[k] === Infinity) m[k] = len;
        }
        for (const c of next[b]) there[c] = 1;
      }
      here = there;
    }
  }
  walkTables.set(key, m);
  return m;
}

const pairingCost = new Float64Array(25);
const pairingRow = new Float64Array(32);

/** A cost of each die (by place and pips) to each of `targets`, for `pairing`: at `(place * (MAX_PIPS + 1) + pips) * targets.length + j`. */
export function costTable(side: Side, targets: readonly HuhDie[], cost: (d: HuhDie, t: HuhDie) => number): Float64Array {
  const n = targets.length;
  const table = new Float64Array(N * (MAX_PIPS + 1) * n).fill(Infinity);
  for (let a = 0; a < N; a++) {
    for (let pips = 1; pips <= MAX_PIPS; pips++) {
      const d: HuhDie = { side, at: PLACES[a], pips };
      for (let j = 0; j < n; j++) table[(a * (MAX_PIPS + 1) + pips) * n + j] = cost(d, targets[j]);
    }
  }
  return table;
}

/**
 * The cheapest pairing of the dice of `side` in `dice` to the targets of `table` (five each,
 * `costTable`'s): the costs once into a matrix, then a DP over subsets of targets. Shared
 * buffers: no allocation. The searches ask this for every position, so it reads tables only.
 */
export function pairing(dice: readonly HuhDie[], side: Side, table: Float64Array, n: number): number {
  let k = 0;
  for (const d of dice) {
    if (d.side !== side) continue;
    if (k === n) return Infinity;
    const row = (PLACE_INDEX.get(d.at)! * (MAX_PIPS + 1) + d.pips) * n;
    for (let j = 0; j < n; j++) pairingCost[k * n + j] = table[row + j];
    k++;
  }
  if (k !== n) return Infinity;
  const full = (1 << n) - 1;
  pairingRow.fill(Infinity, 0, full + 1);
  pairingRow[0] = 0;
  // Masks with k bits set pair the first k dice; each mask is final before any mask with more bits.
  for (let mask = 0; mask < full; mask++) {
    const v = pairingRow[mask];
    if (v === Infinity) continue;
    let bits = 0;
    for (let x = mask; x; x &= x - 1) bits++;
    for (let j = 0; j < n; j++) {
      if (mask & (1 << j)) continue;
      const w = v + pairingCost[bits * n + j];
      const m = mask | (1 << j);
      if (w < pairingRow[m]) pairingRow[m] = w;
    }
  }
  return pairingRow[full];
}

/** Whether `a` and `b` hold the same dice of `side` (where and how many pips), in any order. */
export function sameSide(a: readonly HuhDie[], b: readonly HuhDie[], side: Side): boolean {
  const count = new Map<string, number>();
  for (const d of a) if (d.side === side) count.set(dieKey(d), (count.get(dieKey(d)) ?? 0) + 1);
  for (const d of b) {
    if (d.side !== side) continue;
    const n = count.get(dieKey(d));
    if (!n) return false;
    count.set(dieKey(d), n - 1);
  }
  return [...count.values()].every((n) => n === 0);
}
