import { describe, expect, it } from 'vitest';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { placedTafelBoard } from '../../vision/board/board.ts';
import { needGlyph, tafelSheetSvg, textWidth } from '../../vision/board/tafel-sheet.ts';

/** The text elements of an SVG: where each is anchored (mm), how (start, middle, end) and what it says. */
function texts(svg: string): { x: number; y: number; size: number; anchor: string; s: string }[] {
  return [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*text-anchor="(\w+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({
    x: +m[1],
    y: +m[2],
    size: +m[3],
    anchor: m[4],
    s: m[5],
  }));
}

/** The words of a row beside it: one line, or (beside a corner marker) its number above the rest. */
function rowWords(all: ReturnType<typeof texts>, r: number): { s: string; size: number }[] {
  const one = all.filter((t) => t.s.startsWith(`Reihe ${r} · `));
  if (one.length) return one;
  const name = all.find((t) => t.s === `Reihe ${r}`);
  const rest = all.find((t) => name && t.x === name.x && t.y > name.y && t.y < name.y + 5);
  return name && rest ? [{ s: `Reihe ${r} · ${rest.s}`, size: Math.max(name.size, rest.size) }] : [];
}

describe('the print sheet of a Tafel', () => {
  it('says what a box takes in one short mark', () => {
    expect(needGlyph([])).toBe('★');
    expect(needGlyph([{ value: 4 }])).toBe('4');
    expect(needGlyph([{ sameAs: 1 }])).toBe('=1');
    expect(needGlyph([{ step: -1 }])).toBe('−1');
    expect(needGlyph([{ differentFrom: 1 }, { differentFrom: 2 }])).toBe('≠1,2');
    expect(needGlyph([1, 2, 3, 4, 5].map((k) => ({ differentFrom: k })))).toBe('≠1–5');
  });

  it.each(SHIPPED_TAFELN.map((t) => [t.id, t] as const))('%s: row points and colours, every box’s requirement under it, the name, a 10 cm line; box insides plain, markers clear', (_, tafel) => {
    const svg = tafelSheetSvg(tafel);
    const board = placedTafelBoard(tafel);
    const all = texts(svg);
    expect(svg).toContain(`width="${tafel.size.w}mm" height="${tafel.size.h}mm"`);
    expect(svg.match(/fill-rule="evenodd"/g)).toHaveLength(4);
    expect(all.some((t) => t.s.includes(tafel.name.de))).toBe(true);
    for (const [r, row] of tafel.rows.entries()) {
      // One line of small type: larger points were taken for dice on the sheet (docs/boards.md).
      const beside = rowWords(all, r + 1);
      expect(beside.map((w) => w.s)).toEqual([`Reihe ${r + 1} · ${row.colour === 'white' ? 'weiß: kassieren +' : 'schwarz: zahlen −'}${row.points}`]);
      expect(beside[0].size).toBeLessThanOrEqual(2.6);
      for (const box of row.boxes) {
        const under = all.find((t) => Math.abs(t.x - (box.at.x + box.at.w / 2)) < 0.1 && t.y > box.at.y + box.at.h && t.y < box.at.y + box.at.h + 5);
        expect(under?.s).toBe(needGlyph(box.must));
      }
    }
    // The 10 cm line: 100 mm long, ticks each centimetre.
    const ruler = /<path d="M([\d.]+) ([\d.]+) H([\d.]+) /.exec(svg)!;
    expect(+ruler[3] - +ruler[1]).toBeCloseTo(100, 5);
    // Nothing printed inside a box (the camera reads the dice there), no field ids, nothing on a marker or its quiet zone.
    expect(svg).not.toMatch(/>r\db\d</);
    for (const t of all) {
      const h = t.size;
      const inBox = board.fields.some((f) => {
        const [x0, y0] = f.polygon[0];
        const [x1, y1] = f.polygon[2];
        return t.y > y0 && t.y - h < y1 && t.x > x0 && t.x < x1;
      });
      expect(inBox, `"${t.s}" at ${t.x},${t.y}`).toBe(false);
      // The whole line, not just its anchor ("Reihe 1 · weiß: kassieren +50" ran into the top left marker).
      const w = textWidth(t.s, t.size);
      const [left, right] = t.anchor === 'end' ? [t.x - w, t.x] : t.anchor === 'middle' ? [t.x - w / 2, t.x + w / 2] : [t.x, t.x + w];
      for (const m of board.markers) {
        const r = m.size / 2 + 5;
        const near = left < m.centre[0] + r && right > m.centre[0] - r && t.y + 0.3 * h > m.centre[1] - r && t.y - h < m.centre[1] + r;
        expect(near, `"${t.s}" at ${left.toFixed(1)}..${right.toFixed(1)}, ${t.y} near marker ${m.holes}`).toBe(false);
      }
    }
    // The words in English when asked.
    expect(tafelSheetSvg(tafel, { lang: 'en' })).toContain('Under each box the number it takes');
  });
});
