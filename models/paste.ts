/**
 * Copy-paste training crops for the classifier (Node, training only): a labelled die cut with a
 * little of its own photo's table around it, laid into a box of one of the sheets players print
 * (each shipped Tafel as `schiri boards` prints it, the duel board), and the same boxes empty.
 *
 * Why: a rendered sheet's pip pictures in square outlines are taught as "not a die", and no real
 * photo shows a die inside a printed box, so the classifier learnt "square outline around pips =
 * print" and turned away real dice lying in a Tafel's boxes. A die with a patch of a foreign table
 * around it, inside a printed outline, teaches that the die decides, not what lies around it
 * (copy-paste augmentation, as in Ghiasi et al. 2021).
 */
import { SHIPPED_TAFELN } from '../engine/engel-und-bengel/tafeln/index.ts';
import { rasteriseSvg } from '../cli/lib/svg-raster.ts';
import { duelBoard, placedTafelBoard, type Board } from '../vision/board/board.ts';
import { boardSvg } from '../vision/board/svg.ts';
import { tafelSheetSvg } from '../vision/board/tafel-sheet.ts';
import { CONTEXT, cropSquare } from '../vision/classify/crop.ts';
import { CROP } from '../vision/classify/nets.ts';
import { frameToRgb } from '../vision/detect/frame.ts';
import type { Cv } from '../vision/detect/opencv.ts';

const PX_PER_MM = 4;

export interface PrintedSheet {
  /** RGB cv.Mat of the sheet at PX_PER_MM. */
  rgb: any;
  /** Each field's centre and shorter side, sheet pixels. */
  boxes: { cx: number; cy: number; side: number }[];
}

function sheetOf(cv: Cv, board: Board, svg: string): PrintedSheet {
  const [w, h] = [Math.round(board.size[0] * PX_PER_MM), Math.round(board.size[1] * PX_PER_MM)];
  const rgb = frameToRgb(cv, rasteriseSvg(svg, { width: w, height: h }));
  const boxes = board.fields.map((f) => {
    const xs = f.polygon.map((p) => p[0]);
    const ys = f.polygon.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    return { cx: ((x0 + x1) / 2) * PX_PER_MM, cy: ((y0 + y1) / 2) * PX_PER_MM, side: Math.min(x1 - x0, y1 - y0) * PX_PER_MM };
  });
  // The duel's start areas count too: dice stand there, the strip's short side framing them.
  return { rgb, boxes };
}

/** Every sheet a player prints: the shipped Tafeln (German and English) and the duel board. */
export function printedSheets(cv: Cv): PrintedSheet[] {
  const out = SHIPPED_TAFELN.flatMap((t, i) => [sheetOf(cv, placedTafelBoard(t), tafelSheetSvg(t, { lang: i % 2 ? 'en' : 'de' }))]);
  const duel = duelBoard();
  out.push(sheetOf(cv, duel, boardSvg(duel, 'Himmel und Hölle')));
  return out;
}

export interface PasteRandom {
  rand(lo: number, hi: number): number;
  pick<T>(xs: T[]): T;
}

/** A box's picture as a crop would show it with a die in it: the box `ratio` times the die's side. */
function boxCrop(cv: Cv, sheet: PrintedSheet, r: PasteRandom, ratio: number, dieInCrop: number): Uint8Array {
  const b = r.pick(sheet.boxes);
  // The crop's side in sheet pixels so that the box spans ratio * dieInCrop crop pixels.
  const side = (b.side * CROP) / (ratio * dieInCrop);
  const [jx, jy] = [r.rand(-0.08, 0.08) * b.side, r.rand(-0.08, 0.08) * b.side];
  return cropSquare(cv, sheet.rgb, b.cx + jx, b.cy + jy, side, r.pick([0, 90, 180, 270]) + r.rand(-8, 8), CROP);
}

/** Light and white balance of the room: the paper is never the renderer's pure white. */
function lit(bytes: Uint8Array, r: PasteRandom): Uint8Array {
  const gain = r.rand(0.55, 1.05);
  const tint = [r.rand(0.9, 1.08), r.rand(0.94, 1.04), r.rand(0.85, 1.08)];
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = Math.min(255, Math.max(0, bytes[i] * gain * tint[i % 3] + r.rand(-6, 6)));
  return out;
}

/**
 * A labelled die (its box [x, y, w, h] in `rgb`) laid into a printed box: the die with a margin of
 * its own table, feathered into the sheet's picture. Upright (the label box holds the whole die only
 * unturned), then given a quarter turn or a mirror, which keeps the pasted square square.
 */
export function pastedDie(cv: Cv, rgb: any, box: [number, number, number, number], sheet: PrintedSheet, r: PasteRandom): Uint8Array {
  const s = Math.max(box[2], box[3]);
  const grow = r.rand(0.85, 1.2);
  const [ox, oy] = [r.rand(-0.1, 0.1) * s, r.rand(-0.1, 0.1) * s];
  const die = cropSquare(cv, rgb, box[0] + box[2] / 2 + ox, box[1] + box[3] / 2 + oy, s * CONTEXT * grow, 0, CROP);
  const dieInCrop = CROP / (CONTEXT * grow);
  const back = lit(boxCrop(cv, sheet, r, r.rand(1.05, 1.7), dieInCrop), r);
  // Where the die lies in the crop, and how much of its own table comes with it.
  const [cx, cy] = [CROP / 2 - (ox * CROP) / (s * CONTEXT * grow), CROP / 2 - (oy * CROP) / (s * CONTEXT * grow)];
  const half = (dieInCrop / 2) * r.rand(1.0, 1.35);
  const feather = r.rand(0.5, 4);
  const out = new Uint8Array(die.length);
  const quarter = Math.floor(r.rand(0, 4));
  const mirror = r.rand(0, 1) < 0.5;
  for (let y = 0; y < CROP; y++) {
    for (let x = 0; x < CROP; x++) {
      const d = Math.max(Math.abs(x + 0.5 - cx), Math.abs(y + 0.5 - cy)) - half;
      const a = d <= 0 ? 1 : d >= feather ? 0 : 1 - d / feather;
      // Target pixel of the turned, mirrored crop.
      let [tx, ty] = [mirror ? CROP - 1 - x : x, y];
      for (let q = 0; q < quarter; q++) [tx, ty] = [CROP - 1 - ty, tx];
      const [i, j] = [(y * CROP + x) * 3, (ty * CROP + tx) * 3];
      for (let c = 0; c < 3; c++) out[j + c] = Math.round(a * die[i + c] + (1 - a) * back[i + c]);
    }
  }
  return out;
}

/** An empty printed box (or its requirement glyph), cut as a detector box around it would be: no die. */
export function emptyBox(cv: Cv, sheet: PrintedSheet, r: PasteRandom): Uint8Array {
  return lit(boxCrop(cv, sheet, r, r.rand(1.0, 1.9), CROP / (CONTEXT * r.rand(0.85, 1.2))), r);
}
