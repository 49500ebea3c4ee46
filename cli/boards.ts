/**
 * `schiri boards [dir]`: writes the printable boards with corner markers as SVG (docs/boards.md).
 * `--tafel ID ROWS` adds a Tafel with the given boxes per row, e.g. `--tafel eigene 3,4,5,6,2,1`;
 * `--shipped` adds the 16 shipped Tafeln with their boxes where the camera expects them.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MAX_BOXES_PER_ROW, ROWS_PER_TAFEL } from '../engine/engel-und-bengel/tafel.ts';
import { SHIPPED_TAFELN } from '../engine/engel-und-bengel/tafeln/index.ts';
import { duelPrintable, gridTafelPrintable, tafelSheetPrintable, type Printable } from '../vision/board/printable.ts';

const HELP = `usage: schiri boards [dir] [--tafel ID ROWS]... [--shipped]
  Writes printable boards (SVG, millimetres) with corner markers into dir (default docs/boards).
  --tafel ID ROWS   a Tafel named ID with ROWS boxes per row, top row first, e.g. 3,4,5,6,2,1
                    (1 to ${ROWS_PER_TAFEL} rows of 1 to ${MAX_BOXES_PER_ROW} boxes, as a Tafel of the game has)
  --shipped         the 16 Tafeln of Engel und Bengel that Schiri ships (schiri-01 ... schiri-16), A4`;

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const boards: Printable[] = [duelPrintable(), gridTafelPrintable('tafel-beispiel', { rows: [3, 4, 5, 6, 2, 1] }, 'Engel und Bengel: an example Tafel (boxes r{row}b{box})')];
  /** The shipped Tafeln as sheets to play on: a Tafel's points and requirements, not field ids. */
  const sheets: Printable[] = [];
  let dir = 'docs/boards';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--tafel') {
      const id = args[i + 1];
      const rows = (args[i + 2] ?? '').split(',').map(Number);
      if (!id || !/^[a-z0-9-]{1,40}$/i.test(id)) {
        console.error('schiri boards: --tafel braucht eine ID aus Buchstaben, Ziffern und Bindestrichen (höchstens 40)');
        console.error('schiri boards: --tafel needs an id of letters, digits and dashes (at most 40)');
        return 2;
      }
      // A row of 99999 boxes once made a 3.8 km SVG: only what a Tafel of the game can have.
      if (rows.length < 1 || rows.length > ROWS_PER_TAFEL || rows.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_BOXES_PER_ROW)) {
        console.error(`schiri boards: --tafel ${id}: 1 bis ${ROWS_PER_TAFEL} Reihen zu je 1 bis ${MAX_BOXES_PER_ROW} Kästchen, z. B. 3,4,5,6,2,1`);
        console.error(`schiri boards: --tafel ${id}: 1 to ${ROWS_PER_TAFEL} rows of 1 to ${MAX_BOXES_PER_ROW} boxes each, e.g. 3,4,5,6,2,1`);
        return 2;
      }
      try {
        boards.push(gridTafelPrintable(id, { rows }, `Tafel ${id}`));
      } catch (e) {
        console.error(`schiri boards: ${(e as Error).message} (rows like 3,4,5 / Reihen wie 3,4,5)`);
        return 2;
      }
      i += 2;
    } else if (args[i] === '--shipped') {
      sheets.push(...SHIPPED_TAFELN.map((t) => tafelSheetPrintable(t)));
    } else if (args[i].startsWith('-')) {
      console.error(`schiri boards: unknown option ${args[i]}\n${HELP}`);
      return 2;
    } else dir = args[i];
  }
  try {
    makeDir(dir);
    for (const { id, svg, size, fields } of [...boards, ...sheets]) {
      const file = join(dir, `${id}.svg`);
      writeFileSync(file, svg);
      console.log(`${file}  ${size[0]} x ${size[1]} mm, ${fields} fields`);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    console.error(`schiri boards: ${dir} ist kein beschreibbarer Ordner (${code})`);
    console.error(`schiri boards: ${dir} is not a folder that can be written to (${code})`);
    return 1;
  }
  return 0;
}

/**
 * mkdir -p one level at a time: Node's recursive mkdir loops for ever where a parent exists but
 * refuses children with ENOENT (/proc/x), so each level is made, and each failure reported, here.
 */
function makeDir(dir: string): void {
  const path = resolve(dir);
  try {
    if (statSync(path).isDirectory()) return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    if (dirname(path) === path) throw e;
    makeDir(dirname(path));
    mkdirSync(path);
    return;
  }
  throw Object.assign(new Error(`${dir} is not a folder`), { code: 'ENOTDIR' });
}
