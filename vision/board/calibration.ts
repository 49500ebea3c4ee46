import type { Frame, Reading } from '../types.ts';
import { fieldAt, onMarker, type Board, type Marker } from './board.ts';
import { applyHomography, homographyFrom, invertHomography, type Homography, type Point } from './homography.ts';
import { cornerPatch, findCorner, type CornerPatch } from './corner-watch.ts';
import { findMarkers, type FoundMarker } from './markers.ts';

export interface Calibration {
  board: Board;
  imageToBoard: Homography;
  boardToImage: Homography;
  /** Corner markers seen in the image, or four corners a user clicked. */
  source: 'markers' | 'corners';
  /** The image points the calibration was made from (marker centres or clicked corners), in board order. */
  anchors: Point[];
}

function calibrate(board: Board, image: Point[], boardPts: Point[], source: Calibration['source']): Calibration {
  const boardToImage = homographyFrom(boardPts, image);
  return { board, boardToImage, imageToBoard: invertHomography(boardToImage), source, anchors: image };
}

/**
 * The fallback without markers: the four outline corners a user clicked, in the order top-left,
 * top-right, bottom-right, bottom-left of the printed board.
 */
export function calibrateFromCorners(board: Board, clicked: Point[]): Calibration {
  if (clicked.length !== 4) throw new Error('click the four corners of the board');
  if (!isConvexQuad(clicked)) throw new Error('the four corners must go round the board in order');
  return calibrate(board, clicked, board.outline, 'corners');
}

/**
 * Calibration from markers found in an image, or null unless every corner marker is there and
 * plausible. A dark die showing 1 to 4 light pips also looks like a marker; a real marker has the
 * area the calibration predicts for it, a die on its own about a third of it (but with a shadow
 * or a dark halo round it, a die can pass for one). So every choice of blobs with the markers'
 * holes is tried, and of the plausible ones the widest wins: the markers sit in the board's
 * corners, so a die on the board lies inside their outline.
 */
export function calibrateFromMarkers(board: Board, found: FoundMarker[]): Calibration | null {
  if (board.markers.length < 4) return null;
  const options = board.markers.map((m) => found.filter((x) => x.holes === m.holes));
  if (options.some((o) => o.length === 0)) return null;
  const choices = options.reduce<FoundMarker[][]>((acc, o) => acc.flatMap((c) => o.map((f) => [...c, f])), [[]]);
  let best: { cal: Calibration; area: number } | null = null;
  for (const chosen of choices) {
    const image = chosen.map((f) => f.centre);
    if (!isConvexQuad(image)) continue;
    const cal = calibrate(board, image, board.markers.map((m) => m.centre), 'markers');
    const area = polygonArea(image);
    if (board.markers.every((m, i) => markerSized(m, chosen[i], cal)) && (!best || area > best.area)) best = { cal, area };
  }
  return best?.cal ?? null;
}

/** Whether a found blob has about the area `cal` predicts for marker `m` (a die has about a third). */
function markerSized(m: Marker, f: FoundMarker, cal: Calibration): boolean {
  const ratio = f.area / (m.size * m.size * localScale(cal.boardToImage, m.centre));
  return ratio > 0.5 && ratio < 2;
}

/** Image pixels per board mm squared at a board point (the Jacobian's determinant). */
export function localScale(h: Homography, [x, y]: Point): number {
  const e = 0.5;
  const [ax, ay] = applyHomography(h, [x - e, y - e]);
  const [bx, by] = applyHomography(h, [x + e, y - e]);
  const [cx, cy] = applyHomography(h, [x - e, y + e]);
  return Math.abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / (4 * e * e);
}

/** The turn at each corner of a quadrilateral (positive: clockwise on screen, y pointing down). */
function turns(p: Point[]): number[] {
  return p.map((a, i) => {
    const b = p[(i + 1) % 4];
    const c = p[(i + 2) % 4];
    return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
  });
}

/** Shoelace area of a simple polygon, px². */
function polygonArea(p: Point[]): number {
  return Math.abs(p.reduce((s, a, i) => s + a[0] * p[(i + 1) % p.length][1] - p[(i + 1) % p.length][0] * a[1], 0)) / 2;
}

function isConvexQuad(p: Point[]): boolean {
  const cross = turns(p);
  return cross.every((c) => c > 0) || cross.every((c) => c < 0);
}

/** What can be wrong with four corners clicked on a `width` x `height` frame. */
export type CornersProblem =
  /** Not a list of four. */
  | 'count'
  /** An entry that is not a pair of finite numbers. */
  | 'not-a-point'
  | 'outside'
  /** Two clicks closer than MIN_CORNER_GAP px: one corner clicked twice. */
  | 'twice'
  /** The clicks do not go round a convex outline (crossed, or one folded inwards). */
  | 'not-round'
  /** They go round anticlockwise: the corners were clicked in the wrong order. */
  | 'anticlockwise'
  /** A corner so sharp that the outline is nearly a line or a triangle. */
  | 'flat'
  /** The outline covers less than MIN_BOARD_SHARE of the frame: dice on it would be a few px. */
  | 'small';

const MIN_CORNER_GAP = 16;
const MIN_BOARD_SHARE = 0.02;
/** sin 15°: a board's corner seen through a camera is rarely sharper than that. */
const MIN_CORNER_SINE = 0.26;

/**
 * Checks clicks meant for `calibrateFromCorners` (top-left, top-right, bottom-right, bottom-left
 * of the board, in frame pixels) before they are trusted: null when they make a sensible board.
 * A camera looking down on a table does not mirror, so the board's clockwise order is clockwise
 * in the image; anticlockwise clicks are a wrong order, which would map the board transposed.
 */
export function cornersProblem(clicked: unknown, width: number, height: number): CornersProblem | null {
  if (!Array.isArray(clicked) || clicked.length !== 4) return 'count';
  const isPoint = (p: unknown): p is Point => Array.isArray(p) && p.length === 2 && p.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (!clicked.every(isPoint)) return 'not-a-point';
  const p = clicked as Point[];
  if (p.some(([x, y]) => x < 0 || y < 0 || x > width || y > height)) return 'outside';
  if (p.some((a, i) => p.some((b, j) => j > i && Math.hypot(a[0] - b[0], a[1] - b[1]) < MIN_CORNER_GAP))) return 'twice';
  if (!isConvexQuad(p)) return 'not-round';
  const cross = turns(p);
  if (cross[0] < 0) return 'anticlockwise';
  const side = (i: number) => Math.hypot(p[(i + 1) % 4][0] - p[i][0], p[(i + 1) % 4][1] - p[i][1]);
  if (cross.some((c, i) => c / (side(i) * side((i + 1) % 4)) < MIN_CORNER_SINE)) return 'flat';
  return polygonArea(p) < MIN_BOARD_SHARE * width * height ? 'small' : null;
}

export function toBoard(cal: Calibration, p: Point): Point {
  return applyHomography(cal.imageToBoard, p);
}

/** The field id under an image point, or null off the board's fields. */
export function fieldAtImagePoint(cal: Calibration, p: Point): string | null {
  return fieldAt(cal.board, toBoard(cal, p));
}

/**
 * The least side of a die's box on the paper, mm. The smallest dice sold for play are about 10 mm
 * and the detector's boxes are a median 0.76-0.91 of the labelled side (models/trials.md, the
 * leave-one-set-out folds); what reads smaller on a calibrated board is a printed mark or a pip,
 * such as the 5 mm "1" the shipped reader finds on the duel board's fields at 1280 x 720
 * (bench/printed-boards-scan.ts). No photo set tunes this: it is the size of real dice. No upper
 * bound: a die in a printed box is at times boxed with it.
 */
export const MIN_DIE_MM = 7;

/**
 * The reading without the dice that cannot be real on this board: one whose centre lies on a
 * printed corner marker, and one smaller than any die (MIN_DIE_MM). A marker is a black square
 * with one to four white holes, and the classifier can take it for a black die showing so many
 * pips: the shipped reader reports the top-left marker of every Tafel as a 2 with the paper 480 px
 * wide in a 640 x 480 frame (models/trials/corner-markers/README.md, "The corner markers read as a die"). A real die
 * lying there hides the marker the board is found by.
 */
export function realDice(cal: Calibration, reading: Reading): Reading {
  return {
    ...reading,
    dice: reading.dice.filter((d) => {
      const at = toBoard(cal, d.centre);
      return !onMarker(cal.board, at) && Math.sqrt((d.box[2] * d.box[3]) / localScale(cal.boardToImage, at)) >= MIN_DIE_MM;
    }),
  };
}

/** The reading with each die's field (the field under its centre) filled in. */
export function withFields(cal: Calibration, reading: Reading): Reading {
  return {
    ...reading,
    dice: reading.dice.map((d) => {
      const field = fieldAtImagePoint(cal, d.centre);
      const { field: _, ...rest } = d;
      return field ? { ...rest, field } : rest;
    }),
  };
}

export type TrackStatus =
  /** A new calibration was made from this frame's markers. */
  | 'calibrated'
  /** The markers (or clicked corners) in view are where they were: the calibration stands. */
  | 'kept'
  /**
   * Markers or clicked corners moved, and nothing in view can redo it: no calibration until it is
   * redone. Said on every frame until then, so the players keep being told why (clicks again, or
   * the markers back in view), however many frames are read meanwhile.
   */
  | 'moved'
  /** No calibration yet (none ever, or the corners' clicks were taken back) and the markers are not all in view. */
  | 'none';

export interface TrackResult {
  status: TrackStatus;
  calibration: Calibration | null;
  markersSeen: number;
  /** With 'moved': what the dropped calibration came from (markers come back by themselves, clicks do not). */
  dropped?: Calibration['source'];
  /** With 'calibrated': the calibration it replaced, if any (markers win over clicked corners). */
  replaced?: Calibration['source'];
}

/**
 * Keeps a board's calibration while the camera and board stay put, and redoes it when the
 * markers move. A hand covering a marker does not lose the calibration (the markers still in
 * view vouch for it); a marker seen elsewhere does. Markers in view always win over clicked
 * corners. A calibration from clicked corners is vouched for by the corners themselves
 * (`corner-watch.ts`): patches round them are taken from the first frame it is used on, and
 * it is dropped when a corner turns up elsewhere, or when none of them is found any more.
 */
export class BoardTracker {
  private cal: Calibration | null = null;
  /** The clicked corners' patches, taken on the first frame after the clicks; null where featureless. */
  private patches: (CornerPatch | null)[] | null = null;
  /** Where the calibration came from that moved, until a new one is made ('moved' until then). */
  private dropped: Calibration['source'] | null = null;

  constructor(
    readonly board: Board,
    /** How far (image px) a marker or clicked corner may wander before the board counts as moved. */
    private readonly tolerancePx = 3,
  ) {}

  get calibration(): Calibration | null {
    return this.cal;
  }

  setCorners(clicked: Point[]): Calibration {
    this.patches = null;
    this.dropped = null;
    return (this.cal = calibrateFromCorners(this.board, clicked));
  }

  update(frame: Frame): TrackResult {
    const found = findMarkers(frame).filter((f) => this.board.markers.some((m) => m.holes === f.holes));
    // Corners with a candidate in view (a die may be the only one, so this is at most a hint).
    const markersSeen = this.board.markers.filter((m) => found.some((f) => f.holes === m.holes)).length;
    const cal = this.cal;
    if (cal?.source === 'markers') {
      // Each marker still in view is where it was; a die with a marker's holes elsewhere says nothing.
      const stayed = this.board.markers.every((m, i) => {
        const near = (f: FoundMarker) => Math.hypot(f.centre[0] - cal.anchors[i][0], f.centre[1] - cal.anchors[i][1]) <= this.tolerancePx;
        const candidates = found.filter((f) => f.holes === m.holes);
        return candidates.length === 0 || candidates.some(near) || !candidates.some((f) => markerSized(m, f, cal));
      });
      // With no marker in view (a hand over the whole board) nothing says the board moved.
      if (stayed) return { status: 'kept', calibration: cal, markersSeen };
    }
    const fresh = calibrateFromMarkers(this.board, found);
    if (fresh) {
      this.cal = fresh;
      this.patches = null;
      this.dropped = null;
      return { status: 'calibrated', calibration: fresh, markersSeen, ...(cal ? { replaced: cal.source } : {}) };
    }
    if (cal?.source === 'corners') {
      if (this.cornersStayed(frame)) return { status: 'kept', calibration: cal, markersSeen };
      this.cal = this.patches = null;
      this.dropped = 'corners';
    } else if (cal) {
      this.cal = null;
      this.dropped = 'markers';
    }
    return this.dropped ? { status: 'moved', calibration: null, markersSeen, dropped: this.dropped } : { status: 'none', calibration: null, markersSeen };
  }

  /**
   * Whether the clicked corners vouch for their calibration on this frame: none turned up
   * elsewhere, and at least one is still where it was (a frame with all of them covered or
   * gone is a changed view, not a still one). Corners too featureless to tell keep it.
   */
  private cornersStayed(frame: Frame): boolean {
    if (!this.patches) {
      this.patches = this.cal!.anchors.map((p) => cornerPatch(frame, p));
      return true;
    }
    const watched = this.patches.filter((p) => p !== null);
    if (watched.length === 0) return true;
    const seen = watched.map((p) => findCorner(frame, p, this.tolerancePx));
    return !seen.includes('moved') && seen.includes('stayed');
  }
}
