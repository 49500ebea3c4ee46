import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, seedStorage } from './harness.ts';
import { SCREENS, type Screen } from './screens.ts';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { createRng } from '../../engine/core/rng.ts';
import { engelUndBengel as eub } from '../../engine/engel-und-bengel/game.ts';
import type { EubMove, EubState } from '../../engine/engel-und-bengel/state.ts';
import { recordKey } from './storage-keys.ts';

/**
 * Every screen at the two window sizes a table uses (a laptop, a small laptop or tablet): nothing
 * wider than the window, no control cut off or its words spilling out, and for a game in play
 * the turn, the board and the entry on the first screen, without scrolling.
 */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch({ fakeCamera: true });
});
afterAll(async () => {
  await browser?.close();
});

/** What is wrong with the layout as shown now, one line each. */
async function layoutProblems(page: Page, inView: string[]): Promise<string[]> {
  // Evaluated in the page (a string: this file is type-checked without the DOM's types).
  return page.evaluate<string[]>(
    `((inView) => {
      const out = [];
      const W = window.innerWidth, H = window.innerHeight;
      if (document.documentElement.scrollWidth > W + 1) out.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
      const name = (el) => el.getAttribute('data-testid') || el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 30) || el.tagName;
      for (const el of document.querySelectorAll('button, select, input, [role=tab]')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        if (el.closest('.sheet-wrap, .results-wrap')) continue;
        if (r.left < -1 || r.right > W + 1) out.push(name(el) + ': outside the window (' + Math.round(r.left) + '..' + Math.round(r.right) + ')');
        if (el.tagName !== 'INPUT' && el.scrollWidth > el.clientWidth + 2) out.push(name(el) + ': its words spill out (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
        // A select cuts its chosen option short without any overflow to see in scrollWidth: measure the words.
        if (el.tagName === 'SELECT' && el.selectedOptions.length) {
          const cs = getComputedStyle(el);
          const ctx = (window.__measure ||= document.createElement('canvas').getContext('2d'));
          ctx.font = cs.font;
          const words = ctx.measureText(el.selectedOptions[0].textContent.trim()).width;
          const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20; // 20 px: the arrow
          if (words > room) out.push(name(el) + ': its chosen option is cut off (' + Math.round(words) + ' > ' + Math.round(room) + ' px)');
        }
      }
      for (const id of inView) {
        const el = document.querySelector('[data-testid="' + id + '"]');
        if (!el) { out.push(id + ': not on screen'); continue; }
        const r = el.getBoundingClientRect();
        if (r.top < -1 || r.bottom > H + 1) out.push(id + ': not in view without scrolling (' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' of ' + H + ')');
      }
      return out;
    })(${JSON.stringify(inView)})`,
  );
}

async function open(screen: Screen, size: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: size });
  const problems: string[] = [];
  if (screen.storage) await seedStorage(context, screen.storage);
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
  await page.goto(inject('baseURL'));
  await screen.go(page);
  // Let fonts, the camera picture and the focus's scrolling settle.
  await page.waitForTimeout(300);
  return { page, context, problems };
}

for (const size of SIZES) {
  describe(`every screen fits ${size.width}x${size.height}`, () => {
    for (const screen of SCREENS) {
      it(screen.name, async () => {
        const { page, context, problems } = await open(screen, size);
        const found = [...(await layoutProblems(page, screen.inView ?? [])), ...problems];
        await context.close();
        expect(found).toEqual([]);
      });
    }
  });
}

/**
 * What is wrong with the Tafel on screen: a box's mark wider or taller than its box, or a click in
 * the middle of a box that another box (or anything else) takes (issue 64: Regenbogen's box 5
 * label caught the click meant for box 4).
 */
async function tafelProblems(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const out = [];
    const boxes = [...document.querySelectorAll('[data-testid="tafel"] [data-testid^="box-"]')];
    if (boxes.length === 0) out.push('no boxes on screen');
    for (const g of boxes) {
      const id = g.getAttribute('data-testid');
      const r = g.querySelector('rect').getBoundingClientRect();
      const mark = g.querySelector('[data-testid^="mark-"]');
      if (mark) {
        const m = mark.getBoundingClientRect();
        if (m.left < r.left - 0.5 || m.right > r.right + 0.5 || m.top < r.top - 0.5 || m.bottom > r.bottom + 0.5) {
          out.push(id + ': its mark "' + mark.textContent + '" leaves the box (' + Math.round(m.left) + '..' + Math.round(m.right) + ' in ' + Math.round(r.left) + '..' + Math.round(r.right) + ')');
        }
      }
      g.scrollIntoView({ block: 'nearest' });
      const c = g.querySelector('rect').getBoundingClientRect();
      const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
      const got = hit && hit.closest('[data-testid^="box-"]');
      if (got !== g) out.push(id + ': a click in its middle goes to ' + (got ? got.getAttribute('data-testid') : hit ? hit.tagName : 'nothing'));
    }
    return out;
  })()`);
}

for (const size of SIZES) {
  describe(`every shipped Tafel at ${size.width}x${size.height}: its marks stay in their boxes, a box takes its own clicks`, () => {
    it('all 16', async () => {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
      for (const [i, tafel] of SHIPPED_TAFELN.entries()) {
        // A fresh start: no saved game, and no game in play to land in.
        await page.goto(inject('baseURL'));
        await page.evaluate('localStorage.clear(); sessionStorage.clear()');
        await page.goto(inject('baseURL'));
        await page.getByTestId('pick-engel-und-bengel').click();
        await page.getByTestId('first-tafel').selectOption(String(i + 1));
        await page.getByTestId('start').click();
        await page.getByTestId('tafel').waitFor();
        for (const p of [...(await tafelProblems(page)), ...(await layoutProblems(page, []))]) problems.push(`${tafel.name.de}: ${p}`);
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  });
}

const NAMES = ['Anna', 'Ben', 'Clara', 'Dominik', 'Emilia', 'Friedrich'];

/** An Engel und Bengel record of `n` players in Durchgang 3 (two scored, one running): the score sheet at its widest in play. */
function thirdDurchgang(n: number): string {
  const rng = createRng(5);
  let s: EubState = eub.setup({ players: n });
  const moves: EubMove[] = [];
  while (s.durchgang < 3) {
    const m = eub.bots!.greedy(s, rng);
    moves.push(m);
    s = eub.play(s, m);
  }
  const lines = [{ kind: 'start', game: 'engel-und-bengel', options: { players: n }, players: NAMES.slice(0, n) }, ...moves.map((move) => ({ kind: 'move', move }))];
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

/** What of the score sheet on screen is cut off: a column out of its box, a name or a number cut. */
async function sheetProblems(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const out = [];
    const sheets = [...document.querySelectorAll('.sheet-wrap')];
    if (sheets.length === 0) out.push('no score sheet on screen');
    for (const wrap of sheets) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) out.push('the sheet is ' + wrap.scrollWidth + ' px wide in a ' + wrap.clientWidth + ' px box');
      const box = wrap.getBoundingClientRect();
      for (const cell of wrap.querySelectorAll('th, td')) {
        const r = cell.getBoundingClientRect();
        if (r.right > box.right + 1) out.push('"' + cell.textContent.trim() + '" ends at ' + Math.round(r.right) + ', the box at ' + Math.round(box.right));
        if (cell.scrollWidth > cell.clientWidth + 1) out.push('"' + cell.textContent.trim() + '" is cut (' + cell.scrollWidth + ' > ' + cell.clientWidth + ')');
      }
    }
    return out;
  })()`);
}

for (const size of SIZES) {
  describe(`the score sheet in play at ${size.width}x${size.height}: every player's column whole`, () => {
    for (const n of [2, 3, 4, 5, 6]) {
      it(`${n} players, Durchgang 3`, async () => {
        const context = await browser.newContext({ viewport: size });
        await seedStorage(context, { [recordKey('engel-und-bengel')]: thirdDurchgang(n) });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
        await page.goto(inject('baseURL'));
        await page.getByTestId('resume-engel-und-bengel').click();
        await page.getByTestId('score-sheet').first().waitFor();
        const header = await page.locator('.score-sheet thead th').allTextContents();
        for (const name of NAMES.slice(0, n)) if (!header.some((h) => h.includes(name))) problems.push(`${name} has no column`);
        problems.push(...(await sheetProblems(page)), ...(await layoutProblems(page, [])));
        await context.close();
        expect(problems).toEqual([]);
      });
    }
  });
}
