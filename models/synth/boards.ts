/**
 * The project's boards as pictures for the page: each board's own printable SVG (boardSvg), with
 * the pip pictures its Tafel boxes ask for drawn in, rasterised by cli/lib/svg-raster.ts.
 */
import { PNG } from 'pngjs';
import { rasteriseSvg } from '../../cli/lib/svg-raster.ts';
import { boardSvg } from '../../vision/board/svg.ts';
import { pipPositions } from './scene/pips.ts';
import type { BoardSheet } from './scene/boards.ts';

const PX_PER_MM = 4;

function symbolSvg(s: BoardSheet['symbols'][number]): string {
  const pips = pipPositions(s.value, 0.25)
    .map(([x, y]) => `<circle cx="${(s.x + (0.5 + x) * s.size).toFixed(2)}" cy="${(s.y + (0.5 + y) * s.size).toFixed(2)}" r="${(s.size * 0.09).toFixed(2)}" fill="#23232a"/>`)
    .join('');
  return `<rect x="${s.x.toFixed(2)}" y="${s.y.toFixed(2)}" width="${s.size.toFixed(2)}" height="${s.size.toFixed(2)}" rx="${(s.size * 0.15).toFixed(2)}" fill="none" stroke="#23232a" stroke-width="0.5"/>${pips}`;
}

/** The board as a PNG data URL, about 4 px a millimetre. */
export function boardPicture(sheet: BoardSheet): string {
  const svg = boardSvg(sheet.board, sheet.title).replace('</svg>', `${sheet.symbols.map(symbolSvg).join('\n')}\n</svg>`);
  const [w, h] = sheet.size;
  const frame = rasteriseSvg(svg, { width: Math.round(w * PX_PER_MM), height: Math.round(h * PX_PER_MM) });
  const png = new PNG({ width: frame.width, height: frame.height });
  png.data = Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}
