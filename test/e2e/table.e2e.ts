import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPerTest } from './harness.ts';

const open = openPerTest();

const text = (page: Page, id: string) => page.getByTestId(id).textContent();
// Evaluated in the page (a string: this file is type-checked without the DOM's types).
const focused = (page: Page) => page.evaluate<string | undefined>("document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName");
const lang = (page: Page) => page.evaluate<string>('document.documentElement.lang');

async function startEub(page: Page, names = ['Anna', 'Ben']) {
  await page.getByTestId('pick-engel-und-bengel').click();
  for (const [i, n] of names.entries()) await page.getByTestId(`player-${i}`).fill(n);
  await page.getByTestId('start').click();
}

async function enterRoll(page: Page, values: number[]) {
  for (const v of values) await page.getByTestId(`value-${v}`).click();
  await page.getByTestId('confirm-roll').click();
}

describe('At the table: words, language, focus, sounds, help', () => {
  it('a refusal is kept as words of both languages: a language switch re-renders it, undo replaces it with what it took back, <html lang> follows (also after a reload)', async () => {
    const app = await open();
    const { page } = app;
    await expect(lang(page)).resolves.toBe('de');
    await expect(page.getByTestId('lang-de').getAttribute('aria-pressed')).resolves.toBe('true');
    await startEub(page);
    // Focus goes to the roll entry, not back to <body>.
    await expect(focused(page)).resolves.toBe('value-1');
    await enterRoll(page, [1, 2, 3, 4, 4]);
    await expect(focused(page)).resolves.toBe('hand-0');
    // A refused tap names the box as the Tafel shows it: row and box counted, no id.
    await page.getByTestId('box-r5b1').click();
    await expect(text(page, 'message')).resolves.toBe('Kein Würfel dieses Wurfs passt in Reihe 5, Kästchen 1.');
    await page.getByTestId('lang-en').click();
    await expect(text(page, 'message')).resolves.toBe('No die of this roll fits row 5, box 1.');
    await expect(lang(page)).resolves.toBe('en');
    await expect(page.getByTestId('lang-en').getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByTestId('lang-de').getAttribute('aria-pressed')).resolves.toBe('false');
    await page.getByTestId('lang-de').click();
    await expect(text(page, 'message')).resolves.toBe('Kein Würfel dieses Wurfs passt in Reihe 5, Kästchen 1.');

    // Undo takes the roll back, and the message about the refused tap with it: it says what it took back.
    await page.getByTestId('undo').click();
    await expect(text(page, 'message')).resolves.toBe('Zurückgenommen: der Wurf 1 2 3 4 4.');
    await expect(page.getByTestId('roll-entry').isVisible()).resolves.toBe(true);

    // The language and <html lang> survive a reload, which lands in the game in play.
    await page.getByTestId('lang-en').click();
    await page.reload();
    await expect(lang(page)).resolves.toBe('en');
    await page.getByTestId('roll-entry').waitFor();
    await page.getByTestId('home').click();
    await expect(text(page, 'pick-plus')).resolves.toContain('Dice game');
    expect(app.problems).toEqual([]);
  });

  it('names are kept per game, house rules are explained in words, the help traps focus and closes on Esc, the editor asks before dropping a draft', async () => {
    const app = await open();
    const { page } = app;
    await startEub(page, ['Anna', 'Ben']);
    await page.getByTestId('home').click();
    await page.getByTestId('pick-engel-und-bengel').click();
    // The same table again: names and seats as last time.
    await expect(page.getByTestId('player-0').inputValue()).resolves.toBe('Anna');
    await expect(page.getByTestId('player-1').inputValue()).resolves.toBe('Ben');
    // A house rule's explanation is on the screen, not in a tooltip (once the folded house rules are opened).
    await page.getByTestId('house-rules').locator(':scope > summary').click();
    const helps = page.locator('[data-testid$="-help"]');
    expect(await helps.count()).toBeGreaterThan(0);
    await expect(helps.first().isVisible()).resolves.toBe(true);

    await page.getByTestId('help').click();
    await expect(page.getByTestId('rules-card').textContent()).resolves.toContain('Wer den letzten Würfel einer weißen Reihe legt');
    await page.getByTestId('help-tab-symbols').click();
    await expect(page.getByTestId('symbol-key').textContent()).resolves.toContain('dieselbe Zahl wie Kästchen 1 der Reihe');
    await page.getByTestId('help-tab-camera').click();
    await expect(page.getByTestId('camera-guide').textContent()).resolves.toContain('Originalgröße');
    // The last step points to teaching the players' own dice, by the button's own name.
    await expect(page.getByTestId('camera-guide').textContent()).resolves.toContain('„Würfel anlernen“ beim Kamerabild');
    // Tab stays in the dialog: the page behind it is inert.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      await expect(page.evaluate<boolean>("!!document.activeElement?.closest('dialog')")).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('help-dialog').count()).resolves.toBe(0);
    await expect(focused(page)).resolves.toBe('help');

    // The Tafel editor's "Zurück" asks before an unsaved draft is dropped.
    await page.getByTestId('open-editor').click();
    await page.getByTestId('new-tafel').click();
    await page.getByTestId('editor-close').click();
    await expect(page.getByTestId('drop-draft').count()).resolves.toBe(0);
    await page.getByTestId('open-editor').click();
    await page.getByTestId('new-tafel').click();
    await page.getByTestId('tafel-name-de').fill('Halb fertig');
    await page.getByTestId('editor-close').click();
    await page.getByTestId('keep-draft').click();
    await expect(page.getByTestId('tafel-name-de').inputValue()).resolves.toBe('Halb fertig');
    await page.getByTestId('editor-close').click();
    await page.getByTestId('drop-draft-ok').click();
    await expect(page.getByTestId('start').isVisible()).resolves.toBe(true);
    expect(app.problems).toEqual([]);
  });

  it('sounds are off until switched on; then a refusal plays its cue', async () => {
    const app = await open();
    const { page } = app;
    await expect(page.getByTestId('sound').getAttribute('aria-pressed')).resolves.toBe('false');
    await startEub(page);
    await enterRoll(page, [1, 2, 3, 4, 4]);
    await page.getByTestId('box-r5b1').click();
    await expect(page.getByTestId('sound').getAttribute('data-cue')).resolves.toBe('');
    await page.getByTestId('sound').click();
    await expect(page.getByTestId('sound').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByTestId('box-r4b1').click();
    await expect(page.getByTestId('sound').getAttribute('data-cue')).resolves.toMatch(/^illegal:\d+$/);
    // Placing the 1 completes nothing; the 2 on row 6 (one box, −10) scores: the scored cue.
    await page.getByTestId('box-r6b1').click();
    await expect(page.getByTestId('sound').getAttribute('data-cue')).resolves.toMatch(/^scored:\d+$/);
    expect(app.problems).toEqual([]);
  });

  it('the end screen shows the final ranking and the score sheet; a rematch starts with the same players', async () => {
    const app = await open();
    const { page } = app;
    await page.getByTestId('pick-plus').click();
    await page.getByTestId('player-0').fill('Anna');
    await page.getByTestId('player-1').fill('Ben');
    await page.getByTestId('start').click();
    for (const [d, f] of [['IV', 3], ['V', 4], ['IV', 5], ['V', 6]] as const) {
      await page.getByTestId(`face-${d}-${f}`).click();
      await page.getByTestId('confirm').click();
    }
    await expect(text(page, 'result')).resolves.toContain('Anna hat verloren');
    const ranking = await text(page, 'final-ranking');
    expect(ranking).toMatch(/1\.\s*Ben.*2\.\s*Anna/s);
    const sheet = await text(page, 'score-sheet');
    expect(sheet).toContain('Runde 1');
    expect(sheet).toContain('IV 1→3');
    expect(sheet).toContain('V 4→6');
    await expect(focused(page)).resolves.toBe('result');
    await page.getByTestId('rematch').click();
    await expect(text(page, 'to-move')).resolves.toContain('Anna ist am Zug');
    await expect(page.getByTestId('die-IV').textContent()).resolves.toBe('1');
    expect(app.problems).toEqual([]);
  });
});
