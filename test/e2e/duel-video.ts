import { createRng, type Rng } from '../../engine/core/rng.ts';
import type { HuhDie } from '../../engine/himmel-und-hoelle/state.ts';
import { duelBoard } from '../../vision/board/board.ts';
import { boardSvg } from '../../vision/board/svg.ts';
import { withNoise } from '../../vision/synth/scene.ts';
import type { Frame } from '../../vision/types.ts';
import { readImage } from '../../cli/lib/image-file.ts';
import { rasteriseSvg } from '../../cli/lib/svg-raster.ts';
import { cutDie, fixturePool, pasteDie, photoPath, type Crop, type PooledDie } from './dice-photos.ts';

/**
 * A webcam's view of the printed dice-duel board (`duelBoard()`, as `schiri boards` prints it)
 * with real dice on it: the board's SVG rasterised by resvg, turned a quarter so its long side
 * runs across the picture (Hölle's start area on the right, Himmel's on the left), laid on a
 * table, and the fixture's real dice (dice-photos.ts: listed dice the reader reads alone) pasted
 * on its fields and in its start areas: Himmel's white dice, Hölle's red ones, each picked among
 * the fixture's dice of that body colour and value. Everything follows from the seed.
 */

export interface DuelView {
  /** The frame, px. */
  width: number;
  height: number;
  /** Image pixels per printed mm. */
  scale: number;
  /** A die's edge in the image, px. */
  die: number;
}

/**
 * What the duel's camera asks for (`CAMERA_SIZE` in its Screen): 1280x720. The board is 456 x 186
 * mm; across the picture it has 2 px/mm, its 30 mm fields 60 px. Five dice must fit in a 90 mm
 * start area: 16 mm dice, 32 px.
 */
export const HD: DuelView = { width: 1280, height: 720, scale: 2, die: 32 };

/**
 * What a camera asked for 640x480 (the other games' size) would give: 1.35 px/mm, 16 mm dice
 * 22 px, too small for the reader (`bench/duel-camera-read.ts --vga`).
 */
export const VGA: DuelView = { width: 640, height: 480, scale: 1.35, die: 22 };

/** The duel e2e videos' frames a second: the board changes only between still spells, and a 1280x720 frame is 1.4 MB. */
export const VIDEO_FPS = 2;

/** The dice colours of the two sides, as the reader names them (the duel's default). */
export const SIDE_COLOURS = ['white', 'red'] as const;

const TABLE = '#3b5e4a';

/** The portrait SVG raster turned a quarter clockwise: portrait (x, y) lands at (h - 1 - y, x). */
function turned(f: Frame): Frame {
  const [w, h] = [f.height, f.width];
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = ((f.height - 1 - x) * f.width + y) * 4;
      data.set(f.data.subarray(s, s + 4), (y * w + x) * 4);
    }
  }
  return { width: w, height: h, data, time: f.time };
}

/** The board on the table, centred, and where a board point (mm) lands in the picture. */
function table(view: DuelView): { frame: Frame; at: (p: [number, number]) => [number, number] } {
  const board = duelBoard();
  const [bw, bh] = board.size;
  const [pw, ph] = [Math.round(bw * view.scale), Math.round(bh * view.scale)];
  const paper = turned(rasteriseSvg(boardSvg(board, board.id), { width: pw, height: ph, background: TABLE }));
  const frame: Frame = { width: view.width, height: view.height, data: new Uint8ClampedArray(view.width * view.height * 4), time: 0 };
  const bg = [1, 3, 5].map((i) => parseInt(TABLE.slice(i, i + 2), 16));
  for (let i = 0; i < view.width * view.height; i++) frame.data.set([...bg, 255], i * 4);
  const [ox, oy] = [Math.floor((view.width - paper.width) / 2), Math.floor((view.height - paper.height) / 2)];
  for (let y = 0; y < paper.height; y++) frame.data.set(paper.data.subarray(y * paper.width * 4, (y + 1) * paper.width * 4), ((y + oy) * view.width + ox) * 4);
  return { frame, at: ([x, y]) => [ox + ph - y * (ph / bh), oy + x * (pw / bw)] };
}

/**
 * Each field's centre, board mm; in a start area (90 x 30 mm) five places in two staggered rows,
 * three above and two below between them (16 mm dice 14 mm apart in a row, the rows 16 mm apart):
 * five in one row with 2 mm between them, the reader missed one or two dice of each area.
 */
function spot(at: string, slot: number): [number, number] {
  const f = duelBoard().fields.find((x) => x.id === at);
  if (!f) throw new Error(`no ${at} on the duel board`);
  const xs = f.polygon.map((p) => p[0]);
  const ys = f.polygon.map((p) => p[1]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  if (!at.startsWith('start-')) return [(x0 + x1) / 2, cy];
  const third = (x1 - x0) / 6;
  return slot < 3 ? [x0 + third * (1 + 2 * slot), cy - 8] : [x0 + third * (2 + 2 * (slot - 3)), cy + 8];
}

/**
 * Renders still scenes of the duel board: the dice as the engine has them (`HuhState.dice`; die
 * `i` of a side waits in its start area's place `i mod 5`; a die that reached its goal, the
 * other start area, lies in the first place there that no die waiting at home holds, in the order
 * of the dice). Each die (index, place and pips)
 * gets its own crop, picked by the seeded rng the first time it appears and the same
 * afterwards, and a small offset in its place: a die that stays put looks the same in every scene.
 */
export function duelScenes(data: string, seed: number, view: DuelView = HD, pool: Map<number, PooledDie[]> = fixturePool('duel')) {
  const rng: Rng = createRng(seed);
  // The sensor noise draws from its own rng: which die lies where then depends on the seed and
  // the order of the scenes only, not on how many frames each lasts, so a scene read right by
  // the reader-check scripts (one frame a scene) shows the same dice in the e2e's video.
  const noise: Rng = createRng(seed + 0x9e3779b9);
  const { frame: base, at } = table(view);
  const cut = Math.round(view.die * 1.5);
  const photos = new Map<string, Frame>();
  const photo = (image: string) => {
    if (!photos.has(image)) photos.set(image, readImage(photoPath(data, image)));
    return photos.get(image)!;
  };
  const dice = new Map<string, { crop: Crop; x: number; y: number }>();
  const jitter = Math.max(1, Math.round(view.die / 13));

  function die(i: number, d: HuhDie, place: number) {
    const key = `${i}:${d.at}:${d.pips}:${place}`;
    const known = dice.get(key);
    if (known) return known;
    const options = (pool.get(d.pips) ?? []).filter((c) => c.colour === SIDE_COLOURS[d.side]);
    // Drawn among the side's colour until one is big enough to scale down: the rng alone decides which.
    let crop: Crop | null = null;
    for (let tries = 0; !crop; tries++) {
      if (tries > 10_000 || !options.length) throw new Error(`no ${SIDE_COLOURS[d.side]} die showing ${d.pips} to cut`);
      const pick = options[rng.int(options.length)];
      crop = cutDie(photo(pick.image), pick.box, view.die, cut);
    }
    const [cx, cy] = at(spot(d.at, place));
    const found = { crop, x: Math.round(cx - cut / 2 + rng.int(2 * jitter + 1) - jitter), y: Math.round(cy - cut / 2 + rng.int(2 * jitter + 1) - jitter) };
    dice.set(key, found);
    return found;
  }

  /** `seconds` of the still board at `fps`, each frame with fresh sensor noise. */
  return (scene: readonly HuhDie[], seconds: number, fps: number): Frame[] => {
    const still: Frame = { ...base, data: new Uint8ClampedArray(base.data) };
    // In a start area the dice lie close: margins first, then every die on top.
    const places = startPlaces(scene);
    const laid = scene.map((d, i) => die(i, d, places[i]));
    for (const only of [false, true]) for (const { crop, x, y } of laid) pasteDie(still, crop, x, y, view.die / cut, only);
    return Array.from({ length: Math.round(seconds * fps) }, () => withNoise(still, 2, noise));
  };
}

/**
 * Each die's place in its start area (0-4, as `spot` lays them; -1 on a field): a die waiting at
 * home in place `i mod 5`, a die in its goal in the first place left free there. More than five
 * dice in one area do not fit the printed area: no scene of them is drawn.
 */
export function startPlaces(scene: readonly HuhDie[]): number[] {
  const HOME = ['start-himmel', 'start-hoelle'];
  const taken = new Map<string, Set<number>>(HOME.map((a) => [a, new Set<number>()]));
  const places = scene.map((d, i) => (d.at === HOME[d.side] ? i % 5 : -1));
  places.forEach((p, i) => p >= 0 && taken.get(scene[i].at)!.add(p));
  scene.forEach((d, i) => {
    if (places[i] >= 0 || !d.at.startsWith('start-')) return;
    const held = taken.get(d.at)!;
    const free = [0, 1, 2, 3, 4].find((p) => !held.has(p));
    if (free === undefined) throw new Error(`more than five dice in ${d.at}: the printed area holds five`);
    held.add(free);
    places[i] = free;
  });
  return places;
}

/**
 * A hand reaching over the board in every frame, a little elsewhere each time (a forearm from the
 * picture's bottom edge to a palm over the fields): to the settle detector every frame moves.
 */
export function handOver(frames: Frame[]): Frame[] {
  const skin = [214, 160, 128];
  return frames.map((f, k) => {
    const out: Frame = { ...f, data: new Uint8ClampedArray(f.data) };
    const [cx, cy] = [360 + ((k * 83) % 560), 300 + ((k * 37) % 120)];
    const paint = (inside: (x: number, y: number) => boolean) => {
      for (let y = 0; y < f.height; y++) for (let x = 0; x < f.width; x++) if (inside(x, y)) out.data.set(skin, (y * f.width + x) * 4);
    };
    paint((x, y) => ((x - cx) / 120) ** 2 + ((y - cy) / 90) ** 2 <= 1 || (y >= cy && Math.abs(x - cx) <= 70));
    return out;
  });
}
