/**
 * Reading changes, not pictures. A board in play is not a random photo: the position last accepted
 * is known, and only a few dice move between two verdicts. So a new reading is judged against the
 * board's reference (the frame of the last accepted position and the dice read on it), region by
 * region: a die is new or moved only where the frame changed; a die reported where nothing changed
 * and the accepted position has none there is a ghost (print, a shadow, a misread) and is dropped;
 * a die that did not move keeps its accepted value unless its own region changed (a die turned in
 * place changes its top face, so its region). Where most of the picture changed at once (the
 * camera was moved, the light changed) the reference says nothing any more: the judgement is
 * `lost`, and the caller takes a new reference instead of guessing.
 */
import type { Board } from '../board/board.ts';
import { applyHomography, type Homography, type Point } from '../board/homography.ts';
import type { DieReading, Frame, Reading } from '../types.ts';
import { cellMeans, changedCells } from './cells.ts';

export interface ChangeOptions {
  /** Edge of the square cells compared, px: small enough that a die covers several, big enough that noise drowns. */
  cell: number;
  /** Change of a cell's mean (levels, any channel, after the picture's overall gain) that counts as a change there. */
  cellThreshold: number;
  /** Share of the die's box, round its centre, in which a changed cell makes the die changed. */
  core: number;
  /** Share of changed cells above which the reference no longer fits the picture (the light changed). */
  lostShare: number;
  /** How far a corner of the board may lie from where it lay in the reference, px (the camera or the board moved). */
  shiftPx: number;
}

/**
 * A 4 px cell at threshold 14: sensor noise (a few levels a pixel) moves a 16-pixel mean by a level
 * or two, while a die placed, taken away or turned changes the cells under it by tens of levels.
 * Half the die's box round its centre: a neighbour laid beside it (and its shadow) changes cells at
 * its edge, not at its middle, while a die turned in place changes its pips, which fill the middle.
 */
export const CHANGE_DEFAULTS: ChangeOptions = { cell: 4, cellThreshold: 14, core: 0.5, lostShare: 0.15, shiftPx: 2 };

/** What a board looked like when its position was accepted, and the dice read on it then. */
export interface BoardReference {
  width: number;
  height: number;
  cells: Float32Array;
  dice: DieReading[];
  /** The board's corners in the picture then (by its markers or clicked corners), where known. */
  corners: Point[] | null;
}

/** A connected patch of changed cells, as a box in image px. */
export interface Region {
  box: [number, number, number, number];
  cells: number;
}

export type Judgement =
  /** The reference no longer fits: the board or camera `moved`, or the `light` changed over much of the picture. */
  | { status: 'lost'; why: 'moved' | 'light'; share: number }
  | {
      status: 'judged';
      /** The reading to pass on: new dice where the picture changed, the accepted dice where it did not. */
      reading: Reading;
      /** Dice the reader reported where nothing changed and the accepted position has none. */
      ghosts: DieReading[];
      /** Accepted dice the reader did not report this time, kept because nothing changed where they lie. */
      kept: DieReading[];
      regions: Region[];
      /** Share of the picture's cells that changed. */
      share: number;
    };

export function takeReference(frame: Frame, dice: readonly DieReading[], corners: Point[] | null = null, o: ChangeOptions = CHANGE_DEFAULTS, cells = cellMeans(frame, o.cell)): BoardReference {
  return { width: frame.width, height: frame.height, cells, dice: [...dice], corners };
}

/** Where a calibrated board's outline lies in the picture: the corners a reference keeps. */
export function boardCorners(board: Board, boardToImage: Homography): Point[] {
  return board.outline.map((p) => applyHomography(boardToImage, p));
}

/** Which cells differ from the reference, as a grid of `cols` x `rows`, and their share of the picture. */
export interface ChangeMap {
  cols: number;
  rows: number;
  changed: Uint8Array;
  share: number;
}

/** The cells of `frame` that differ from the reference; `cells`: the frame's cell means, where the caller has them already. */
export function changeMap(ref: BoardReference, frame: Frame, o: ChangeOptions = CHANGE_DEFAULTS, cells = cellMeans(frame, o.cell)): ChangeMap {
  const cols = Math.floor(frame.width / o.cell);
  const rows = Math.floor(frame.height / o.cell);
  const changed = changedCells(ref.cells, cells, o.cellThreshold);
  return { cols, rows, changed, share: changed.reduce((n, c) => n + c, 0) / changed.length };
}

/**
 * Why the reference no longer fits `frame`, if it does not: another picture size or the board's
 * corners moved (`moved`), or too much of the picture changed at once (`light`). A camera nudged a
 * few px changes only the cells on edges (print, dice), too few on a plain table to tell from dice
 * moved, so the board's own corners tell it.
 */
export function lostWhy(ref: BoardReference, frame: Frame, corners: Point[] | null, map: () => ChangeMap, o: ChangeOptions = CHANGE_DEFAULTS): { why: 'moved' | 'light'; share: number } | null {
  if (frame.width !== ref.width || frame.height !== ref.height) return { why: 'moved', share: 1 };
  if (ref.corners && corners && ref.corners.some((p, i) => Math.hypot(p[0] - corners[i][0], p[1] - corners[i][1]) > o.shiftPx)) return { why: 'moved', share: 1 };
  const { share } = map();
  return share > o.lostShare ? { why: 'light', share } : null;
}

/**
 * Judges `reading` of `frame` against the reference (module comment); `corners`: where the board
 * lies in `frame` (`lostWhy`); `map`: the frame's change map, where the caller has it already.
 */
export function judge(ref: BoardReference, frame: Frame, reading: Reading, corners: Point[] | null = null, o: ChangeOptions = CHANGE_DEFAULTS, known?: ChangeMap): Judgement {
  let cached = known;
  const mapped = () => (cached ??= changeMap(ref, frame, o));
  const lost = lostWhy(ref, frame, corners, mapped, o);
  if (lost) return { status: 'lost', ...lost };
  const map = mapped();
  const moved = (d: DieReading) => anyChanged(map, coreBox(d, o.core), o.cell);
  const left = [...ref.dice];
  const ghosts: DieReading[] = [];
  const dice: DieReading[] = [];
  for (const d of reading.dice) {
    const k = left.findIndex((a) => near(a, d));
    const accepted = k >= 0 ? left.splice(k, 1)[0] : null;
    if (moved(d)) dice.push(d);
    // Unchanged there: the accepted die stays what it was (a reading that wavers on a still die is noise).
    else if (accepted) dice.push(accepted.value === null ? d : accepted);
    else ghosts.push(d);
  }
  // Accepted dice the reader did not report: still there where their region did not change.
  const kept = left.filter((a) => !moved(a));
  return {
    status: 'judged',
    reading: { ...reading, dice: [...dice, ...kept] },
    ghosts,
    kept,
    regions: regions(map, o.cell),
    share: map.share,
  };
}

/** The same die: centres within half the shorter side of either's box. */
function near(a: DieReading, b: DieReading): boolean {
  const r = Math.min(a.box[2], a.box[3], b.box[2], b.box[3]) / 2;
  return Math.hypot(a.centre[0] - b.centre[0], a.centre[1] - b.centre[1]) < r;
}

function coreBox(d: DieReading, core: number): [number, number, number, number] {
  const [w, h] = [d.box[2] * core, d.box[3] * core];
  return [d.centre[0] - w / 2, d.centre[1] - h / 2, w, h];
}

/** Whether any cell of `map` under the box (px) changed. */
export function anyChanged(map: ChangeMap, [x, y, w, h]: [number, number, number, number], cell: number): boolean {
  const c0 = Math.max(0, Math.floor(x / cell));
  const c1 = Math.min(map.cols - 1, Math.floor((x + w) / cell));
  const r0 = Math.max(0, Math.floor(y / cell));
  const r1 = Math.min(map.rows - 1, Math.floor((y + h) / cell));
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (map.changed[r * map.cols + c]) return true;
  return false;
}

/** Connected patches of changed cells (8-neighbours), each as its bounding box in px. */
export function regions(map: ChangeMap, cell: number): Region[] {
  const { cols, rows, changed } = map;
  const seen = new Uint8Array(changed.length);
  const out: Region[] = [];
  const stack: number[] = [];
  for (let start = 0; start < changed.length; start++) {
    if (!changed[start] || seen[start]) continue;
    let [x0, y0, x1, y1, n] = [cols, rows, 0, 0, 0];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const [x, y] = [i % cols, Math.floor(i / cols)];
      [x0, y0, x1, y1, n] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y), n + 1];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const j = ny * cols + nx;
          if (changed[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    out.push({ box: [x0 * cell, y0 * cell, (x1 - x0 + 1) * cell, (y1 - y0 + 1) * cell], cells: n });
  }
  return out;
}

/**
 * Whether only dice changed since the reference: every patch of change at most `maxSide` px
 * across (a die or two side by side with their shadows; a hand or a forearm is bigger) and none
 * running into the picture's edge (where an arm comes in). Settling can then be quick
 * (`SettleOptions.quickMs`).
 */
export function onlyDiceChanged(ref: BoardReference, frame: Frame, maxSide: number, o: ChangeOptions = CHANGE_DEFAULTS, known?: ChangeMap): boolean {
  if (frame.width !== ref.width || frame.height !== ref.height) return false;
  const map = known ?? changeMap(ref, frame, o);
  if (map.share > o.lostShare) return false;
  return regions(map, o.cell).every(({ box: [x, y, w, h] }) => Math.max(w, h) <= maxSide && x > 0 && y > 0 && x + w < map.cols * o.cell && y + h < map.rows * o.cell);
}
