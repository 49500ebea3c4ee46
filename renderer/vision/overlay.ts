import type { Board } from '../../vision/board/board.ts';
import { applyHomography, type Point } from '../../vision/board/homography.ts';
import type { DieReading, Reading } from '../../vision/types.ts';
import type { BoardInView } from './protocol.ts';

/**
 * What the camera panel and the teaching picture draw over a picture of the table, in its pixels:
 * one look for a die taken, one in doubt, the clicked corners and the board where it was found.
 */
export const COLOUR = {
  /** A die taken, with its value. */
  die: '#ffd54f',
  /** A die without a value, one still to be said, corners that cannot be the board's. */
  doubt: '#e53935',
  /** A place the players said holds no die. */
  notDie: '#9e9e9e',
  /** A die the game leaves out. */
  ignored: 'rgba(255, 255, 255, 0.5)',
  /** What the players point at or are asked about: clicked corners (and the board found from them), near-dice, the keyboard's cross. */
  pointed: '#4fc3f7',
  /** The board found from its printed markers. */
  markers: '#81c784',
} as const;

/** A die's box drawn a little outside it (the die stays visible), its caption above. */
export function outlineDie(ctx: CanvasRenderingContext2D, box: readonly [number, number, number, number], caption: string | null): void {
  ctx.strokeRect(box[0] - 3, box[1] - 3, box[2] + 6, box[3] + 6);
  if (caption !== null) ctx.fillText(caption, box[0], box[1] - 8);
}

function polygon(ctx: CanvasRenderingContext2D, points: Point[], close: boolean): void {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  if (close) ctx.closePath();
  ctx.stroke();
}

/** The clicks so far, numbered, joined in order: the outline once all four are in (red where they are wrong). */
export function drawClicks(ctx: CanvasRenderingContext2D, clicked: Point[], wrong: boolean): void {
  ctx.strokeStyle = ctx.fillStyle = wrong ? COLOUR.doubt : COLOUR.pointed;
  ctx.lineWidth = 2;
  polygon(ctx, clicked, clicked.length === 4);
  ctx.font = 'bold 16px sans-serif';
  clicked.forEach(([x, y], i) => {
    ctx.beginPath();
    ctx.arc(x, y, 5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillText(String(i + 1), x + 8, y - 8);
  });
}

/** The board's outline and fields where the calibration puts them: a wrong click shows at once. */
export function drawBoard(ctx: CanvasRenderingContext2D, b: Board, inView: BoardInView): void {
  const toImage = (poly: Point[]) => poly.map((p) => applyHomography(inView.boardToImage, p));
  ctx.strokeStyle = inView.source === 'corners' ? COLOUR.pointed : COLOUR.markers;
  ctx.lineWidth = 1;
  for (const f of b.fields) polygon(ctx, toImage(f.polygon), true);
  ctx.lineWidth = 2;
  polygon(ctx, toImage(b.outline), true);
}

/** Boxes and captions of a settled reading; `tag` names a die as the game sees it (null: not in play, drawn faint). */
export function drawDice(ctx: CanvasRenderingContext2D, r: Reading, tag: (d: DieReading) => string | null): void {
  ctx.font = 'bold 20px sans-serif';
  for (const d of r.dice) {
    const caption = d.value === null ? '?' : tag(d);
    ctx.strokeStyle = d.value === null ? COLOUR.doubt : caption === null ? COLOUR.ignored : COLOUR.die;
    ctx.lineWidth = caption === null ? 1 : 3;
    ctx.fillStyle = ctx.strokeStyle;
    outlineDie(ctx, d.box, caption);
  }
}
