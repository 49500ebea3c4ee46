import { describe, expect, it } from 'vitest';
import { A4, boardPages, EDGE, FOOTER, OVERLAP, type BoardPage } from '../../renderer/print/pages.ts';
import { duelPrintable, gridTafelPrintable } from '../../vision/board/printable.ts';

/** Every point of the board lies in some page's window, and every window lies on its paper with the page's words below. */
function expectCovered(pages: BoardPage[], [w, h]: [number, number]) {
  for (let x = 0; x <= w; x += w / 40) {
    for (let y = 0; y <= h; y += h / 40) {
      const on = pages.some((p) => x >= p.window.x - 1e-9 && x <= p.window.x + p.window.w + 1e-9 && y >= p.window.y - 1e-9 && y <= p.window.y + p.window.h + 1e-9);
      expect(on, `${x.toFixed(1)}, ${y.toFixed(1)}`).toBe(true);
    }
  }
  for (const p of pages) {
    const [pw, ph] = A4[p.orientation];
    expect(p.at[0]).toBeGreaterThanOrEqual(0);
    expect(p.at[0] + p.window.w).toBeLessThanOrEqual(pw + 1e-9);
    expect(p.at[1] + p.window.h).toBeLessThanOrEqual(ph + 1e-9);
    if (pages.length > 1) {
      // A split board keeps the printer's edge free and room for the words under it.
      expect(Math.min(p.at[0], p.at[1], pw - p.at[0] - p.window.w)).toBeGreaterThanOrEqual(EDGE - 1e-9);
      expect(ph - p.at[1] - p.window.h).toBeGreaterThanOrEqual(FOOTER + EDGE - 1e-9);
    }
  }
}

describe('a board on A4 pages at 100 %', () => {
  it('a shipped Tafel (297 x 210 mm) is one landscape page, the paper itself', () => {
    const pages = boardPages([297, 210]);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ orientation: 'landscape', at: [0, 0], window: { x: 0, y: 0, w: 297, h: 210 } });
  });

  it('a small board lies in the middle of a page turned its way, with room for the words under it', () => {
    const [p] = boardPages([150, 200]);
    expect(p.orientation).toBe('portrait');
    expect(p.at[0]).toBeCloseTo(30);
    expect(297 - p.at[1] - 200).toBeGreaterThanOrEqual(FOOTER);
  });

  it('the duel board (186 x 456 mm) goes on two portrait pages that overlap by 10 mm', () => {
    const size = duelPrintable().size;
    expect(size).toEqual([186, 456]);
    const pages = boardPages(size);
    expect(pages.map((p) => p.orientation)).toEqual(['portrait', 'portrait']);
    expect(pages[0].window).toEqual({ x: 0, y: 0, w: 186, h: 233 });
    expect(pages[1].window).toEqual({ x: 0, y: 223, w: 186, h: 233 });
    expect(pages[0].nextY).toBe(223);
    expect(pages[0].window.y + pages[0].window.h - pages[1].window.y).toBe(OVERLAP);
    expectCovered(pages, size);
  });

  it('boards larger in both directions (the CLI example Tafel, 1000 mm) are covered by the fewest pages', () => {
    const example = gridTafelPrintable('x', { rows: [3, 4, 5, 6, 2, 1] }, 'x').size;
    expect(boardPages(example)).toHaveLength(4);
    expectCovered(boardPages(example), example);
    expectCovered(boardPages([1000, 1000]), [1000, 1000]);
    expectCovered(boardPages([1000, 60]), [1000, 60]);
  });
});
