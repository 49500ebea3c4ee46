import type { Text } from '../../../engine/core/text.ts';
import { HardwareError } from '../errors.ts';

/**
 * The layout file (docs/hardware.md): which LED lights which field. Plain JSON, so a user with a
 * differently wired board writes their own. Fields come either one by one (`fields`: id -> index
 * or indices) or as matrices (`matrices`), which is how most boards are wired: a grid of field ids
 * as they lie on the table, walked by the strip row by row (or column by column), every other
 * row backwards when the strip snakes. A field may own several LEDs; an LED belongs to one field.
 */
export const LAYOUT_FORMAT = 'schiri-led-layout/1';

export interface MatrixSpec {
  /** Strip index of the LED under `grid[0][0]`, where the strip enters the matrix. */
  first: number;
  /** Field ids as they lie on the table; null for an LED under no field (it stays dark). */
  grid: (string | null)[][];
  /** The strip runs along rows (default) or along columns. */
  along?: 'rows' | 'columns';
  /** Every other row (or column) runs back, as a snaking strip does (default true). */
  serpentine?: boolean;
}

export interface LayoutFile {
  format: typeof LAYOUT_FORMAT;
  name: string;
  title: Text;
  /** LEDs on the strip, lit or not: every frame has this many. */
  leds: number;
  fields?: Record<string, number | number[]>;
  matrices?: MatrixSpec[];
}

export interface Layout {
  name: string;
  title: Text;
  leds: number;
  /** Field id -> strip indices, in strip order. */
  fields: ReadonlyMap<string, readonly number[]>;
  /** The matrices' grids as they lie on the table, and the fields given one by one: what the virtual board draws. */
  grids: readonly (readonly (string | null)[])[][];
  loose: readonly string[];
}

/** Strip offset of cell (row, col) in a rows x cols matrix walked as `along` says. */
export function matrixOffset(
  rows: number,
  cols: number,
  row: number,
  col: number,
  along: 'rows' | 'columns' = 'rows',
  serpentine = true,
): number {
  const [line, pos, width] = along === 'rows' ? [row, col, cols] : [col, row, rows];
  const back = serpentine && line % 2 === 1;
  return line * width + (back ? width - 1 - pos : pos);
}

function fail(where: string, de: string, en: string): never {
  throw new HardwareError('bad-layout', { de: `Layout ${where}: ${de}`, en: `layout ${where}: ${en}` });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a layout file (from disk, IPC or a bundled JSON) and resolves its matrices. */
export function parseLayout(value: unknown): Layout {
  if (!isObject(value)) fail('', 'kein JSON-Objekt', 'not a JSON object');
  const v = value;
  if (v.format !== LAYOUT_FORMAT) fail('format', `muss "${LAYOUT_FORMAT}" sein`, `must be "${LAYOUT_FORMAT}"`);
  if (typeof v.name !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(v.name)) {
    fail('name', 'Kleinbuchstaben, Ziffern und Bindestriche', 'lower-case letters, digits and hyphens');
  }
  const name = v.name;
  const title = v.title;
  if (!isObject(title) || typeof title.de !== 'string' || typeof title.en !== 'string') {
    fail(`${name} title`, 'braucht de und en', 'needs de and en');
  }
  if (!Number.isInteger(v.leds) || (v.leds as number) < 1 || (v.leds as number) > 4096) {
    fail(`${name} leds`, 'muss 1 bis 4096 sein', 'must be 1 to 4096');
  }
  const leds = v.leds as number;
  const fields = new Map<string, number[]>();
  const owner = new Map<number, string>();
  const grids: (string | null)[][][] = [];
  const place = (id: unknown, index: number, where: string) => {
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) fail(where, 'Feld-ID muss Text sein', 'field id must be text');
    if (!Number.isInteger(index) || index < 0 || index >= leds) {
      fail(where, `LED ${index} liegt nicht in 0…${leds - 1}`, `LED ${index} is not in 0…${leds - 1}`);
    }
    const had = owner.get(index);
    if (had !== undefined && had !== id) fail(where, `LED ${index} gehört schon zu ${had}`, `LED ${index} already belongs to ${had}`);
    if (had === id) fail(where, `LED ${index} doppelt für ${id}`, `LED ${index} given twice for ${id}`);
    owner.set(index, id);
    fields.set(id, [...(fields.get(id) ?? []), index]);
  };

  if (v.fields !== undefined) {
    if (!isObject(v.fields)) fail(`${name} fields`, 'muss ein Objekt sein', 'must be an object');
    for (const [id, at] of Object.entries(v.fields)) {
      const list = Array.isArray(at) ? at : [at];
      if (list.length === 0) fail(`${name} fields.${id}`, 'keine LED', 'no LED');
      for (const i of list) place(id, i as number, `${name} fields.${id}`);
    }
  }
  if (v.matrices !== undefined) {
    if (!Array.isArray(v.matrices)) fail(`${name} matrices`, 'muss eine Liste sein', 'must be a list');
    v.matrices.forEach((m: unknown, k) => {
      const where = `${name} matrices[${k}]`;
      if (!isObject(m)) fail(where, 'muss ein Objekt sein', 'must be an object');
      const grid = m.grid;
      if (!Array.isArray(grid) || grid.length === 0 || !grid.every((r) => Array.isArray(r) && r.length === (grid[0] as unknown[]).length && r.length > 0)) {
        fail(`${where}.grid`, 'Zeilen gleicher Länge', 'rows of equal length');
      }
      if (!Number.isInteger(m.first)) fail(`${where}.first`, 'muss eine ganze Zahl sein', 'must be a whole number');
      if (m.along !== undefined && m.along !== 'rows' && m.along !== 'columns') fail(`${where}.along`, '"rows" oder "columns"', '"rows" or "columns"');
      if (m.serpentine !== undefined && typeof m.serpentine !== 'boolean') fail(`${where}.serpentine`, 'true oder false', 'true or false');
      const rows = grid.length;
      const cols = (grid[0] as unknown[]).length;
      grids.push(grid.map((r) => [...(r as (string | null)[])]));
      const along = m.along as MatrixSpec['along'];
      const serpentine = (m.serpentine as boolean | undefined) ?? true;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const id = (grid[r] as unknown[])[c];
          if (id !== null) place(id, (m.first as number) + matrixOffset(rows, cols, r, c, along, serpentine), `${where}.grid[${r}][${c}]`);
        }
      }
    });
  }
  if (fields.size === 0) fail(name, 'keine Felder', 'no fields');
  const sorted = new Map([...fields].map(([id, at]) => [id, at.sort((a, b) => a - b)] as const));
  const loose = Object.keys((v.fields as Record<string, unknown> | undefined) ?? {}).filter((id) => !grids.some((g) => g.some((r) => r.includes(id))));
  return { name, title: { de: title.de as string, en: title.en as string }, leds, fields: sorted, grids, loose };
}
