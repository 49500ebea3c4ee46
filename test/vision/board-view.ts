import { rasteriseSvg } from '../../cli/lib/svg-raster.ts';
import type { Board } from '../../vision/board/board.ts';
import { boardSvg } from '../../vision/board/svg.ts';
import type { Frame } from '../../vision/types.ts';

/** The scale (px per mm) at which `board` fills a `width` x `height` frame with 20 px to spare on each side. */
export function fitScale(board: Board, width = 640, height = 480): number {
  return Math.min((width - 40) / board.size[0], (height - 40) / board.size[1]);
}

/**
 * The scales, in multiples of `fitScale`, at which a board is looked at for look-alikes: a little
 * further away than the fit to a part of it close up.
 */
export const VIEW_SCALES = [0.8, 1, 1.25, 1.5, 1.75, 2, 2.5];

/**
 * A printed board as a webcam over the table sees it: its printable SVG at `pxPerMm` on a
 * wooden-brown table, centred in a `width` x `height` frame (cut where bigger). For
 * test/vision/printed-boards.test.ts and bench/printed-boards-scan.ts.
 */
export function boardView(board: Board, pxPerMm: number, width = 640, height = 480): Frame {
  const [w, h] = board.size.map((mm) => Math.round(mm * pxPerMm));
  const whole = rasteriseSvg(boardSvg(board, board.id), { width: w, height: h, canvas: [Math.max(w, width), Math.max(h, height)], background: '#8a6a4a' });
  if (whole.width === width && whole.height === height) return whole;
  const [x0, y0] = [Math.floor((whole.width - width) / 2), Math.floor((whole.height - height) / 2)];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) data.set(whole.data.subarray(((y0 + y) * whole.width + x0) * 4, ((y0 + y) * whole.width + x0 + width) * 4), y * width * 4);
  return { width, height, data, time: 0 };
}
