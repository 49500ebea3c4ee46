import type { Text } from '../core/contract.ts';
import { COLOURS, COPIES, ROW_MAX, SIDE_MAX, type Card, type Colour, type Side } from './cards.ts';

/**
 * The public table of a round and the rules that only need it: where a card may lie, when a row
 * locks, when the round ends, and how one colour is scored from the revealed hand sums. Both
 * views of the game (all hands known, or only what the referee sees) share these.
 */
export interface Row {
  devil: number[];
  angel: number[];
}
export type Rows = Record<Colour, Row>;

export type Verdict = 'angels' | 'devils' | 'equal';

export const total = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
export const rowSize = (r: Row) => r.devil.length + r.angel.length;
export const isLocked = (r: Row) => rowSize(r) >= ROW_MAX;
export const lockedCount = (rows: Rows) => COLOURS.filter((c) => isLocked(rows[c])).length;
/** The round ends at once at 2 locked rows, at 3 with 5 players. */
export const locksToEnd = (players: number) => (players === 5 ? 3 : 2);

export function emptyRows(): Rows {
  return Object.fromEntries(COLOURS.map((c) => [c, { devil: [], angel: [] }])) as unknown as Rows;
}

export interface Refusal {
  code: string;
  reason: Text;
}

/** Why a card of `colour` may not go on `side`, or null if it may. */
export function whyNotPlace(rows: Rows, colour: Colour, side: Side): Refusal | null {
  const row = rows[colour];
  if (isLocked(row)) {
    return {
      code: 'row-locked',
      reason: { de: `Die Reihe ${colour} ist gesperrt (5 Karten).`, en: `Row ${colour} is locked (5 cards).` },
    };
  }
  if (row[side].length >= SIDE_MAX) {
    return {
      code: 'side-full',
      reason: {
        de: `Auf der ${side === 'devil' ? 'Teufels' : 'Engels'}seite von ${colour} liegen schon 3 Karten.`,
        en: `The ${side} side of ${colour} already holds 3 cards.`,
      },
    };
  }
  return null;
}

export function place(rows: Rows, colour: Colour, side: Side, value: number): Rows {
  const row = rows[colour];
  return { ...rows, [colour]: { ...row, [side]: [...row[side], value] } };
}

export function verdict(row: Row): Verdict {
  const a = total(row.angel);
  const d = total(row.devil);
  return a > d ? 'angels' : d > a ? 'devils' : 'equal';
}

/** Copies per value of one colour not yet in the open; negative means the table is impossible. */
export function copiesLeft(rows: Rows, discards: readonly Card[], colour: Colour): Record<number, number> {
  const left: Record<number, number> = { ...COPIES };
  for (const v of [...rows[colour].devil, ...rows[colour].angel]) left[v]--;
  for (const c of discards) if (c.colour === colour) left[c.value]--;
  return left;
}

/** Cards of one colour that nobody has seen on the table or among the discards. */
export function unseenValues(rows: Rows, discards: readonly Card[], colour: Colour): number[] {
  const left = copiesLeft(rows, discards, colour);
  const out: number[] = [];
  for (const [v, n] of Object.entries(left)) for (let i = 0; i < n; i++) out.push(Number(v));
  return out;
}

const reachable = new Map<string, ReadonlySet<number>>();

/** Every hand sum reachable with at most `cards` of `values`; remembered, as few multisets occur. */
export function reachableSums(values: readonly number[], cards: number): ReadonlySet<number> {
  const key = `${values.join('')}/${cards}`;
  let hit = reachable.get(key);
  if (!hit) reachable.set(key, (hit = subsetSums(values, cards)));
  return hit;
}

/** The fewest of `values` that add up to `sum` (none for 0), or Infinity if none do. */
export function fewestCards(values: readonly number[], sum: number): number {
  for (let k = 0; k <= values.length; k++) if (reachableSums(values, k).has(sum)) return k;
  return Infinity;
}

/** A tiny subset-sum: a colour has 14 cards and 37 points. */
function subsetSums(values: readonly number[], cards: number): Set<number> {
  const most = total(values);
  // reach[k][sum]: some k of the values seen so far add up to sum
  const reach = Array.from({ length: cards + 1 }, () => new Uint8Array(most + 1));
  reach[0][0] = 1;
  for (const v of values) {
    for (let k = cards - 1; k >= 0; k--) {
      for (let sum = most - v; sum >= 0; sum--) if (reach[k][sum]) reach[k + 1][sum + v] = 1;
    }
  }
  const out = new Set<number>();
  for (const row of reach) row.forEach((hit, sum) => hit && out.add(sum));
  return out;
}

export interface ColourScore {
  points: number[];
  /** Seats whose Doppler is used up by this colour. */
  spent: boolean[];
}

/**
 * One colour's scoring from the revealed hand sums. Everyone tied on the highest sum scores it;
 * an announced Doppler doubles it, and is spent whether or not its owner was highest.
 * `keepDopplerIfNobodyScores` is the switchable reading of "if everyone has 0, nobody scores".
 */
export function scoreColour(v: Verdict, sums: readonly number[], announced: readonly boolean[], keepDopplerIfNobodyScores: boolean): ColourScore {
  const none = sums.map(() => 0);
  if (v === 'equal') return { points: none, spent: sums.map(() => false) };
  const high = Math.max(...sums);
  const nobody = high === 0;
  const spent = announced.map((a) => a && !(nobody && keepDopplerIfNobodyScores));
  if (nobody) return { points: none, spent };
  const points = sums.map((s, i) => (s !== high ? 0 : v === 'devils' ? -s : announced[i] ? 2 * s : s));
  return { points, spent };
}
