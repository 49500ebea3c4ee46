import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nameColour } from '../../vision/colour/names.ts';
import type { Frame, Rgb } from '../../vision/types.ts';
import { listSet, readLabels } from '../../cli/lib/yolo-set.ts';

/**
 * Real dice for the camera fixtures (test/e2e/tafel-video.ts, duel-video.ts): dice cut from photos
 * of nell-byler (train and test) and dice-3 (test and valid) and pasted onto a rendered board. The
 * fixtures test the camera flow, not the reader's accuracy (`schiri eval` measures that): their
 * dice are those the shipped reader reads right when each lies alone in the fixture's view,
 * listed in fixture-dice.json by bench/fixture-dice.ts.
 */

type Box = [number, number, number, number];

export interface Candidate {
  /** The photo, relative to the dice data folder (`nell-byler/images/...`). */
  image: string;
  /** The labelled box, in parts of the photo's width and height. */
  box: Box;
}

export interface Crop {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Where the fixtures use a die: in a Tafel's boxes (40 px) or on the duel board (32 px). */
export type FixtureUse = 'tafel' | 'duel';

/** A die the fixtures may draw, with its body colour as `bodyColour` names it (null where middle and ring disagree). */
export interface PooledDie extends Candidate {
  colour: string | null;
}

export interface FixtureDie extends PooledDie {
  value: number;
  /** The uses in which the shipped reader read this die right alone. */
  uses: FixtureUse[];
}

export interface FixtureDice {
  /** How the list was made, and by which reader. */
  made: string;
  dice: FixtureDie[];
}

export const FIXTURE_DICE = join(dirname(fileURLToPath(import.meta.url)), 'fixture-dice.json');

/** The fixture's dice for one use, by value. */
export function fixturePool(use: FixtureUse): Map<number, PooledDie[]> {
  const list = JSON.parse(readFileSync(FIXTURE_DICE, 'utf8')) as FixtureDice;
  const byValue = new Map<number, PooledDie[]>();
  for (const d of list.dice) if (d.uses.includes(use)) byValue.set(d.value, [...(byValue.get(d.value) ?? []), { image: d.image, box: d.box, colour: d.colour }]);
  return byValue;
}

/** A fixture photo's path: `data` is the nell-byler folder, as `diceDataDir` gives it. */
export const photoPath = (data: string, image: string) => join(data, '..', image);

/**
 * Labelled dice of each value from the photos of `list` in the set `set` (a folder beside
 * nell-byler), with no other labelled die close by (so a crop holds one die); boxes as the labels
 * give them, in parts of the photo's width and height.
 */
export function candidates(data: string, set: string, list: string): Map<number, Candidate[]> {
  const byValue = new Map<number, Candidate[]>();
  const root = join(data, '..');
  for (const item of listSet(join(root, set, 'images'), join(root, set, 'labels'), join(root, set, list))) {
    const dice = readLabels(item.label, 1, 1);
    for (const d of dice) {
      const [x, y, w, h] = d.box;
      const alone = dice.every((o) => o === d || Math.hypot(o.box[0] - x, o.box[1] - y) > 1.6 * Math.max(w, h, o.box[2], o.box[3]));
      const image = relative(root, item.image);
      if (alone) byValue.set(d.value, [...(byValue.get(d.value) ?? []), { image, box: d.box as Box }]);
    }
  }
  return byValue;
}

/**
 * The body colour of the die in `box` of `image`, named: the median of the box's middle half (as
 * `analyseFace` measures it), and of the ring between the middle half and the die's edge; null
 * where the two disagree (the pips of a 6 can fill the middle of a red die with white).
 */
export function bodyColour(image: Frame, box: Box): string | null {
  const [x, y, w, h] = box;
  const middle: number[][] = [[], [], []];
  const ring: number[][] = [[], [], []];
  for (let py = Math.round((y + h * 0.1) * image.height); py < (y + h * 0.9) * image.height; py++) {
    for (let px = Math.round((x + w * 0.1) * image.width); px < (x + w * 0.9) * image.width; px++) {
      const [u, v] = [px / image.width - x - w / 2, py / image.height - y - h / 2];
      const inner = Math.abs(u) < w / 4 && Math.abs(v) < h / 4;
      for (let k = 0; k < 3; k++) (inner ? middle : ring)[k].push(image.data[(py * image.width + px) * 4 + k]);
    }
  }
  const name = (ch: number[][]) => nameColour(ch.map((a) => a.sort((p, q) => p - q)[a.length >> 1]) as Rgb).name;
  const [a, b] = [name(middle), name(ring)];
  return a === b ? a : null;
}

/**
 * The die's labelled box with its margin (`cut / die` times the box, same centre) from its photo,
 * resampled (bilinear) to `cut` x `cut`; null if the die is smaller than `die` or its margin
 * leaves the photo.
 */
export function cutDie(image: Frame, box: Box, die: number, cut: number): Crop | null {
  const [bw, bh] = [box[2] * image.width, box[3] * image.height];
  if (bw < 0.9 * die || bh < 0.9 * die) return null;
  const [mw, mh] = [(bw * cut) / die, (bh * cut) / die];
  const [bx, by] = [(box[0] + box[2] / 2) * image.width - mw / 2, (box[1] + box[3] / 2) * image.height - mh / 2];
  if (bx < 0 || by < 0 || bx + mw > image.width || by + mh > image.height) return null;
  const data = new Uint8ClampedArray(cut * cut * 4);
  for (let y = 0; y < cut; y++) {
    for (let x = 0; x < cut; x++) {
      const sx = bx + ((x + 0.5) * mw) / cut - 0.5;
      const sy = by + ((y + 0.5) * mh) / cut - 0.5;
      const x0 = Math.max(0, Math.floor(sx));
      const y0 = Math.max(0, Math.floor(sy));
      const [fx, fy] = [sx - x0, sy - y0];
      for (let c = 0; c < 4; c++) {
        const at = (xx: number, yy: number) => image.data[(Math.min(image.height - 1, yy) * image.width + Math.min(image.width - 1, xx)) * 4 + c];
        const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
        const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
        data[(y * cut + x) * 4 + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return { width: cut, height: cut, data };
}

/**
 * Lays `crop` with its top left at `x`, `y` on `frame`: the photo's own table around the die
 * fades into the paper from `fade` (a share of the crop's half edge: the die's own edge) out, as
 * a die lies on paper with paper all round it. With `only` the die itself, no margin: dice that
 * lie close together are laid margins first, then dice, so no die's margin covers another die.
 */
export function pasteDie(frame: Frame, crop: Crop, x: number, y: number, fade: number, only = false): void {
  const n = crop.width;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const edge = Math.max(Math.abs(r + 0.5 - n / 2), Math.abs(c + 0.5 - n / 2)) / (n / 2);
      const a = only ? (edge <= fade ? 1 : 0) : Math.min(1, Math.max(0, (1 - edge) / (1 - fade)));
      const i = ((y + r) * frame.width + x + c) * 4;
      for (let k = 0; k < 3; k++) frame.data[i + k] = a * crop.data[(r * n + c) * 4 + k] + (1 - a) * frame.data[i + k];
    }
  }
}
