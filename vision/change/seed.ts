/**
 * The first reference of a board whose position the game knows: the empty board at a game's
 * start, or the position a resumed game holds. Without it the first reading is taken whole, and a
 * die the reader sees in printed art (or a pawn, a coin) on a field would reach the game as a die
 * laid there. With it, the frame of the first still table is the reference and the game's position
 * its dice: a die reported on a field where the position has none is a ghost from the start (it is
 * dropped, and read only once its region changes), and a die of the position the reader misses
 * is taken to lie on its field.
 */
import { fieldAtImagePoint, type Calibration } from '../board/calibration.ts';
import { applyHomography } from '../board/homography.ts';
import type { DieReading, Reading } from '../types.ts';

/** A die of the game's position: on which field, showing what, and its body's colour (drawn for a die the reader missed). */
export interface HeldDie {
  field: string;
  value: number;
  body?: string;
}

export interface Seeded {
  /** The reference's dice: the position's, where the reader saw them, else on their field's middle; the dice read off the fields (a roll, supplies); and dice moved while the camera was off. */
  dice: DieReading[];
  /** Dice read on fields where the position has none, with no die of the position missing that could have gone there: ghosts, or dice the game does not know of. */
  extra: DieReading[];
  /** Dice of the position the reader did not see on their field: taken to lie there. */
  missing: HeldDie[];
  /** Dice read where the position has none, each with a die of the position not seen: moved while the camera was off; left to the game. */
  moved: number;
}

/**
 * Matches the reading of the first still frame (in frame px) with the game's position. `diePx`:
 * a die's edge in the picture, for a die of the position the reader missed. A die read unreadable
 * on a field where the position has one shows the position's value. A die read on an empty field
 * while a die of the position is not seen may be that die, moved while the camera was off (a late
 * step after a reload): both are left to the game, which judges the reading as a move. Only a die
 * with no such partner is a ghost from the start; so a ghost that comes with a missed die still
 * reaches the game, which judges it as a move.
 */
export function seedDice(cal: Calibration, reading: Reading, held: readonly HeldDie[], diePx: number): Seeded {
  const ids = new Set(cal.board.fields.map((f) => f.id));
  const read = reading.dice.map((d) => ({ d, field: fieldAtImagePoint(cal, d.centre) }));
  const dice: DieReading[] = read.filter((r) => !r.field || !ids.has(r.field)).map((r) => r.d);
  const onFields = read.filter((r) => r.field && ids.has(r.field));
  const unseen: HeldDie[] = [];
  for (const h of held) {
    const k = onFields.findIndex((r) => r.field === h.field && r.d.value === h.value);
    if (k >= 0) dice.push(onFields.splice(k, 1)[0].d);
    else if (ids.has(h.field)) unseen.push(h);
  }
  // A die the reader could not read where the position has one: the position says what it shows.
  for (const h of [...unseen]) {
    const k = onFields.findIndex((r) => r.field === h.field && r.d.value === null);
    if (k < 0) continue;
    const { unreadable: _, ...d } = onFields.splice(k, 1)[0].d;
    dice.push({ ...d, value: h.value });
    unseen.splice(unseen.indexOf(h), 1);
  }
  const extra: DieReading[] = [];
  let moved = 0;
  for (const { d } of onFields) {
    // Paired with any die of the position not seen: the reader names colours more finely than the
    // game tells sides (a white die read as grey is still Himmel's), so colours are not compared.
    if (!unseen.length) {
      extra.push(d);
      continue;
    }
    unseen.shift();
    dice.push(d);
    moved++;
  }
  for (const h of unseen) {
    const centre = fieldCentre(cal, h.field)!;
    // Its colour as the reader measures the body of that name elsewhere on the board, where it does.
    const like = reading.dice.find((d) => d.body.name === h.body);
    dice.push({
      value: h.value,
      confidence: 1,
      box: [centre[0] - diePx / 2, centre[1] - diePx / 2, diePx, diePx],
      centre: [Math.round(centre[0]), Math.round(centre[1])],
      body: like?.body ?? { name: h.body ?? 'white', rgb: [235, 235, 235] },
      pips: like?.pips ?? { name: 'black', rgb: [20, 20, 20] },
    });
  }
  return { dice, extra, missing: unseen, moved };
}

/** The middle of a field's polygon (by its bounding box) in the picture; null for no such field. */
export function fieldCentre(cal: Calibration, id: string): [number, number] | null {
  const f = cal.board.fields.find((x) => x.id === id);
  if (!f) return null;
  const xs = f.polygon.map((p) => p[0]);
  const ys = f.polygon.map((p) => p[1]);
  return applyHomography(cal.boardToImage, [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]) as [number, number];
}
