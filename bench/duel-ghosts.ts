/**
 * Things on and beside the duel board that are no dice, drawn into the replay's frames
 * (bench/duel-camera-read.ts `--ghosts`): a die symbol printed on a field and one beside the
 * board (there from the start), a die with a numeral instead of pips, a red twenty-sided die and
 * a blue pawn (laid on fields during the game and later moved beside the board), and a hand
 * resting over the board before some actions. Each is drawn in frame px where the board's
 * calibration puts its board mm. An object on a field is left out while a die of the game lies
 * on that field (a die covers the print; the players move a pawn off a field they need).
 */
import type { HuhDie } from '../engine/himmel-und-hoelle/state.ts';
import type { Calibration } from '../vision/board/calibration.ts';
import { applyHomography, type Point } from '../vision/board/homography.ts';
import { fieldCentre } from '../vision/change/seed.ts';
import type { Frame } from '../vision/types.ts';

type Kind = 'printed-die' | 'numeral-die' | 'rpg-d20' | 'pawn';

interface Ghost {
  kind: Kind;
  /** Where it lies from which action on: a field id, or board mm beside the board. */
  places: { from: number; at: string | Point }[];
}

/** Board mm: the duel board's fields span x 0..90 mm past its 48 mm margin; beside it is left of 0. */
export const GHOSTS: Ghost[] = [
  { kind: 'printed-die', places: [{ from: -1, at: 'b4' }] },
  { kind: 'printed-die', places: [{ from: -1, at: [20, 120] }] },
  { kind: 'pawn', places: [{ from: -1, at: 'b8' }, { from: 100, at: [22, 260] }] },
  { kind: 'numeral-die', places: [{ from: 20, at: 'a7' }, { from: 60, at: [24, 200] }] },
  { kind: 'rpg-d20', places: [{ from: 40, at: 'c5' }, { from: 90, at: [24, 330] }] },
];

/** Before which actions a hand rests over the board (a frame of its own, read as a still table would be). */
export const handBefore = (action: number) => action % 10 === 5;

/** Where each ghost lies before action `action` (-1: the start), as a field id or board mm; null where a die of the game covers its field. */
export function ghostPlaces(action: number, dice: readonly HuhDie[]): { kind: Kind; at: string | Point }[] {
  return GHOSTS.flatMap((g) => {
    const place = [...g.places].reverse().find((p) => p.from <= action);
    if (!place || (typeof place.at === 'string' && dice.some((d) => d.at === place.at))) return [];
    return [{ kind: g.kind, at: place.at }];
  });
}

/** The frame with the ghosts drawn in; `die`: a die's edge in frame px. Returns where each lies in the frame, and whether on a field. */
export function drawGhosts(frame: Frame, cal: Calibration, places: { kind: Kind; at: string | Point }[], die: number): { centre: Point; onField: boolean }[] {
  const out: { centre: Point; onField: boolean }[] = [];
  for (const { kind, at } of places) {
    // On a field a little off its middle, as a thing put down by hand lies.
    const c: Point = typeof at === 'string' ? fieldCentre(cal, at)!.map((v, k) => v + [4, 6][k]) as Point : applyHomography(cal.boardToImage, at);
    DRAW[kind](frame, c, die);
    out.push({ centre: c, onField: typeof at === 'string' });
  }
  return out;
}

type Rgb = [number, number, number];

function blend(f: Frame, x: number, y: number, rgb: Rgb, a = 1): void {
  if (x < 0 || y < 0 || x >= f.width || y >= f.height) return;
  const i = (Math.round(y) * f.width + Math.round(x)) * 4;
  for (let k = 0; k < 3; k++) f.data[i + k] = f.data[i + k] * (1 - a) + rgb[k] * a;
}

function fill(f: Frame, [cx, cy]: Point, r: number, inside: (dx: number, dy: number) => Rgb | null, a = 1): void {
  for (let y = Math.floor(cy - r); y <= cy + r; y++) {
    for (let x = Math.floor(cx - r); x <= cx + r; x++) {
      const rgb = inside(x - cx, y - cy);
      if (rgb) blend(f, x, y, rgb, a);
    }
  }
}

/** 5 x 7 digits, one string of 35 cells each. */
const DIGITS: Record<string, string> = {
  '5': '11111100001111000001000011000101110',
  '7': '11111000010001000100010000100001000',
  '2': '01110100010000100110010001000011111',
  '8': '01110100011000101110100011000101110',
};

function digit(f: Frame, [cx, cy]: Point, h: number, d: string, rgb: Rgb): void {
  const cell = h / 7;
  const bits = DIGITS[d];
  for (let r = 0; r < 7; r++) for (let c = 0; c < 5; c++) if (bits[r * 5 + c] === '1') fill(f, [cx + (c - 2) * cell, cy + (r - 3) * cell], cell / 2, (dx, dy) => (Math.abs(dx) <= cell / 2 && Math.abs(dy) <= cell / 2 ? rgb : null));
}

const shadow = (f: Frame, c: Point, r: number) => fill(f, [c[0] + r * 0.25, c[1] + r * 0.25], r * 1.05, (dx, dy) => (Math.hypot(dx, dy) <= r * 1.05 ? [0, 0, 0] : null), 0.25);

const DRAW: Record<Kind, (f: Frame, c: Point, die: number) => void> = {
  // A die symbol printed in the board's ink: a square outline and five dots.
  'printed-die': (f, c, die) => {
    const h = die * 0.45;
    const ink: Rgb = [45, 45, 50];
    fill(f, c, h + 1, (dx, dy) => (Math.max(Math.abs(dx), Math.abs(dy)) <= h && Math.max(Math.abs(dx), Math.abs(dy)) >= h - 2 ? ink : null), 0.9);
    for (const [px, py] of [[-0.5, -0.5], [0.5, -0.5], [0, 0], [-0.5, 0.5], [0.5, 0.5]]) fill(f, [c[0] + px * h, c[1] + py * h], h * 0.2, (dx, dy) => (Math.hypot(dx, dy) <= h * 0.17 ? ink : null), 0.9);
  },
  // A white die with a black numeral on top, its side faces showing a little below and right.
  'numeral-die': (f, c, die) => {
    const h = die / 2;
    shadow(f, c, h * 1.2);
    fill(f, [c[0] + 2, c[1] + 2], h + 2, (dx, dy) => (Math.max(Math.abs(dx), Math.abs(dy)) <= h ? [196, 194, 188] : null));
    fill(f, c, h, (dx, dy) => (Math.max(Math.abs(dx), Math.abs(dy)) <= h - 1 ? [240, 238, 232] : null));
    digit(f, c, die * 0.55, '5', [25, 25, 25]);
  },
  // A red d20 from above: a hexagon of facets in three shades, a white numeral on the top facet.
  'rpg-d20': (f, c, die) => {
    const r = die * 0.6;
    shadow(f, c, r);
    fill(f, c, r, (dx, dy) => {
      const a = Math.atan2(dy, dx);
      const sector = Math.floor(((a + Math.PI) / (2 * Math.PI)) * 6) % 6;
      const edge = r * Math.cos(Math.PI / 6) / Math.cos(((a + Math.PI) % (Math.PI / 3)) - Math.PI / 6);
      const d = Math.hypot(dx, dy);
      if (d > edge) return null;
      if (d < r * 0.45) return [200, 40, 40];
      return sector % 2 ? [150, 25, 30] : [176, 32, 36];
    });
    digit(f, c, r * 0.6, '7', [245, 240, 235]);
  },
  // A blue pawn from above: its round foot, its head with a highlight.
  pawn: (f, c, die) => {
    const r = die * 0.45;
    shadow(f, c, r);
    fill(f, c, r, (dx, dy) => (Math.hypot(dx, dy) <= r ? [30, 60, 160] : null));
    fill(f, [c[0] - 1, c[1] - 1], r * 0.55, (dx, dy) => (Math.hypot(dx, dy) <= r * 0.55 ? [50, 90, 200] : null));
    fill(f, [c[0] - r * 0.2, c[1] - r * 0.2], r * 0.2, (dx, dy) => (Math.hypot(dx, dy) <= r * 0.18 ? [170, 190, 240] : null));
  },
};
