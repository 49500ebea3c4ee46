/**
 * The board's reference as a camera worker keeps it (vision/change/change.ts says why): the frame
 * of the last position the game took and the dice read on it. A reading passed on becomes the
 * reference only once the game takes it; a reading it refuses leaves the reference as it was, so
 * the next one is judged against the position the game holds. With a reference, only the patches
 * of the picture that changed are read (patches.ts): the verdict's cost is the dice moved, not
 * the frame.
 */
import { localScale, type Calibration } from '../board/calibration.ts';
import type { Point } from '../board/homography.ts';
import { MARKER_SIZE } from '../board/board.ts';
import type { Box } from '../detect/boxes.ts';
import type { Frame, Reading } from '../types.ts';
import { cellMeans } from './cells.ts';
import { anyChanged, boardCorners, CHANGE_DEFAULTS, changeMap, judge, lostWhy, onlyDiceChanged, regions, takeReference, type BoardReference, type ChangeMap, type ChangeOptions } from './change.ts';
import { patchesOf, patchShare, readPatches } from './patches.ts';
import { seedDice, type HeldDie } from './seed.ts';

/** The largest patch of change that is dice alone, board mm: two dice side by side with their shadows; a hand is bigger. */
export const DICE_PATCH_MM = 50;

/** A die's edge, mm: standard d6 are 12 to 19 mm, most 16. Where no board gives the scale, the dice read give it. */
export const DIE_MM = 16;

/**
 * How far round a patch of change the reader looks, board mm: a die's edge, so that a die whose
 * middle changed lies whole inside the patch with the table round it, as the detector saw dice
 * in training.
 */
export const PATCH_MARGIN_MM = DIE_MM;

/** Above this share of the picture in patches, the frame is read whole: cutting it up would save little. */
export const WHOLE_SHARE = 0.5;

/** Where the board lies in the picture: what the reference is checked and sized by. */
export interface BoardView {
  /** The board's corners in the picture (by its markers or clicked corners); null where nothing marks them (Plus: dice on a bare table). */
  corners: Point[] | null;
  /** Picture px per mm on the table, round the board's middle. */
  pxPerMm: number;
  /** The calibration it came from, where a board has one: kept with the reference (`steady`). */
  calibration?: Calibration;
}

/** The view a calibrated board gives. */
export function calibratedView(cal: Calibration): BoardView {
  const centre = cal.board.outline.reduce<[number, number]>((c, p) => [c[0] + p[0] / cal.board.outline.length, c[1] + p[1] / cal.board.outline.length], [0, 0]);
  return { corners: boardCorners(cal.board, cal.boardToImage), pxPerMm: Math.sqrt(localScale(cal.boardToImage, centre)), calibration: cal };
}

/** The view of dice on a bare table (no board, no corners): the scale from the dice read, each `DIE_MM` across. */
export function diceView(reading: Reading): BoardView | null {
  const sides = reading.dice.map((d) => Math.max(d.box[2], d.box[3])).sort((a, b) => a - b);
  return sides.length ? { corners: null, pxPerMm: sides[sides.length >> 1] / DIE_MM } : null;
}

export type Watched =
  | {
      /** The reading to pass on. */
      reading: Reading;
      lost?: undefined;
      /** Dice the reader reported where nothing changed and the position has none. */
      ghosts: number;
      /** The patches read (frame px); null: the frame was read whole. */
      patches: Box[] | null;
      /** The reference was taken from this frame and the game's position (`hold`): how many dice on fields the position leaves empty were dropped, how many of its dice were not seen, and how many seem moved while the camera was off (seed.ts). */
      seeded?: { extra: number; missing: number; moved: number };
    }
  /** The reference no longer fit the picture and was dropped: the board or camera moved, or the light changed. Nothing was read. */
  | { lost: 'moved' | 'light' };

type Reference = BoardReference & { pxPerMm: number; calibration?: Calibration };

/** How far round each of the calibration's anchors (a marker's centre, a clicked corner) nothing may have changed for `steady`, mm: a marker and a half. */
export const ANCHOR_MM = 1.5 * MARKER_SIZE;

export class BoardWatch {
  private ref: Reference | null = null;
  private pending: Reference | null = null;
  /** The last frame's cell means and change map: settling asks `quick` and then the read asks `see` of the same frame. */
  private last: { frame: Frame; cells: Float32Array; map?: { ref: Reference; map: ChangeMap } } | null = null;

  constructor(private readonly o: ChangeOptions = CHANGE_DEFAULTS) {}

  /** The game's position, where it told it: the first reference is taken from it (seed.ts). */
  private held: HeldDie[] | null = null;

  /** A reference to judge by. */
  get holds(): boolean {
    return this.ref !== null;
  }

  /**
   * The position the game holds now (null: none known). Kept for the next first reference: at the
   * start, after another board or clicked corners, and once the reference was lost; a reference
   * in hand follows the readings the game takes instead.
   */
  hold(position: readonly HeldDie[] | null): void {
    this.held = position && [...position];
  }

  /** Forgets the reference (another board, corners clicked): the next reading is taken whole. */
  reset(): void {
    this.ref = this.pending = null;
  }

  /** Only dice changed since the reference, so a still table can be read early (`SettleOptions.quickMs`). */
  quick(frame: Frame): boolean {
    return this.ref !== null && onlyDiceChanged(this.ref, frame, DICE_PATCH_MM * this.ref.pxPerMm, this.o, this.mapOf(this.ref, frame));
  }

  /**
   * The calibration the reference was taken with, where not one cell changed since round any of its
   * anchors (`ANCHOR_MM`): the markers or corners are where they were to a fraction of a px (a
   * shift of one px changes the cells on a marker's edges by tens of levels), so the board need
   * not be searched for again. Null where something changed there (a die, a hand, the board or
   * camera moved): search as usual.
   */
  steady(frame: Frame): Calibration | null {
    const cal = this.ref?.calibration;
    if (!this.ref || !cal || frame.width !== this.ref.width || frame.height !== this.ref.height) return null;
    const map = this.mapOf(this.ref, frame);
    const r = (ANCHOR_MM * this.ref.pxPerMm) / 2;
    return cal.anchors.some(([x, y]) => anyChanged(map, [x - r, y - r, 2 * r, 2 * r], this.o.cell)) ? null : cal;
  }

  /**
   * Reads `frame` against the reference: nothing where it no longer fits (`lost`, and the
   * reference is dropped), else the patches that changed (and any accepted die that could not be
   * read, to read it again), or the whole frame where they cover most of it, and judges the
   * reading. Without a reference, the whole frame as it reads. `keep` filters a reading before it
   * is judged, in frame px (the d6 worker's `realDice`). `view`: where the board lies; null for
   * dice on a bare table (Plus), where the reference's own scale serves.
   */
  async see(frame: Frame, view: BoardView | null, read: (f: Frame) => Promise<Reading> | Reading, keep: (r: Reading) => Reading = (r) => r): Promise<Watched> {
    if (!this.ref) {
      const whole = keep(await read(frame));
      if (!this.held || !view?.calibration) return { reading: whole, ghosts: 0, patches: null };
      // The game knows its position: this still frame shows it, and what else it shows on a field lay there from the start.
      const seed = seedDice(view.calibration, whole, this.held, DIE_MM * view.pxPerMm);
      this.ref = { ...takeReference(frame, seed.dice, view.corners, this.o, this.cellsOf(frame)), pxPerMm: view.pxPerMm, calibration: view.calibration };
      const j = judge(this.ref, frame, whole, view.corners, this.o, this.mapOf(this.ref, frame));
      if (j.status === 'lost') throw new Error('a reference fits its own frame');
      return { reading: j.reading, ghosts: j.ghosts.length, patches: null, seeded: { extra: seed.extra.length, missing: seed.missing.length, moved: seed.moved } };
    }
    const ref = this.ref;
    const map = this.mapOf(ref, frame);
    const lost = lostWhy(ref, frame, view?.corners ?? null, () => map, this.o);
    if (lost) {
      this.reset();
      return { lost: lost.why };
    }
    const unreadable = ref.dice.filter((d) => d.value === null).map((d) => ({ box: d.box, cells: 0 }));
    const patches = patchesOf([...regions(map, this.o.cell), ...unreadable], frame.width, frame.height, PATCH_MARGIN_MM * ref.pxPerMm);
    const whole = patchShare(patches, frame.width, frame.height) > WHOLE_SHARE;
    const reading = keep(whole ? await read(frame) : await readPatches(frame, patches, async (f) => read(f)));
    const j = judge(ref, frame, reading, view?.corners ?? null, this.o, map);
    if (j.status === 'lost') throw new Error('the reference was checked above');
    return { reading: j.reading, ghosts: j.ghosts.length, patches: whole ? null : patches };
  }

  /** A reading of the whole `frame` judged against the reference; without one, the reading as it is. */
  judge(frame: Frame, reading: Reading, view: BoardView): Watched {
    if (!this.ref) return { reading, ghosts: 0, patches: null };
    const j = judge(this.ref, frame, reading, view.corners, this.o, this.mapOf(this.ref, frame));
    if (j.status === 'lost') {
      this.reset();
      return { lost: j.why };
    }
    return { reading: j.reading, ghosts: j.ghosts.length, patches: null };
  }

  /** The reading passed on to the game, of `frame`: the reference once the game takes it (`verdict`). */
  passed(frame: Frame, reading: Reading, view: BoardView): void {
    this.pending = { ...takeReference(frame, reading.dice, view.corners, this.o, this.cellsOf(frame)), pxPerMm: view.pxPerMm, calibration: view.calibration };
  }

  /** What the game made of the reading passed on last: taken, or refused (the reference stays). */
  verdict(taken: boolean): void {
    if (taken && this.pending) this.ref = this.pending;
    this.pending = null;
  }

  private cellsOf(frame: Frame): Float32Array {
    if (this.last?.frame !== frame) this.last = { frame, cells: cellMeans(frame, this.o.cell) };
    return this.last.cells;
  }

  private mapOf(ref: Reference, frame: Frame): ChangeMap {
    const cells = this.cellsOf(frame);
    const last = this.last!;
    if (last.map?.ref !== ref) last.map = { ref, map: changeMap(ref, frame, this.o, cells) };
    return last.map.map;
  }
}
