import { say } from '../core/text.ts';
import type { Refusal } from '../core/refusal.ts';
import { COLOURS, COPIES, ROW_MAX, SIDE_MAX, colourRef, type Card, type Colour, type Side } from './cards.ts';

/**
 * The public table of a round and the rules that only need it: where a card may lie, when a row
 * locks, when the round ends, how one colour is scored, and which hand sums the unseen cards can
 * make. Both views of the game (all hands known, or only what the referee sees) share these.
 */
export interface Row {
  devil: number[];
  angel: number[];
}
export type Rows = Record<Colour, Row>;

export type Verdict = 'angels' | 'devils' | 'equal';

export type { Refusal };

export const total = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
export const rowSize = (r: Row) => r.devil.length + r.angel.length;
export const isLocked = (r: Row) => rowSize(r) >= ROW_MAX;
export const lockedCount = (rows: Rows) => COLOURS.filter((c) => isLocked(rows[c])).length;
/** The round ends at once at 2 locked rows, at 3 with 5 players. */
export const locksToEnd = (players: number) => (players === 5 ? 3 : 2);

export function emptyRows(): Rows {
  return Object.fromEntries(COLOURS.map((c) => [c, { devil: [], angel: [] }])) as unknown as Rows;
}

/** Whether a card of `colour` may go on `side`: the row is not locked and the side has room. */
export const canPlace = (rows: Rows, colour: Colour, side: Side) => !isLocked(rows[colour]) && rows[colour][side].length < SIDE_MAX;

/** Why a card of `colour` may not go on `side`, or null if it may. */
export function whyNotPlace(rows: Rows, colour: Colour, side: Side): Refusal | null {
  if (canPlace(rows, colour, side)) return null;
  const row = rows[colour];
  if (isLocked(row)) {
    return { code: 'row-locked', reason: say({ de: 'Die Reihe ', en: 'The row ' }, colourRef(colour), { de: ' ist gesperrt (5 Karten).', en: ' is locked (5 cards).' }) };
  }
  if (row[side].length >= SIDE_MAX) {
    return {
      code: 'side-full',
      reason: say(
        { de: `Auf der ${side === 'devil' ? 'Teufels' : 'Engels'}seite von `, en: `The ${side} side of ` },
        colourRef(colour),
        { de: ' liegen schon 3 Karten.', en: ' already holds 3 cards.' },
      ),
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

/**
 * Answers of the referee's sum tests, kept: the same few multisets of unseen cards and sums come
 * up again and again in a game. Cleared when large, so a long session cannot grow it without end.
 */
const memo = new Map<string, number | boolean>();
function remembered<T extends number | boolean>(key: string, work: () => T): T {
  const known = memo.get(key);
  if (known !== undefined) return known as T;
  if (memo.size > 100_000) memo.clear();
  const value = work();
  memo.set(key, value);
  return value;
}

/** The fewest of `values` that add up to `sum` (none for 0), or Infinity if none do. */
export function fewestCards(values: readonly number[], sum: number): number {
  return remembered(`f${values.join('')}/${sum}`, () => {
    let best = Infinity;
    eachPart(countsOf(values), sum, Infinity, (_, cards) => void (best = Math.min(best, cards)));
    return best;
  });
}

/** Copies of each value 1..5 (index = value). */
const countsOf = (values: readonly number[]) => {
  const c = [0, 0, 0, 0, 0, 0];
  for (const v of values) c[v]++;
  return c;
};

/** Calls `each` with every sub-multiset of `counts` that adds up to `sum` in at most `most` cards. */
function eachPart(counts: readonly number[], sum: number, most: number, each: (part: number[], cards: number) => boolean | void): boolean {
  const part = [0, 0, 0, 0, 0, 0];
  const walk = (v: number, left: number, cards: number): boolean => {
    if (left === 0) return each(part, cards) === true;
    if (v === 0) return false;
    for (let k = Math.min(counts[v], Math.floor(left / v), most - cards); k >= 0; k--) {
      part[v] = k;
      if (walk(v - 1, left - k * v, cards + k)) return true;
    }
    part[v] = 0;
    return false;
  };
  return walk(5, sum, 0);
}

/** A hand sum a seat is said to hold in one colour, made from at most `cards` of its hand cards. */
export interface Claim {
  sum: number;
  cards: number;
}

/**
 * Whether the unseen cards of a colour (`values`) can give every claim its exact sum, each from
 * cards of its own and within its hand: the referee's test of entered hand sums, which the legal
 * moves are drawn from too, so the two can never disagree.
 */
export function claimsFit(values: readonly number[], claims: readonly Claim[]): boolean {
  const order = claims.slice().sort((a, b) => b.sum - a.sum || b.cards - a.cards);
  return remembered(`c${values.join('')}/${order.map((c) => `${c.sum}:${c.cards}`).join(',')}`, () => fits(values, order));
}

function fits(values: readonly number[], order: readonly Claim[]): boolean {
  const memo = new Map<string, boolean>();
  const fit = (i: number, counts: number[]): boolean => {
    if (i === order.length) return true;
    const key = `${i}/${counts.join('')}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const ok = eachPart(counts, order[i].sum, order[i].cards, (part) => fit(i + 1, counts.map((n, v) => n - part[v])));
    memo.set(key, ok);
    return ok;
  };
  return fit(0, countsOf(values));
}

/** The highest hand sum of a colour and everyone holding it; sum 0 with nobody: nobody holds a card of it. */
export interface Highest {
  sum: number;
  seats: number[];
}

export function highestOf(sums: readonly number[]): Highest {
  const sum = Math.max(...sums);
  return { sum, seats: sum === 0 ? [] : sums.flatMap((x, p) => (x === sum ? [p] : [])) };
}

export interface ColourScore {
  points: number[];
  /** Seats whose Doppler is used up by this colour. */
  spent: boolean[];
}

/**
 * One colour's scoring from its highest hand sum: everyone tied on it scores it (minus where the
 * devils are ahead); an announced Doppler doubles it, and is spent whether or not its owner was
 * highest ("Alle eingesetzten Dopplerkarten kommen beiseite"), also where nobody held the colour.
 */
export function scoreColour(v: Verdict, highest: Highest, announced: readonly boolean[]): ColourScore {
  const points = announced.map(() => 0);
  if (v !== 'equal') for (const p of highest.seats) points[p] = v === 'devils' ? -highest.sum : announced[p] ? 2 * highest.sum : highest.sum;
  return { points, spent: announced.map((a) => a && v === 'angels') };
}
