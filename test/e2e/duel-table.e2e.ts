import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { HuhMove } from '../../engine/himmel-und-hoelle/state.ts';
import { recordOf } from './duel-page.ts';
import { openPerTest } from './harness.ts';
import { DUEL_RECORD_KEY, DUEL_SEATS_KEY } from './storage-keys.ts';

/**
 * The duel as a family at the table meets it (issue 64): the computer's move on the main board,
 * undo by tap, refusals in words, the computer named as such, the keyboard. Each at the two
 * window sizes a table uses.
 */
const open = openPerTest();
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
];

/** The places the main board marks for the computer, as `place: mark` ('from', 'to', '-now' while shown before played). */
const marks = (page: Page) =>
  page.evaluate<string[]>(
    `[...document.querySelectorAll('[data-testid="duel-board"] [data-computer]')].map((e) => (e.dataset.name ?? e.dataset.testid.replace('goto-', '')) + ': ' + e.dataset.computer)`,
  );

/** Whether the element is wholly inside the window, without scrolling. */
const inView = (page: Page, selector: string) =>
  page.evaluate<boolean>(`(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })()`);

async function duelAgainstComputer(page: Page, size: { width: number; height: number }, wait: boolean) {
  await page.setViewportSize(size);
  await page.getByTestId('pick-himmel-und-hoelle').click();
  await page.getByTestId('seat-1').selectOption('greedy');
  await page.getByTestId('wait-for-table').setChecked(wait);
  await page.getByTestId('start').click();
  await page.getByTestId('end-turn').click();
}

describe.each(SIZES)('the duel at $width x $height', (size) => {
  it("shows the computer's action on the main board, from and to, while it waits for the table", async () => {
    const app = await open();
    const { page } = app;
    await duelAgainstComputer(page, size, true);
    await page.getByTestId('computer-done').waitFor({ timeout: 30_000 });
    // The action in words names the field it goes to; the board marks that field and the start area it leaves.
    const to = (await page.getByTestId('computer-move').textContent())!.match(/→ ([abc]10)/)![1];
    await expect(marks(page)).resolves.toEqual(['start-hoelle: from-now', `${to}: to-now`]);
    await expect(inView(page, `[data-testid="field-${to}"]`)).resolves.toBe(true);
    await expect(inView(page, '[data-testid="goto-start-hoelle"]')).resolves.toBe(true);
    await expect(page.getByTestId(`field-${to}`).getAttribute('aria-label')).resolves.toBe(`Feld ${to}, Computer: hierher`);
    await expect(page.getByTestId('marks-key').textContent()).resolves.toBe('Lila umrandet: der Zug des Computers');
    await page.screenshot({ path: `/tmp/schiri-duel-computer-${size.width}.png` });
    // Carried out: the die stands there, and the board still marks where it came from.
    await page.getByTestId('computer-done').click();
    await expect.poll(() => marks(page)).toContain(`${to}: to`);
    await expect(marks(page)).resolves.toContain('start-hoelle: from');
    expect(app.problems).toEqual([]);
  });

  it("shows each action of a computer that does not wait before playing it, and its whole turn after it, until a person plays", async () => {
    const app = await open();
    const { page } = app;
    await duelAgainstComputer(page, size, false);
    // An action is on the board before the history has it: shown, then played.
    await page.locator('[data-computer$="-now"]').first().waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('history').locator('li').count()).resolves.toBe(1);
    await page.getByTestId('to-move').filter({ hasText: 'Himmel) ist am Zug' }).waitFor({ timeout: 30_000 });
    // The computer's turn stays marked: where its dice came from and where they stand now.
    const after = await marks(page);
    expect(after).toContain('start-hoelle: from');
    const reached = after.filter((m) => m.endsWith(': to')).map((m) => m.split(':')[0]);
    expect(reached.length).toBeGreaterThan(0);
    for (const f of reached) await expect(page.getByTestId(`field-${f}`).locator('.side-1').count()).resolves.toBeGreaterThan(0);
    await page.screenshot({ path: `/tmp/schiri-duel-computer-turn-${size.width}.png` });
    // Himmel plays: the marks go.
    await page.getByTestId('area-start-himmel').getByTestId('die-0').click();
    await page.getByTestId('field-b1').click();
    await expect.poll(() => marks(page)).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('takes back a tap whole: a die tapped from its start area to b3 comes back with one press, also after a reload', async () => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('start').click();
    const history = () => page.getByTestId('history').locator('li').allTextContents();
    const walk = async () => {
      await page.getByTestId('area-start-himmel').getByTestId('die-0').click();
      await page.getByTestId('field-b3').click();
      await expect(page.getByTestId('field-b3').getByTestId('die-0').textContent()).resolves.toBe('3');
      // The record keeps each field a step of its own.
      await expect(history()).resolves.toHaveLength(3);
    };
    await walk();
    await page.getByTestId('undo').click();
    await expect.poll(history).toEqual([]);
    await expect(page.getByTestId('area-start-himmel').getByTestId('die-0').textContent()).resolves.toBe('6');
    // A second tap of the same die is a tap of its own: one press takes back only that one.
    await walk();
    await page.getByTestId('field-b3').click();
    await page.getByTestId('field-b4').click();
    await expect.poll(history).toHaveLength(4);
    await page.getByTestId('undo').click();
    await expect.poll(history).toHaveLength(3);
    await expect(page.getByTestId('field-b3').getByTestId('die-0').textContent()).resolves.toBe('3');
    // Resumed from the record, which keeps only the steps: the die's walk still comes back whole.
    // A reload lands in the game in play.
    await page.reload();
    await page.getByTestId('undo').click();
    await expect.poll(history).toEqual([]);
    await expect(page.getByTestId('area-start-himmel').getByTestId('die-0').textContent()).resolves.toBe('6');
    expect(app.problems).toEqual([]);
  });

  it('says why a tap did nothing, and a tap that picks a die clears it', async () => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('start').click();
    const message = () => page.getByTestId('message').textContent();
    await page.getByTestId('field-b5').click();
    await expect(message()).resolves.toBe('Erst einen eigenen Würfel wählen (Himmel), dann das Feld, auf das er soll.');
    await page.getByTestId('area-start-hoelle').getByTestId('die-5').click();
    await expect(message()).resolves.toBe('Die Würfel im Startbereich der Hölle gehören der Hölle; am Zug ist Himmel.');
    await page.getByTestId('area-start-himmel').getByTestId('die-0').click();
    await expect(page.getByTestId('message').count()).resolves.toBe(0);
    await page.getByTestId('field-b9').click();
    await expect(message()).resolves.toBe(
      'Der Himmel-Würfel im Startbereich des Himmels (6) kommt nicht bis b9: das sind 9 Schritte, er hat 1 AP und 5 Augen zum Senken, zusammen 6 Schritte.',
    );
    await expect(inView(page, '[data-testid="message"]')).resolves.toBe(true);
    // The die stays picked, its reach still lit.
    await expect(page.getByTestId('cost-b5').textContent()).resolves.toBe('−5');
    await page.screenshot({ path: `/tmp/schiri-duel-refusal-${size.width}.png` });
    await page.getByTestId('area-start-himmel').getByTestId('die-1').click();
    await expect(page.getByTestId('message').count()).resolves.toBe(0);
    expect(app.problems).toEqual([]);
  });

  it('a setup with the names by side, the house rules folded, and the computer named "Computer"', async () => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('player-0').waitFor();
    const labelOf = (id: string) => page.evaluate<string>(`document.querySelector('[data-testid="${id}"]').labels[0].textContent.trim()`);
    await expect(labelOf('player-0')).resolves.toBe('Himmel');
    await expect(labelOf('player-1')).resolves.toBe('Hölle');
    // Two sides, no more: nothing to add.
    await expect(page.getByTestId('add-player').count()).resolves.toBe(0);
    await expect(page.getByTestId('house-rules').getAttribute('open')).resolves.toBeNull();
    await page.getByTestId('seat-1').selectOption('greedy');
    await expect(page.getByTestId('player-1').getAttribute('placeholder')).resolves.toBe('Computer');
    await expect(inView(page, '[data-testid="start"]')).resolves.toBe(size.height >= 800);
    await page.screenshot({ path: `/tmp/schiri-duel-setup-${size.width}.png`, fullPage: true });
    await page.getByTestId('start').click();
    await page.getByTestId('end-turn').click();
    await page.getByTestId('to-move').filter({ hasText: 'Computer (Hölle) ist am Zug' }).waitFor();
    await page.getByTestId('lang-en').click();
    await page.getByTestId('to-move').filter({ hasText: 'Computer (Hölle) to move' }).waitFor();
    // The resume list says so too.
    await page.reload();
    await page.getByTestId('lang-de').click();
    await page.getByTestId('home').click();
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await expect(page.getByTestId('resume-banner').textContent()).resolves.toContain('Spieler 1, Computer');
    expect(app.problems).toEqual([]);
  });

  it('the battle dialog names the fields that fight', async () => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('start').click();
    // Himmel to b5 (free, lowered to 2), Hölle to b6 (lowered to 2) then attacks b5.
    await page.getByTestId('area-start-himmel').getByTestId('die-0').click();
    await page.getByTestId('field-b5').click();
    await page.getByTestId('end-turn').click();
    await page.getByTestId('area-start-hoelle').getByTestId('die-5').click();
    await page.getByTestId('field-b6').click();
    await page.getByTestId('field-b5').click();
    await expect(page.getByTestId('battle-fields').textContent()).resolves.toBe('Der Hölle-Würfel auf b6 (1) greift den Himmel-Würfel auf b5 (1) an.');
    await expect(page.getByTestId('battle').textContent()).resolves.toContain('Der Gegner schaut weg.');
    expect(app.problems).toEqual([]);
  });

  it('against the computer the battle dialog asks nobody to look away', async () => {
    // Anna's die walks to b5, the computer's to b6 and attacks it: Anna picks her card.
    const walk = (die: number, to: string[]): HuhMove[] => to.map((f) => ({ type: 'step', die, to: f, pay: 'pip' }));
    const moves: HuhMove[] = [...walk(0, ['b1', 'b2', 'b3', 'b4', 'b5']), { type: 'end' }, ...walk(5, ['b10', 'b9', 'b8', 'b7', 'b6']), { type: 'step', die: 5, to: 'b5', pay: 'ap' }];
    const app = await open({ localStorage: { [DUEL_RECORD_KEY]: recordOf(moves, (i) => (i < 6 ? 'tap' : 'bot')), [DUEL_SEATS_KEY]: JSON.stringify(['human', 'greedy']) } });
    const { page } = app;
    await page.setViewportSize(size);
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('resume').click();
    await page.getByTestId('reveal').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('battle-fields').textContent()).resolves.toBe('Der Hölle-Würfel auf b6 (1) greift den Himmel-Würfel auf b5 (1) an.');
    await expect(page.getByTestId('battle').textContent()).resolves.toContain('Anna (Himmel) wählt verdeckt eine Karte; gegen den Computer muss niemand wegschauen.');
    await expect(page.getByTestId('battle').textContent()).resolves.not.toContain('schaut weg');
    await page.screenshot({ path: `/tmp/schiri-duel-battle-${size.width}.png` });
    expect(app.problems).toEqual([]);
  });

  it('the keyboard: arrow keys walk the board, and the focus goes to "Ausgeführt" when the computer waits for the table', async () => {
    const app = await open();
    const { page } = app;
    const focused = () => page.evaluate<string | undefined>("document.activeElement?.getAttribute('data-testid') ?? undefined");
    await duelAgainstComputer(page, size, true);
    await expect.poll(focused, { timeout: 30_000 }).toBe('computer-done');
    await page.keyboard.press('Enter');
    // Each action of the computer's turn: the focus is on "Ausgeführt" again, Enter carries it out.
    for (let k = 0; k < 20 && (await page.getByTestId('end-turn').count()) === 0; k++) {
      await page.locator('[data-testid="computer-done"], [data-testid="end-turn"]').first().waitFor({ timeout: 30_000 });
      if ((await page.getByTestId('end-turn').count()) > 0) break;
      await expect.poll(focused).toBe('computer-done');
      await page.keyboard.press('Enter');
      await page.getByTestId('computer-done').waitFor({ state: 'detached', timeout: 5_000 });
    }
    await page.getByTestId('to-move').filter({ hasText: 'Himmel) ist am Zug' }).waitFor();
    // Himmel's turn: the focus on a die in the start area; arrows up the board and back.
    await expect.poll(focused).toBe('die-0');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await expect(focused()).resolves.toBe('field-b1');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await expect(focused()).resolves.toBe('field-c2');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(focused()).resolves.toBe('field-a2');
    // Enter there moves the die picked in the start area: a whole game by keys.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('field-a2').getByTestId('die-0').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(focused()).resolves.toBe('goto-start-himmel');
    expect(app.problems).toEqual([]);
  });
});
