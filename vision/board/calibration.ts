import type { Frame, Reading } from '../types.ts';
import { fieldAt, type Board } from './board.ts';
import { applyHomography, homographyFrom, invertHomography, type Homography, type Point } from './homography.ts';
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

/** Calibration from markers found in an image, or null unless every corner marker is there and plausible. */
export function calibrateFromMarkers(board: Board, found: FoundMarker[]): Calibration | null {
  const pairs = board.markers.map((m) => ({ m, f: found.find((x) => x.holes === m.holes) }));
  if (board.markers.length < 4 || pairs.some((p) => !p.f)) return null;
  const image = pairs.map((p) => p.f!.centre);
  if (!isConvexQuad(image)) return null;
  const cal = calibrate(board, image, pairs.map((p) => p.m.centre), 'markers');
  // A black die showing 1 to 4 white pips also looks like a marker; a real marker has the area
  // the calibration predicts for it, a die about a third of it.
  const plausible = pairs.every(({ m, f }) => {
    const ratio = f!.area / (m.size * m.size * localScale(cal.boardToImage, m.centre));
    return ratio > 0.5 && ratio < 2;
  });
  return plausible ? cal : null;
}

/** Image pixels per board mm squared at a board point (the Jacobian's determinant). */
function localScale(h: Homography, [x, y]: Point): number {
  const e = 0.5;
  const [ax, ay] = applyHomography(h, [x - e, y - e]);
  const [bx, by] = applyHomography(h, [x + e, y - e]);
  const [cx, cy] = applyHomography(h, [x - e, y + e]);
  return Math.abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / (4 * e * e);
}

function isConvexQuad(p: Point[]): boolean {
  const cross = p.map((a, i) => {
    const b = p[(i + 1) % 4];
    const c = p[(i + 2) % 4];
    return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
  });
  return cross.every((c) => c > 0) || cross.every((c) => c < 0);
}

export function toBoard(cal: Calibration, p: Point): Point {
  return applyHomography(cal.imageToBoard, p);
}

/** The field id under an image point, or null off the board's fields. */
export function fieldAtImagePoint(cal: Calibration, p: Point): string | null {
  return fieldAt(cal.board, toBoard(cal, p));
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
  /** The markers (those in view) are where they were: the calibration stands. */
  | 'kept'
  /** Markers moved but not all are in view to redo it: no calibration until they are. */
  | 'moved'
  /** No calibration yet and the markers are not all in view. */
  | 'none';

export interface TrackResult {
  status: TrackStatus;
  calibration: Calibration | null;
  markersSeen: number;
}

/**
 * Keeps a board's calibration while the camera and board stay put, and redoes it when the
 * markers move. A hand covering a marker does not lose the calibration (the markers still in
 * view vouch for it); a marker seen elsewhere does. A calibration from clicked corners is kept
 * until markers take over or the user clicks again, since nothing in view can vouch for it.
 */
export class BoardTracker {
  private cal: Calibration | null = null;

  constructor(
    readonly board: Board,
    /** How far (image px) a marker may wander before the board counts as moved. */
    private readonly tolerancePx = 3,
  ) {}

  get calibration(): Calibration | null {
    return this.cal;
  }

  setCorners(clicked: Point[]): Calibration {
    return (this.cal = calibrateFromCorners(this.board, clicked));
  }

  update(frame: Frame): TrackResult {
    const found = findMarkers(frame).filter((f) => this.board.markers.some((m) => m.holes === f.holes));
    const markersSeen = found.length;
    const cal = this.cal;
    if (cal?.source === 'markers') {
      const stayed = found.every((f) => {
        const i = this.board.markers.findIndex((m) => m.holes === f.holes);
        return Math.hypot(f.centre[0] - cal.anchors[i][0], f.centre[1] - cal.anchors[i][1]) <= this.tolerancePx;
      });
      // With no marker in view (a hand over the whole board) nothing says the board moved.
      if (stayed) return { status: 'kept', calibration: cal, markersSeen };
    }
    const fresh = calibrateFromMarkers(this.board, found);
    if (fresh) {
      this.cal = fresh;
      return { status: 'calibrated', calibration: fresh, markersSeen };
    }
    if (cal?.source === 'corners') return { status: 'kept', calibration: cal, markersSeen };
    if (cal) {
      this.cal = null;
      return { status: 'moved', calibration: null, markersSeen };
    }
    return { status: 'none', calibration: null, markersSeen };
  }
}
