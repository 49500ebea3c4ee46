import type { Text } from '../core/contract.ts';

/**
 * A Tafel as data. Every box is a list of constraints on the die that may go there, so pip rows,
 * star rows, full houses and straights are all the same thing to the engine. The file format is
 * documented in docs/tafel-format.md.
 */
export const TAFEL_FORMAT = 'schiri-tafel/1';
export const ROWS_PER_TAFEL = 6;
export const MAX_BOXES_PER_ROW = 6;
/** All 30 dice of the game: no Tafel may have more boxes (setup checks the dice actually in play). */
export const DICE_IN_GAME = 30;
/**
 * Constraints a box may hold: a value, a step and one for each of the five boxes left of it need
 * no more than 7. Every move checks them, so without a bound a Tafel of 80,000 `{"sameAs":1}`
 * took 3.8 s to set up and 3.3 s for each `legal`. With the boxes' own bound a Tafel holds at most
 * 30 x 8 = 240.
 */
export const MAX_CONSTRAINTS_PER_BOX = 8;
/** Characters of a Tafel's name in each language: it is shown on one line of the picker. */
export const MAX_NAME = 80;

/** `k` counts boxes of the same row from 1; a box may only refer to boxes on its left. */
export type Constraint =
  | { value: number }
  | { sameAs: number }
  | { differentFrom: number }
  /** This box shows the previous box's value plus `step` (1: rising straight, -1: falling). */
  | { step: 1 | -1 };

/** Where a box lies on the printed board, in millimetres from the board's top left corner. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Box {
  /** Every constraint must hold; an empty list takes any value. */
  must: Constraint[];
  at: Rect;
}

export type Colour = 'white' | 'black';

export interface Row {
  colour: Colour;
  points: number;
  boxes: Box[];
}

export interface Tafel {
  format: typeof TAFEL_FORMAT;
  id: string;
  name: Text;
  /** The printed board's size in millimetres. */
  size: { w: number; h: number };
  /**
   * Where a box's double-sided boards put this Tafel: board `number` of the box's stack (1 on top),
   * its `front` or its `back`. Absent for a Tafel printed on a sheet of its own (the shipped ones).
   */
  board?: Board;
  rows: Row[];
}

export interface Board {
  number: number;
  side: 'front' | 'back';
}
/** A box holds 8 boards; a user's own may hold more, so the number is checked only loosely. */
export const MAX_BOARD = 99;

export const boxId = (row: number, box: number) => `r${row + 1}b${box + 1}`;

/** A box as the table names it, counted as printed: rows from the top, boxes from the left of their row. */
export const boxName = (row: number, box: number): Text => ({ de: `Reihe ${row + 1}, Kästchen ${box + 1}`, en: `row ${row + 1}, box ${box + 1}` });

/** A box id as the table names it ("r2b1" is "Reihe 2, Kästchen 1"); an id that is none stays as it came. */
export function boxNameOf(id: string): Text {
  const at = parseBoxId(id);
  return at ? boxName(at[0], at[1]) : { de: `„${id}“`, en: `"${id}"` };
}

/** `r2b3` -> [1, 2] (0-based), or null for anything else. */
export function parseBoxId(id: string): [number, number] | null {
  const m = /^r([1-9]\d*)b([1-9]\d*)$/.exec(id);
  return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : null;
}

export const boxCount = (t: Tafel) => t.rows.reduce((n, r) => n + r.boxes.length, 0);

/** Whether `value` meets box `i`'s own constraints, given the values of the boxes on its left. */
export function meets(row: Row, i: number, value: number, left: readonly (number | null)[]): boolean {
  for (const c of row.boxes[i].must) {
    if ('value' in c) {
      if (value !== c.value) return false;
    } else if ('sameAs' in c) {
      if (value !== left[c.sameAs - 1]) return false;
    } else if ('differentFrom' in c) {
      if (value === left[c.differentFrom - 1]) return false;
    } else if (value !== (left[i - 1] as number) + c.step) return false;
  }
  return true;
}

/** Whether the boxes from `i` on can still all be filled after the values `left` (DFS, first hit wins). */
export function completable(row: Row, i: number, left: (number | null)[]): boolean {
  if (i >= row.boxes.length) return true;
  for (let v = 1; v <= 6; v++) {
    if (!meets(row, i, v, left)) continue;
    left[i] = v;
    const ok = completable(row, i + 1, left);
    left[i] = null;
    if (ok) return true;
  }
  return false;
}

// Rows are never mutated, so what a filled prefix allows is worth keeping: play asks it for every die of every roll.
const completableMemo = new WeakMap<Row, Map<string, boolean>>();

/** Whether a row whose first `n` boxes hold `prefix` (n = prefix.length) can still be completed. */
export function canFinish(row: Row, prefix: readonly number[]): boolean {
  let memo = completableMemo.get(row);
  if (!memo) completableMemo.set(row, (memo = new Map()));
  const key = prefix.join('');
  let ok = memo.get(key);
  if (ok === undefined) {
    const left: (number | null)[] = [...prefix, ...new Array<null>(row.boxes.length - prefix.length).fill(null)];
    memo.set(key, (ok = completable(row, prefix.length, left)));
  }
  return ok;
}

/** Describes a constraint for people, e.g. to explain why a die does not fit. */
export function describeConstraint(c: Constraint): Text {
  if ('value' in c) return { de: `genau ${c.value}`, en: `exactly ${c.value}` };
  if ('sameAs' in c) return { de: `gleich wie Kästchen ${c.sameAs}`, en: `same as box ${c.sameAs}` };
  if ('differentFrom' in c) return { de: `anders als Kästchen ${c.differentFrom}`, en: `different from box ${c.differentFrom}` };
  return c.step === 1
    ? { de: 'eins mehr als das Kästchen davor', en: 'one more than the box before' }
    : { de: 'eins weniger als das Kästchen davor', en: 'one less than the box before' };
}

/** A Tafel file at fault, with where: the message names the Tafel, and the row and box if known. */
export class TafelError extends Error {
  constructor(
    readonly text: Text,
    readonly where: { tafel?: string; row?: number; box?: number } = {},
  ) {
    super(text.en);
    this.name = 'TafelError';
  }
}

const CONSTRAINT_KEYS = ['value', 'sameAs', 'differentFrom', 'step'] as const;

/** Reads one Tafel from parsed JSON, refusing anything the engine could trip over later. */
export function parseTafel(v: unknown, source = 'Tafel'): Tafel {
  let name = source;
  let rowNo: number | undefined;
  let boxNo: number | undefined;
  const fail = (de: string, en: string): never => {
    const where = `${name}${rowNo ? `, row ${rowNo}` : ''}${boxNo ? `, box ${boxNo}` : ''}`;
    const wo = `${name}${rowNo ? `, Reihe ${rowNo}` : ''}${boxNo ? `, Kästchen ${boxNo}` : ''}`;
    throw new TafelError({ de: `${wo}: ${de}`, en: `${where}: ${en}` }, { tafel: name, row: rowNo, box: boxNo });
  };
  const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  const num = (x: unknown, what: Text, min: number, max: number): number => {
    if (typeof x !== 'number' || !Number.isFinite(x) || x < min || x > max) {
      fail(`${what.de} muss eine Zahl von ${min} bis ${max} sein`, `${what.en} must be a number from ${min} to ${max}`);
    }
    return x as number;
  };
  const text = (x: unknown, what: string): Text => {
    if (!isObj(x) || typeof x.de !== 'string' || typeof x.en !== 'string' || !x.de.trim() || !x.en.trim()) {
      fail(`"${what}" braucht einen deutschen und einen englischen Text {"de","en"}`, `"${what}" needs a German and an English text {"de","en"}`);
    }
    if ((x as Text).de.length > MAX_NAME || (x as Text).en.length > MAX_NAME) fail(`"${what}" hat höchstens ${MAX_NAME} Zeichen je Sprache`, `"${what}" has at most ${MAX_NAME} characters in each language`);
    return { de: (x as Text).de, en: (x as Text).en };
  };

  if (!isObj(v)) fail('eine Tafel muss ein JSON-Objekt sein', 'a Tafel must be a JSON object');
  const o = v as Record<string, unknown>;
  if (typeof o.id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,39}$/.test(o.id)) {
    fail('"id" muss aus Kleinbuchstaben, Ziffern und "-" bestehen (höchstens 40)', '"id" must be lower-case letters, digits and "-" (at most 40)');
  }
  name = `Tafel "${o.id as string}"`;
  if (o.format !== TAFEL_FORMAT) fail(`"format" muss "${TAFEL_FORMAT}" sein`, `"format" must be "${TAFEL_FORMAT}"`);
  for (const k of Object.keys(o)) {
    if (!['format', 'id', 'name', 'size', 'board', 'rows'].includes(k)) fail(`unbekannter Eintrag "${k}"`, `unknown entry "${k}"`);
  }
  let board: Board | undefined;
  if (o.board !== undefined) {
    const bo = o.board as Record<string, unknown>;
    const ok = isObj(bo) && Object.keys(bo).every((k) => k === 'number' || k === 'side');
    if (!ok || !Number.isInteger(bo.number) || (bo.number as number) < 1 || (bo.number as number) > MAX_BOARD || (bo.side !== 'front' && bo.side !== 'back')) {
      fail(
        `"board" muss {"number": 1 bis ${MAX_BOARD}, "side": "front" oder "back"} sein`,
        `"board" must be {"number": 1 to ${MAX_BOARD}, "side": "front" or "back"}`,
      );
    }
    board = { number: bo.number as number, side: bo.side as Board['side'] };
  }
  const tafelName = text(o.name, 'name');
  if (!isObj(o.size)) fail('"size" fehlt ({"w","h"} in mm)', '"size" is missing ({"w","h"} in mm)');
  const size = o.size as Record<string, unknown>;
  for (const k of Object.keys(size)) if (!['w', 'h'].includes(k)) fail(`unbekannter Eintrag "size.${k}"`, `unknown entry "size.${k}"`);
  const w = num(size.w, { de: 'Breite', en: 'width' }, 50, 1000);
  const h = num(size.h, { de: 'Höhe', en: 'height' }, 50, 1000);
  if (!Array.isArray(o.rows) || o.rows.length !== ROWS_PER_TAFEL) {
    fail(`braucht genau ${ROWS_PER_TAFEL} Reihen`, `needs exactly ${ROWS_PER_TAFEL} rows`);
  }

  const rows: Row[] = [];
  let total = 0;
  for (const [ri, rv] of (o.rows as unknown[]).entries()) {
    rowNo = ri + 1;
    boxNo = undefined;
    if (!isObj(rv)) fail('eine Reihe muss ein Objekt sein', 'a row must be an object');
    const r = rv as Record<string, unknown>;
    for (const k of Object.keys(r)) if (!['colour', 'points', 'boxes'].includes(k)) fail(`unbekannter Eintrag "${k}"`, `unknown entry "${k}"`);
    if (r.colour !== 'white' && r.colour !== 'black') fail('"colour" muss "white" oder "black" sein', '"colour" must be "white" or "black"');
    const points = num(r.points, { de: 'Punkte', en: 'points' }, 10, 500);
    if (points % 10 !== 0) fail('Punkte müssen ein Vielfaches von 10 sein', 'points must be a multiple of 10');
    if (!Array.isArray(r.boxes) || r.boxes.length < 1 || r.boxes.length > MAX_BOXES_PER_ROW) {
      const n = Array.isArray(r.boxes) ? r.boxes.length : 'kein';
      fail(
        `eine Reihe hat 1 bis ${MAX_BOXES_PER_ROW} Kästchen, nicht ${n}`,
        `a row has 1 to ${MAX_BOXES_PER_ROW} boxes, not ${Array.isArray(r.boxes) ? r.boxes.length : 'none'}`,
      );
    }
    const boxes: Box[] = [];
    for (const [bi, bv] of (r.boxes as unknown[]).entries()) {
      boxNo = bi + 1;
      if (!isObj(bv)) fail('ein Kästchen muss ein Objekt sein', 'a box must be an object');
      const b = bv as Record<string, unknown>;
      for (const k of Object.keys(b)) if (!['must', 'at'].includes(k)) fail(`unbekannter Eintrag "${k}"`, `unknown entry "${k}"`);
      if (!Array.isArray(b.must)) fail('"must" muss eine Liste von Bedingungen sein', '"must" must be a list of constraints');
      if ((b.must as unknown[]).length > MAX_CONSTRAINTS_PER_BOX) {
        fail(
          `ein Kästchen hat höchstens ${MAX_CONSTRAINTS_PER_BOX} Bedingungen, nicht ${(b.must as unknown[]).length}`,
          `a box has at most ${MAX_CONSTRAINTS_PER_BOX} constraints, not ${(b.must as unknown[]).length}`,
        );
      }
      const must: Constraint[] = [];
      for (const cv of b.must as unknown[]) {
        const keys = isObj(cv) ? Object.keys(cv) : [];
        const key = keys[0] as (typeof CONSTRAINT_KEYS)[number];
        if (keys.length !== 1 || !CONSTRAINT_KEYS.includes(key)) {
          fail(
            `unbekannte Bedingung ${JSON.stringify(cv)}; bekannt: ${CONSTRAINT_KEYS.join(', ')}`,
            `unknown constraint ${JSON.stringify(cv)}; known: ${CONSTRAINT_KEYS.join(', ')}`,
          );
        }
        const arg = (cv as Record<string, unknown>)[key];
        if (key === 'value') {
          if (!Number.isInteger(arg) || (arg as number) < 1 || (arg as number) > 6) fail('"value" muss 1 bis 6 sein', '"value" must be 1 to 6');
          must.push({ value: arg as number });
        } else if (key === 'step') {
          if (arg !== 1 && arg !== -1) fail('"step" muss 1 oder -1 sein', '"step" must be 1 or -1');
          if (bi === 0) fail('"step" braucht ein Kästchen davor', '"step" needs a box before it');
          must.push({ step: arg as 1 | -1 });
        } else {
          if (!Number.isInteger(arg) || (arg as number) < 1) fail(`"${key}" muss eine Kästchennummer ab 1 sein`, `"${key}" must be a box number from 1`);
          if ((arg as number) >= bi + 1) {
            fail(
              `"${key}": ${arg as number} verweist auf ${(arg as number) === bi + 1 ? 'sich selbst' : 'ein späteres Kästchen'}; nur Kästchen links davon sind erlaubt`,
              `"${key}": ${arg as number} refers to ${(arg as number) === bi + 1 ? 'itself' : 'a later box'}; only boxes to its left are allowed`,
            );
          }
          must.push((key === 'sameAs' ? { sameAs: arg } : { differentFrom: arg }) as Constraint);
        }
      }
      if (!isObj(b.at)) fail('"at" fehlt (Lage auf der Tafel {"x","y","w","h"} in mm)', '"at" is missing (place on the board {"x","y","w","h"} in mm)');
      const a = b.at as Record<string, unknown>;
      for (const k of Object.keys(a)) if (!['x', 'y', 'w', 'h'].includes(k)) fail(`unbekannter Eintrag "at.${k}"`, `unknown entry "at.${k}"`);
      const at = {
        x: num(a.x, { de: 'x', en: 'x' }, 0, w),
        y: num(a.y, { de: 'y', en: 'y' }, 0, h),
        w: num(a.w, { de: 'Kästchenbreite', en: 'box width' }, 5, w),
        h: num(a.h, { de: 'Kästchenhöhe', en: 'box height' }, 5, h),
      };
      if (at.x + at.w > w || at.y + at.h > h) fail('das Kästchen ragt über den Rand der Tafel', 'the box reaches over the edge of the board');
      boxes.push({ must, at });
    }
    boxNo = undefined;
    const row: Row = { colour: r.colour as Colour, points, boxes };
    // A row no dice can ever fill (e.g. "value 3" then "same as box 1" after "value 4") would stall the Durchgang.
    if (!canFinish(row, [])) {
      fail('kein Wurf kann diese Reihe je füllen: die Bedingungen widersprechen sich', 'no roll can ever fill this row: its constraints contradict each other');
    }
    total += boxes.length;
    rows.push(row);
  }
  rowNo = undefined;
  if (total > DICE_IN_GAME) fail(`hat ${total} Kästchen, mehr als die ${DICE_IN_GAME} Würfel`, `has ${total} boxes, more than the ${DICE_IN_GAME} dice`);
  const placed = rows.flatMap((r, ri) => r.boxes.map((b, bi) => ({ ri, bi, at: b.at })));
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const [p, q] = [placed[i], placed[j]];
      if (p.at.x < q.at.x + q.at.w && q.at.x < p.at.x + p.at.w && p.at.y < q.at.y + q.at.h && q.at.y < p.at.y + p.at.h) {
        fail(
          `${boxName(p.ri, p.bi).de} und ${boxName(q.ri, q.bi).de} überdecken sich auf der Tafel`,
          `${boxName(p.ri, p.bi).en} and ${boxName(q.ri, q.bi).en} overlap on the board`,
        );
      }
    }
  }
  return { format: TAFEL_FORMAT, id: o.id as string, name: tafelName, size: { w, h }, ...(board && { board }), rows };
}

/** Reads a Tafel file's text: not JSON is refused like any other fault, naming the file. */
export function loadTafel(textOfFile: string, source = 'Tafel'): Tafel {
  let v: unknown;
  try {
    v = JSON.parse(textOfFile);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new TafelError({ de: `${source}: kein gültiges JSON (${why})`, en: `${source}: not valid JSON (${why})` }, { tafel: source });
  }
  return parseTafel(v, source);
}

/** A Tafel file's text as the editor exports it and the shipped ones are written: one line per box. */
export function formatTafel(t: Tafel): string {
  const rows = t.rows.map((r) => {
    const boxes = r.boxes.map((b) => `        ${JSON.stringify(b)}`).join(',\n');
    return `    {\n      "colour": ${JSON.stringify(r.colour)},\n      "points": ${r.points},\n      "boxes": [\n${boxes}\n      ]\n    }`;
  });
  return [
    '{',
    `  "format": ${JSON.stringify(t.format)},`,
    `  "id": ${JSON.stringify(t.id)},`,
    `  "name": ${JSON.stringify(t.name)},`,
    `  "size": ${JSON.stringify(t.size)},`,
    ...(t.board ? [`  "board": ${JSON.stringify(t.board)},`] : []),
    `  "rows": [\n${rows.join(',\n')}\n  ]`,
    '}',
    '',
  ].join('\n');
}

