import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Json } from '../../engine/core/contract.ts';
import { encodeLine } from '../../engine/core/record.ts';
import { createRng } from '../../engine/core/rng.ts';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { zwirn } from '../../engine/himmel-a-und-zwirn/game.ts';
import type { ZwirnMove, ZwirnState } from '../../engine/himmel-a-und-zwirn/state.ts';
import { tafelSheetPrintable } from '../../vision/board/printable.ts';
import { accessibilityProblems, openPerTest, type OpenOptions } from './harness.ts';
import { diaboloRecord, finishDiabolo } from './screens.ts';
import { recordKey } from './storage-keys.ts';

/**
 * Printing from the app (issue 64, item 5): every print view at the two window sizes a table
 * uses, then as paper sees it (print media): only the sheet, a board at true size in mm with its
 * corner markers whole on the paper, and the PDF Chromium prints: its page count and A4 pages.
 */
const open = openPerTest();
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
];
const PX_PER_MM = 96 / 25.4;
/** A4 in PDF points (1/72 in). */
const A4_PT = [(210 / 25.4) * 72, (297 / 25.4) * 72];
/** Paper a printer may leave unprinted at each edge, mm: a corner marker must lie inside it. */
const UNPRINTED = 5;

/** The pages of a PDF: each page's size in points from its /MediaBox (Chromium writes page dictionaries uncompressed). */
function pdfPages(pdf: Buffer): { w: number; h: number }[] {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? [];
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => ({ w: +m[3] - +m[1], h: +m[4] - +m[2] }));
  expect(boxes.length, 'a /MediaBox per page').toBe(pages.length);
  return boxes;
}

function expectA4(pages: { w: number; h: number }[], orientation: 'portrait' | 'landscape') {
  const [w, h] = orientation === 'portrait' ? A4_PT : [A4_PT[1], A4_PT[0]];
  for (const p of pages) {
    // Chromium rounds the paper to 1/100 inch: within 1 pt (0.35 mm).
    expect(Math.abs(p.w - w), `page width ${p.w} pt`).toBeLessThan(1);
    expect(Math.abs(p.h - h), `page height ${p.h} pt`).toBeLessThan(1);
  }
}

/** Replaces the print dialog with a count of its calls: the test prints to PDF itself. */
const stubPrint = (page: Page) => page.evaluate("window.print = () => { window.__printed = (window.__printed || 0) + 1; }");
const printed = (page: Page) => page.evaluate<number>('window.__printed || 0');

/** The app at a window size with the print dialog stubbed, and the list its screens' problems go to. */
async function openToPrint(size: { width: number; height: number }, opts?: OpenOptions) {
  const app = await open(opts);
  await app.page.setViewportSize(size);
  await stubPrint(app.page);
  return { app, page: app.page, found: [] as string[] };
}

/**
 * What paper shows besides `keep` (a selector): every piece of text, picture or control drawn
 * outside it, one line each. Run under print media.
 */
function drawnOutside(page: Page, keep: string): Promise<string[]> {
  return page.evaluate<string[]>(`((keep) => {
    const out = [];
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || !el || el.closest(keep) || el.closest('script, style, title')) continue;
      if (shown(el)) out.push('text "' + n.textContent.trim().slice(0, 40) + '" in ' + el.tagName);
    }
    for (const el of document.body.querySelectorAll('svg, img, canvas, video, button, input, select, dialog')) {
      if (el.closest(keep) || (el.tagName !== 'svg' && el.closest('svg'))) continue;
      if (shown(el)) out.push(el.tagName + ' ' + (el.getAttribute('data-testid') || el.getAttribute('class') || ''));
    }
    return out;
  })(${JSON.stringify(keep)})`);
}

interface Measured {
  /** Each board's SVG, CSS px. */
  boards: { label: string; w: number; h: number }[];
  /** Each page, CSS px. */
  pages: { w: number; h: number }[];
  /** Each corner marker drawn whole on a page: its holes, and its distance to the paper's nearest edge, mm. */
  markers: { board: string; holes: number; edge: number }[];
}

/** The print view's pages as paper sees them: the boards' sizes, the pages', and where the corner markers lie. */
function measure(page: Page): Promise<Measured> {
  return page.evaluate<Measured>(`(() => {
    const mm = 25.4 / 96;
    const boards = [], pages = [], markers = [];
    for (const p of document.querySelectorAll('.print-board:not(.skip) [data-testid="print-page"]')) {
      const pr = p.getBoundingClientRect();
      pages.push({ w: pr.width, h: pr.height });
      const win = p.querySelector('.window').getBoundingClientRect();
      const board = p.querySelector('.board');
      const svg = board.querySelector('svg').getBoundingClientRect();
      boards.push({ label: board.getAttribute('aria-label'), w: svg.width, h: svg.height });
      board.querySelectorAll('path[fill-rule="evenodd"]').forEach((m) => {
        const r = m.getBoundingClientRect();
        // Whole on this page only where its window shows all of it (a split board shows each marker on one page).
        if (r.left < win.left - 0.5 || r.right > win.right + 0.5 || r.top < win.top - 0.5 || r.bottom > win.bottom + 0.5) return;
        const holes = (m.getAttribute('d').match(/M/g) || []).length - 1;
        const edge = Math.min(r.left - pr.left, pr.right - r.right, r.top - pr.top, pr.bottom - r.bottom) * mm;
        markers.push({ board: board.getAttribute('aria-label'), holes, edge });
      });
    }
    return { boards, pages, markers };
  })()`);
}

/** Checks the open print view as paper sees it and prints it to PDF: `boards` at these sizes in mm, `pages` pages A4 in `orientation`. */
async function checkPrintView(page: Page, boards: { label: string; size: [number, number] }[], pageCount: number, orientation: 'portrait' | 'landscape') {
  await page.emulateMedia({ media: 'print' });
  expect(await drawnOutside(page, '.print-page')).toEqual([]);
  const m = await measure(page);
  expect(m.pages).toHaveLength(pageCount);
  const [pw, ph] = orientation === 'portrait' ? [210, 297] : [297, 210];
  for (const p of m.pages) {
    expect(Math.abs(p.w / PX_PER_MM - pw)).toBeLessThan(0.5);
    expect(Math.abs(p.h / PX_PER_MM - ph)).toBeLessThan(0.5);
  }
  for (const b of boards) {
    const drawn = m.boards.filter((x) => x.label === b.label);
    expect(drawn.length, b.label).toBeGreaterThan(0);
    for (const d of drawn) {
      // True size: the SVG in CSS px is its size in mm at 96 px per inch, within 0.5 mm.
      expect(Math.abs(d.w / PX_PER_MM - b.size[0]), `${b.label} width`).toBeLessThan(0.5);
      expect(Math.abs(d.h / PX_PER_MM - b.size[1]), `${b.label} height`).toBeLessThan(0.5);
    }
    // Each of the four corner markers whole on a page, inside what a printer prints.
    const found = m.markers.filter((x) => x.board === b.label);
    expect(found.map((x) => x.holes).sort(), `${b.label}: markers`).toEqual([1, 2, 3, 4]);
    for (const x of found) expect(x.edge, `${b.label}: marker ${x.holes} from the paper's edge (mm)`).toBeGreaterThanOrEqual(UNPRINTED);
  }
  const pdf = pdfPages(await page.pdf({ preferCSSPageSize: true }));
  expect(pdf).toHaveLength(pageCount);
  expectA4(pdf, orientation);
  await page.emulateMedia({ media: 'screen' });
}

/** On screen: nothing wider than the window, and the view's "Drucken" in view at its top. */
async function checkScreen(page: Page, found: string[], name: string) {
  const wide = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(wide, `${name}: wider than the window by`).toBeLessThanOrEqual(1);
  const r = await page.getByTestId('print-now').boundingBox();
  expect(r && r.y >= 0 && r.y + r.height <= page.viewportSize()!.height, `${name}: "Drucken" in view`).toBe(true);
  for (const p of await accessibilityProblems(page, { every: true })) found.push(`${name}: ${p}`);
}

/** A six-player Himmel, A… und Zwirn game of bots, saved but for its last move (taking the marked pile). */
function zwirnRecord(): string {
  const options = { view: 'referee', players: 6 };
  const rng = createRng(5);
  let s = zwirn.setup(options) as ZwirnState;
  const moves: ZwirnMove[] = [];
  while (zwirn.toMove(s) !== null) {
    const m = zwirn.bots!.random(s, rng) as ZwirnMove;
    moves.push(m);
    s = zwirn.play(s, m) as ZwirnState;
  }
  expect(moves.at(-1)).toEqual({ type: 'take' });
  return [
    encodeLine({ kind: 'start', game: 'himmel-a-und-zwirn', options, players: ['Anna', 'Ben', 'Cem', 'Dora', 'Emil', 'Frieda'] }),
    ...moves.slice(0, -1).map((move) => encodeLine({ kind: 'move', move: move as unknown as Json, source: 'tap' })),
  ].join('');
}

/**
 * Prints the score sheet (`data-testid=print-sheet` number `nth`): only it on paper, headed by the
 * game, every player's column inside the paper's width, one A4 page.
 */
async function checkScoreSheet(page: Page, players: string[], nth = 0) {
  const before = await printed(page);
  // The button sits on the caption's line: it covers no player's name (it once hid Frieda's colour).
  const covers = await page.evaluate<string[]>(`((nth) => {
    const b = document.querySelectorAll('[data-testid="print-sheet"]')[nth];
    const r = b.getBoundingClientRect();
    const hit = (o) => o.left < r.right && o.right > r.left && o.top < r.bottom && o.bottom > r.top;
    const sheet = b.closest('.score-block');
    const caption = document.createRange();
    caption.selectNodeContents(sheet.querySelector('caption'));
    return [...sheet.querySelectorAll('thead th')].filter((th) => hit(th.getBoundingClientRect())).map((th) => th.textContent.trim()).concat(hit(caption.getBoundingClientRect()) ? ['the caption'] : []);
  })(${nth})`);
  expect(covers).toEqual([]);
  await page.getByTestId('print-sheet').nth(nth).click();
  expect(await printed(page)).toBe(before + 1);
  const size = page.viewportSize()!;
  // The paper's width between its margins (A4, 12 mm each side): the sheet is laid out as there.
  await page.setViewportSize({ width: Math.floor(186 * PX_PER_MM), height: size.height });
  await page.emulateMedia({ media: 'print' });
  expect(await drawnOutside(page, '[data-print-target]')).toEqual([]);
  const sheet = await page.evaluate<{ heading: string; right: number; width: number; names: string[] }>(`(() => {
    const target = document.querySelector('[data-print-target]');
    const table = target.querySelector('table');
    return {
      heading: getComputedStyle(target, '::before').content,
      right: table.getBoundingClientRect().right,
      width: document.documentElement.clientWidth,
      names: [...table.querySelectorAll('thead th')].filter((th) => th.getBoundingClientRect().right <= document.documentElement.clientWidth + 1).map((th) => th.textContent.trim()),
    };
  })()`);
  expect(sheet.right).toBeLessThanOrEqual(sheet.width + 1);
  expect(sheet.names.slice(1)).toEqual(players);
  const pdf = pdfPages(await page.pdf({ preferCSSPageSize: true }));
  expect(pdf).toHaveLength(1);
  expectA4(pdf, 'portrait');
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(size);
  return sheet.heading;
}

describe.each(SIZES)('printing at $width x $height', (size) => {
  it('the duel board: from the setup and from the help, at true size on two A4 pages to glue, its markers whole', async () => {
    const { app, page, found } = await openToPrint(size);
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('print-board').click();
    await expect(page.getByTestId('print-count').textContent()).resolves.toBe('2 Seiten A4');
    await checkScreen(page, found, 'duel board');
    await page.getByTestId('print-now').click();
    expect(await printed(page)).toBe(1);
    await checkPrintView(page, [{ label: 'Himmel und Hölle', size: [186, 456] }], 2, 'portrait');
    // Back in the setup, where the button was.
    await page.getByTestId('print-close').click();
    await expect.poll(() => page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null")).toBe('print-board');
    // The help's "Drucken in Originalgröße" leads to the same view, and back to the help.
    await page.getByTestId('help').click();
    await page.getByTestId('help-tab-camera').click();
    await expect(page.getByTestId('camera-guide').textContent()).resolves.toContain('Drucken in Originalgröße');
    await page.getByTestId('print-boards').click();
    await page.getByTestId('print-view').waitFor();
    expect(await page.getByTestId('help-dialog').count()).toBe(0);
    await checkPrintView(page, [{ label: 'Himmel und Hölle', size: [186, 456] }], 2, 'portrait');
    await page.getByTestId('print-close').click();
    await page.getByTestId('help-dialog').waitFor();
    expect(found).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('Engel und Bengel: the 16 shipped Tafeln from the setup, one A4 page each; one left out; an own Tafel from the editor, its SVG as schiri boards writes it', async () => {
    const { app, page, found } = await openToPrint(size);
    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('print-stack').click();
    await expect(page.getByTestId('print-count').textContent()).resolves.toBe('16 Seiten A4');
    await checkScreen(page, found, 'Tafeln of the setup');
    const shipped = SHIPPED_TAFELN.map((t) => ({ label: t.name.de, size: [t.size.w, t.size.h] as [number, number] }));
    await checkPrintView(page, shipped, 16, 'landscape');
    // A Tafel left out is not printed.
    await page.getByTestId('print-take-schiri-02').uncheck();
    await expect(page.getByTestId('print-count').textContent()).resolves.toBe('15 Seiten A4');
    await checkPrintView(page, shipped.filter((t) => t.label !== SHIPPED_TAFELN[1].name.de), 15, 'landscape');
    await page.getByTestId('print-close').click();

    // An own Tafel, imported in the editor, printed from its list: the same SVG the CLI writes.
    await page.getByTestId('open-editor').click();
    const own = { ...structuredClone(SHIPPED_TAFELN[4]), id: 'kuechentisch', name: { de: 'Küchentisch', en: 'Kitchen table' } };
    delete (own as { board?: unknown }).board;
    await page.getByTestId('import-file').setInputFiles({ name: 'k.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(own)) });
    await page.getByTestId('print-kuechentisch').click();
    await expect(page.getByTestId('print-count').textContent()).resolves.toBe('1 Seite A4');
    expect(await page.getByTestId('print-warning-kuechentisch').count()).toBe(0);
    await checkScreen(page, found, 'own Tafel');
    await checkPrintView(page, [{ label: 'Küchentisch', size: [297, 210] }], 1, 'landscape');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-svg-kuechentisch').click()]);
    expect(download.suggestedFilename()).toBe('kuechentisch.svg');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(tafelSheetPrintable(own).svg);
    await page.getByTestId('print-close').click();
    // A box in a corner would let a die cover the marker: the print view says so.
    const cornered = structuredClone(own);
    cornered.id = 'ecke';
    cornered.rows[0].boxes[0].at = { x: 20, y: 10, w: 20, h: 20 };
    await page.getByTestId('import-file').setInputFiles({ name: 'ecke.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(cornered)) });
    await page.getByTestId('print-ecke').click();
    await expect(page.getByTestId('print-warning-ecke').textContent()).resolves.toContain('Zu nah an einer Eckmarke: Reihe 1, Kästchen 1 (oben links)');
    // In English the sheet's words are English.
    await page.getByTestId('lang-en').click();
    await expect(page.locator('[data-testid="print-page"] svg').first().textContent()).resolves.toContain('row 2 · ');
    await page.getByTestId('print-close').click();
    await page.getByTestId('print-schiri-01').click();
    await checkPrintView(page, [{ label: SHIPPED_TAFELN[0].name.en, size: [297, 210] }], 1, 'landscape');
    await checkScreen(page, found, 'shipped Tafel, English');
    expect(found).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('score sheets: the Zwirn end screen with six players, Engel und Bengel in play, Diabolo at its end, each alone on one A4 page; Ctrl+P on a game screen leaves out the top bar, the LED board and the controls', async () => {
    const { app, page, found } = await openToPrint(size, { localStorage: { [recordKey('himmel-a-und-zwirn')]: zwirnRecord(), [recordKey('diabolo')]: diaboloRecord() } });
    const six = ['Anna', 'Ben', 'Cem', 'Dora', 'Emil', 'Frieda'];

    await page.getByTestId('pick-himmel-a-und-zwirn').click();
    await page.getByTestId('resume').click();
    // The game as it stands: Ctrl+P (no button) prints no top bar, no LED board, no controls.
    await page.getByTestId('virtual-board').waitFor();
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['.topbar', '[data-testid="virtual-board"]', 'button']) {
      const shown = await page.locator(hidden).evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).length);
      expect(shown, `${hidden} on paper`).toBe(0);
    }
    await page.emulateMedia({ media: 'screen' });
    await page.getByTestId('take').click();
    await page.getByTestId('end-screen').waitFor();
    for (const p of await accessibilityProblems(page, { every: true })) found.push(`Zwirn end: ${p}`);
    const heading = await checkScoreSheet(page, six);
    expect(heading).toContain('Himmel, A… und Zwirn · Schiri');
    await page.getByTestId('home').click();

    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('player-0').waitFor();
    await page.getByTestId('start').click();
    for (const v of [1, 2, 3, 4, 4]) await page.getByTestId(`value-${v}`).click();
    await page.getByTestId('confirm-roll').click();
    for (const p of await accessibilityProblems(page, { every: true })) found.push(`Engel und Bengel in play: ${p}`);
    await checkScoreSheet(page, ['Spieler 1', 'Spieler 2']);
    await page.getByTestId('home').click();

    await finishDiabolo(page);
    await checkScoreSheet(page, ['Anna', 'Ben', 'Cem']);
    expect(found).toEqual([]);
    expect(app.problems).toEqual([]);
  });
});
