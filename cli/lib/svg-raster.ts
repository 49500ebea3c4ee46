/**
 * SVG to pixels for the tests, fixtures, scripts and model data (Node only): resvg, whose prebuilt
 * binary ships inside its npm package, so nothing from the system is needed (ImageMagick renders
 * SVG only through a delegate a bare machine lacks).
 */
import { Resvg } from '@resvg/resvg-js';
import type { Frame } from '../../vision/types.ts';
import { decodeImage } from './image-file.ts';

export interface RasteriseOptions {
  /** The drawing's size in pixels: the SVG is stretched to exactly this (as ImageMagick's `WxH!`). */
  width: number;
  height: number;
  /** Size of the whole picture; the drawing lies centred on `background` (default: the drawing's size). */
  canvas?: [number, number];
  /** CSS colour behind the drawing and around it (default white). */
  background?: string;
}

/** Stretches the SVG to `width` x `height` px (its viewBox need not have that aspect). */
function stretched(svg: string, width: number, height: number): string {
  // resvg keeps the aspect of the root size; a root without its own aspect does as told.
  return svg.replace(/<svg\b([^>]*)>/, (_, attrs: string) => {
    const rest = attrs.replace(/\s(width|height|preserveAspectRatio)="[^"]*"/g, '');
    return `<svg${rest} width="${width}" height="${height}" preserveAspectRatio="none">`;
  });
}

export function rasteriseSvg(svg: string, opts: RasteriseOptions): Frame {
  const { width, height } = opts;
  const background = opts.background ?? '#ffffff';
  const png = new Resvg(stretched(svg, width, height), {
    background,
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
  const drawing = decodeImage(png, 'svg');
  const [W, H] = opts.canvas ?? [width, height];
  if (W === drawing.width && H === drawing.height) return drawing;
  const bg = parseHex(background);
  const data = new Uint8ClampedArray(W * H * 4);
  for (let i = 0; i < W * H; i++) data.set(bg, i * 4);
  // Centred as ImageMagick's `-gravity center -extent` places it.
  const [ox, oy] = [Math.floor((W - drawing.width) / 2), Math.floor((H - drawing.height) / 2)];
  for (let y = 0; y < drawing.height; y++) {
    const ty = y + oy;
    if (ty < 0 || ty >= H) continue;
    for (let x = 0; x < drawing.width; x++) {
      const tx = x + ox;
      if (tx < 0 || tx >= W) continue;
      const s = (y * drawing.width + x) * 4;
      data.set(drawing.data.subarray(s, s + 4), (ty * W + tx) * 4);
    }
  }
  return { width: W, height: H, data, time: 0 };
}

function parseHex(colour: string): [number, number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) throw new Error(`rasteriseSvg: background must be #rrggbb, got ${colour}`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16), 255];
}
