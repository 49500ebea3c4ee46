import { markerHoles, type Board } from './board.ts';
import type { Point } from './homography.ts';

/**
 * A board as a printable SVG in millimetres: the fields' outlines with their ids, and the corner
 * markers. Print at 100 % (or any scale: calibration needs only the proportions).
 */
/** A title may be a user's Tafel name: `&`, `<` and `>` would break the file. */
export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface BoardSvgOptions {
  /** Print each field's id in it (default true); a sheet to play on leaves the fields plain. */
  fieldIds?: boolean;
  /** The words printed in a field where the table calls it otherwise than by its id (a start area). */
  fieldName?: (id: string) => string | undefined;
  /** More SVG elements, drawn over the fields and under the markers (the words of a play sheet). */
  extra?: string;
}

export function boardSvg(board: Board, title: string, { fieldIds = true, fieldName, extra = '' }: BoardSvgOptions = {}): string {
  const [w, h] = board.size;
  const path = (poly: Point[]) => `M${poly.map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`).join(' L')} Z`;
  const centre = (poly: Point[]) => [poly.reduce((s, p) => s + p[0], 0) / poly.length, poly.reduce((s, p) => s + p[1], 0) / poly.length];
  const fields = board.fields
    .map((f) => {
      const [cx, cy] = centre(f.polygon);
      const outline = `  <path d="${path(f.polygon)}" fill="none" stroke="#23232a" stroke-width="1.2"/>`;
      if (!fieldIds) return outline;
      return `${outline}\n  <text x="${cx.toFixed(2)}" y="${(cy + 1.5).toFixed(2)}" font-size="4" text-anchor="middle" fill="#9a968c">${escapeXml(fieldName?.(f.id) ?? f.id)}</text>`;
    })
    .join('\n');
  // Holes as a second subpath with evenodd fill, so they stay paper-white on any printer.
  const markers = board.markers
    .map((m) => {
      const r = m.size / 2;
      const outer: Point[] = [[m.centre[0] - r, m.centre[1] - r], [m.centre[0] + r, m.centre[1] - r], [m.centre[0] + r, m.centre[1] + r], [m.centre[0] - r, m.centre[1] + r]];
      return `  <path fill-rule="evenodd" fill="#000" d="${[outer, ...markerHoles(m)].map(path).join(' ')}"/>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}">
  <title>${escapeXml(title)}</title>
  <rect width="${w}" height="${h}" fill="#fff"/>
${fields}
${extra ? `${extra}\n` : ''}${markers}
</svg>
`;
}
