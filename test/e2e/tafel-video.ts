import { createRng, type Rng } from '../../engine/core/rng.ts';
import type { Tafel } from '../../engine/engel-und-bengel/tafel.ts';
import { placedTafelBoard, type Board } from '../../vision/board/board.ts';
import type { Point } from '../../vision/board/homography.ts';
import { tafelSheetSvg } from '../../vision/board/tafel-sheet.ts';
import { withNoise } from '../../vision/synth/scene.ts';
import type { Frame } from '../../vision/types.ts';
import { readImage } from '../../cli/lib/image-file.ts';
import { rasteriseSvg } from '../../cli/lib/svg-raster.ts';
import { cutDie, fixturePool, pasteDie, photoPath, type Candidate, type Crop } from './dice-photos.ts';

/**
 * A webcam's view of a printed Tafel with real dice on it: the Tafel's own SVG (the one a player
 * prints, corner markers included unless left out) rasterised by resvg, laid on a table, and
 * the fixture's real dice (dice-photos.ts: listed dice the reader reads alone) pasted into its
 * boxes or onto the paper beside them. Everything follows from the seed.
 */
export const WIDTH = 640;
export const HEIGHT = 480;
/** Image pixels per printed mm: the shipped A4 Tafel is 594 x 420 px, its 25 mm boxes 50 px. */
const SCALE = 2;
/** A die's edge in the image, px: about the size of the dice in the nell-byler photos. */
export const DIE = 40;
/**
 * Each die is cut with a margin of its photo's table around its labelled box (the crop's edge,
 * px) and only that margin fades into the paper: the die keeps its whole outline and shadow, as
 * a die lying on paper does. (Fading from inside the box blurred the die's own edge into the
 * paper; the reader then missed a third of the dice.)
 */
export const CUT = 60;
/** Where the fade into the paper begins, as a share of the crop's half edge: the die's own edge. */
const FADE = DIE / CUT;

const TABLE = '#3b5e4a';

export interface TafelVideoOptions {
  /** Print the corner markers (default true); without them the corners have to be clicked. */
  markers?: boolean;
  /** The dice to draw from, by value (default: the fixture's dice for a Tafel). */
  pool?: Map<number, Candidate[]>;
}

/** The paper lies centred on the table: its top left corner in image pixels. */
const paperAt = (tafel: Tafel): [number, number] => [(WIDTH - tafel.size.w * SCALE) / 2, (HEIGHT - tafel.size.h * SCALE) / 2];

/** The paper's corners in image pixels (top left, top right, bottom right, bottom left): where to click. */
export function paperCorners(tafel: Tafel): Point[] {
  const [ox, oy] = paperAt(tafel);
  return placedTafelBoard(tafel).outline.map(([x, y]) => [ox + x * SCALE, oy + y * SCALE]);
}

/** The Tafel's printable SVG rasterised, on a plain table. */
function table(tafel: Tafel, markers: boolean): Frame {
  const svg = tafelSheetSvg(tafel, { markers });
  return rasteriseSvg(svg, { width: tafel.size.w * SCALE, height: tafel.size.h * SCALE, canvas: [WIDTH, HEIGHT], background: TABLE });
}

/**
 * A still table: which value lies where on the Tafel, keyed by a box (`r1b2`) or by a point on
 * the paper in board millimetres (`"230,60"`: a die rolled onto the sheet beside the boxes).
 */
export type Scene = Record<string, number>;

/** A scene's key as a point on the paper, mm: a box's centre, or the point itself. */
function placeOf(board: Board, place: string): Point | null {
  const field = board.fields.find((f) => f.id === place);
  if (field) return [0, 1].map((k) => field.polygon.reduce((s, p) => s + p[k], 0) / field.polygon.length) as Point;
  const at = /^(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/.exec(place);
  return at ? [Number(at[1]), Number(at[2])] : null;
}

/**
 * Renders still scenes of `tafel` to frames. Each die (place and value) gets its own crop, picked by
 * the seeded rng the first time it appears and the same afterwards, and a small offset in its place:
 * a die that stays put looks the same in every scene.
 */
export function tafelScenes(tafel: Tafel, data: string, seed: number, opts: TafelVideoOptions = {}) {
  const rng: Rng = createRng(seed);
  // The sensor noise draws from its own rng: which die lies where then depends on the seed and
  // the order of the scenes only, not on how many frames each lasts, so a scene read right by
  // the reader-check scripts (one frame a scene) shows the same dice in the e2e's video.
  const noise: Rng = createRng(seed + 0x9e3779b9);
  const base = table(tafel, opts.markers ?? true);
  const pool = opts.pool ?? fixturePool('tafel');
  const photos = new Map<string, Frame>();
  const dice = new Map<string, { crop: Crop; x: number; y: number }>();
  const board = placedTafelBoard(tafel);
  const [ox, oy] = paperAt(tafel);

  function die(place: string, value: number) {
    const key = `${place}:${value}`;
    const known = dice.get(key);
    if (known) return known;
    const centre = placeOf(board, place);
    const options = pool.get(value);
    if (!centre || !options?.length) throw new Error(`no ${place} on ${tafel.id}, or no die showing ${value} to cut`);
    // Drawn until one is big enough to scale down (most are): the rng alone decides which.
    let crop: Crop | null = null;
    while (!crop) {
      const pick = options[rng.int(options.length)];
      if (!photos.has(pick.image)) photos.set(pick.image, readImage(photoPath(data, pick.image)));
      crop = cutDie(photos.get(pick.image)!, pick.box, DIE, CUT);
    }
    const [cx, cy] = centre;
    const d = { crop, x: Math.round(ox + cx * SCALE - CUT / 2 + rng.int(7) - 3), y: Math.round(oy + cy * SCALE - CUT / 2 + rng.int(7) - 3) };
    dice.set(key, d);
    return d;
  }

  /**
   * `seconds` of the still scene at `fps`, each frame with fresh sensor noise; `shift` moves the
   * whole picture by whole pixels, as a camera nudged on its stand does (table colour comes in).
   */
  return (scene: Scene, seconds: number, fps: number, shift: [number, number] = [0, 0]): Frame[] => {
    const still: Frame = { ...base, data: new Uint8ClampedArray(base.data) };
    for (const [place, value] of Object.entries(scene)) {
      const { crop, x, y } = die(place, value);
      pasteDie(still, crop, x, y, FADE);
    }
    const view = shift[0] || shift[1] ? shifted(still, shift) : still;
    return Array.from({ length: Math.round(seconds * fps) }, () => withNoise(view, 2, noise));
  };
}

/** The frame moved by `dx`, `dy` whole pixels, the uncovered edge filled with the table. */
function shifted(frame: Frame, [dx, dy]: [number, number]): Frame {
  const table = [1, 3, 5].map((i) => parseInt(TABLE.slice(i, i + 2), 16));
  const data = new Uint8ClampedArray(frame.data.length);
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const [sx, sy] = [x - dx, y - dy];
      const i = (y * frame.width + x) * 4;
      if (sx < 0 || sy < 0 || sx >= frame.width || sy >= frame.height) data.set([...table, 255], i);
      else data.set(frame.data.subarray((sy * frame.width + sx) * 4, (sy * frame.width + sx) * 4 + 4), i);
    }
  }
  return { ...frame, data };
}
