import type { Text } from '../core/contract.ts';

/**
 * The 3 x 10 board and its two areas. Places are the shared field ids (`a1` … `c10`, row 1 at
 * Himmel's end) and the areas `start-himmel` (below row 1) and `start-hoelle` (above row 10).
 * Himmel is seat 0 and walks up the rows, Hölle is seat 1 and walks down.
 */
export type Side = 0 | 1;
export type Place = string;

export const COLUMNS = ['a', 'b', 'c'] as const;
export const ROWS = 10;
export const FIELDS: readonly string[] = Array.from({ length: ROWS }, (_, r) => COLUMNS.map((c) => `${c}${r + 1}`)).flat();
export const AREAS = ['start-himmel', 'start-hoelle'] as const;
export const PLACES: readonly Place[] = [...FIELDS, ...AREAS];

export const START: Record<Side, Place> = { 0: 'start-himmel', 1: 'start-hoelle' };
export const GOAL: Record<Side, Place> = { 0: 'start-hoelle', 1: 'start-himmel' };

export const SIDE_NAME: Record<Side, Text> = {
  0: { de: 'Himmel', en: 'Himmel' },
  1: { de: 'Hölle', en: 'Hölle' },
};

/** The rule switches that shape the board's connections. */
export interface BoardRules {
  /** An area borders every field of its row (true) or only the middle column's (false). */
  enterAnyColumn: boolean;
  /** A die in its goal stays there (true) or may step back onto the far row (false). */
  goalFinal: boolean;
  /** A die may step back into its own start area. */
  returnToStart: boolean;
}

const FIELD_SET = new Set(FIELDS);
export const isField = (p: Place): boolean => FIELD_SET.has(p);
export const isArea = (p: Place): boolean => p === 'start-himmel' || p === 'start-hoelle';
export const isPlace = (p: unknown): p is Place => typeof p === 'string' && (FIELD_SET.has(p) || isArea(p));

/** Row of a place: the areas sit at rows 0 and 11, just beyond the board. */
export function rowOf(p: Place): number {
  if (p === 'start-himmel') return 0;
  if (p === 'start-hoelle') return 11;
  return Number(p.slice(1));
}

export function columnOf(p: Place): number {
  return COLUMNS.indexOf(p[0] as (typeof COLUMNS)[number]);
}

/** How far a side has come: 0 in its start area, 11 in its goal. */
export function progress(side: Side, p: Place): number {
  return side === 0 ? rowOf(p) : 11 - rowOf(p);
}

function entryFields(area: Place, rules: BoardRules): Place[] {
  const row = area === 'start-himmel' ? 1 : 10;
  return rules.enterAnyColumn ? COLUMNS.map((c) => `${c}${row}`) : [`b${row}`];
}

const neighbourTables = new Map<string, Map<Place, Place[]>[]>();
/** The tables of one rules object, found again without building its key (the searches ask millions of times). */
const tablesOfRules = new WeakMap<BoardRules, Map<Place, Place[]>[]>();

/** The places a die of `side` may step to from `p`, ignoring what stands there (a shared list: do not change it). */
export function neighbours(p: Place, side: Side, rules: BoardRules): readonly Place[] {
  let tables = tablesOfRules.get(rules);
  if (!tables) {
    const key = `${+rules.enterAnyColumn}${+rules.goalFinal}${+rules.returnToStart}`;
    tables = neighbourTables.get(key);
    if (!tables) {
      tables = ([0, 1] as const).map((sd) => new Map(PLACES.map((q) => [q, computeNeighbours(q, sd, rules)])));
      neighbourTables.set(key, tables);
    }
    tablesOfRules.set(rules, tables);
  }
  return tables[side].get(p) ?? [];
}

function computeNeighbours(p: Place, side: Side, rules: BoardRules): Place[] {
  if (isArea(p)) {
    if (p === START[side]) return entryFields(p, rules);
    return rules.goalFinal ? [] : entryFields(p, rules);
  }
  const col = columnOf(p);
  const row = rowOf(p);
  const out: Place[] = [];
  for (const [dc, dr] of [
    [0, 1],
    [0, -1],
    [-1, 0],
    [1, 0],
  ]) {
    const c = col + dc;
    const r = row + dr;
    if (c >= 0 && c < 3 && r >= 1 && r <= ROWS) out.push(`${COLUMNS[c]}${r}`);
  }
  for (const area of AREAS) {
    if (!entryFields(area, rules).includes(p)) continue;
    if (area === GOAL[side] || rules.returnToStart) out.push(area);
  }
  return out;
}

const distanceTables = new Map<string, Map<Place, Map<Place, number>>>();

/** Steps between two places for a die of `side` on an empty board (Infinity where unreachable). */
export function distance(side: Side, from: Place, to: Place, rules: BoardRules): number {
  const key = `${side}${+rules.enterAnyColumn}${+rules.goalFinal}${+rules.returnToStart}`;
  let table = distanceTables.get(key);
  if (!table) {
    table = new Map();
    for (const p of PLACES) {
      const d = new Map<Place, number>([[p, 0]]);
      const queue = [p];
      for (let i = 0; i < queue.length; i++) {
        for (const n of neighbours(queue[i], side, rules)) {
          if (!d.has(n)) {
            d.set(n, d.get(queue[i])! + 1);
            queue.push(n);
          }
        }
      }
      table.set(p, d);
    }
    distanceTables.set(key, table);
  }
  return table.get(from)?.get(to) ?? Infinity;
}

export function placeName(p: Place): Text {
  if (p === 'start-himmel') return { de: 'Startbereich des Himmels', en: "Himmel's start area" };
  if (p === 'start-hoelle') return { de: 'Startbereich der Hölle', en: "Hölle's start area" };
  return { de: p, en: p };
}
