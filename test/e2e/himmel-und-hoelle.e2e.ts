import { describe, expect, it } from 'vitest';
import { openPerTest } from './harness.ts';
import { duelEndRecord } from './duel-end.ts';
import { himmelUndHoelle as game } from '../../engine/himmel-und-hoelle/game.ts';
import { goalDice, goalPips } from '../../engine/himmel-und-hoelle/state.ts';
import { DUEL_RECORD_KEY, storedItem } from './storage-keys.ts';

const open = openPerTest();

describe('Himmel und Hölle in Chromium', () => {
  it('two turns by hand: reach with costs, a battle with hidden cards, the free AP pushing the loser aside', async () => {
    const app = await open();
    const { page } = app;
    const text = (id: string) => page.getByTestId(id).textContent();
    // Evaluated in the page (a string: this file is type-checked without the DOM's types).
    const focused = () => page.evaluate<string | undefined>("document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName");
    const banner = () => page.evaluate<string>(`getComputedStyle(document.querySelector('[data-testid="turn-banner"]')).backgroundColor`);
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('player-0').fill('Anna');
    await page.getByTestId('player-1').fill('Ben');
    await page.getByTestId('start').click();
    await expect(text('to-move')).resolves.toContain('Anna (Himmel) ist am Zug');
    await expect(text('ap')).resolves.toBe('1');
    // The turn banner in Himmel's colour; focus on Anna's first die, not back on <body>.
    await expect(banner()).resolves.toBe('rgb(31, 59, 96)');
    await expect.poll(focused).toBe('die-0');
    // Each field named as on the printed board, since the messages name fields so ("b10 → b9").
    const shown = (f: string) => page.evaluate<string>(`getComputedStyle(document.querySelector('[data-testid="field-${f}"]'), '::before').content`);
    await expect(shown('a10')).resolves.toBe('"a10"');
    await expect(shown('c1')).resolves.toBe('"c1"');

    // Anna selects a die in her start area: b5 is 5 steps away, all paid by lowering 6 -> 1.
    await page.getByTestId('area-start-himmel').getByTestId('die-0').click();
    await expect(text('cost-b5')).resolves.toBe('−5');
    await expect(text('cost-b6')).resolves.toBe('1 AP −5');
    // The LED board (virtual here) lights the die's start area as selected and where it can go.
    const lit = (field: string) => page.locator(`[data-testid="virtual-board"] [data-field="${field}"]`).first().getAttribute('data-meaning');
    await expect(lit('start-himmel')).resolves.toBe('selected');
    await expect(lit('b5')).resolves.toBe('legal');
    await page.getByTestId('field-b5').click();
    await expect(page.getByTestId('field-b5').getByTestId('die-0').textContent()).resolves.toBe('1');
    await expect(text('ap')).resolves.toBe('1');
    await page.getByTestId('end-turn').click();

    // Ben: a die to b6 for free (lowered to 1), then it attacks b5 for his 1 AP.
    await expect(text('to-move')).resolves.toContain('Ben (Hölle) ist am Zug');
    await expect(banner()).resolves.toBe('rgb(122, 31, 31)');
    await expect.poll(focused).toBe('die-5');
    await page.getByTestId('area-start-hoelle').getByTestId('die-5').click();
    await page.getByTestId('field-b6').click();
    // The walk is written step by step: its reach is read once the die stands on b6.
    await expect.poll(() => text('cost-b5')).toBe('⚔ 1 AP');
    await page.getByTestId('field-b5').click();

    // The battle: each picks unseen. Ben shows his cards only after Anna looked away.
    await expect(page.getByTestId('battle').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('card-9').count()).resolves.toBe(0);
    // A modal dialog: it has the focus, and Esc does not close it (the card is due).
    await expect.poll(focused).toBe('reveal');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('battle').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('card-0');
    await expect(text('battle-hint')).resolves.toBe('Dein Würfel zeigt 1 Auge: Karten bis 12.');
    await expect(page.getByTestId('card-12').isEnabled()).resolves.toBe(true); // 1 pip + 12 = 13
    await page.getByTestId('card-9').click();
    // Anna's turn to pick: Ben's card is nowhere on screen.
    await expect(text('to-move')).resolves.toContain('Anna (Himmel) wählt eine Karte');
    await expect(page.locator('[data-testid=history] li').last().textContent()).resolves.toBe('Hölle wählt verdeckt eine Kampfkarte');
    await expect(page.locator('body').textContent()).resolves.not.toMatch(/Karte 9/);
    await expect.poll(focused).toBe('reveal');
    await page.getByTestId('reveal').click();
    await page.getByTestId('card-3').click();

    // 1 + 9 beats 1 + 3: Ben's die rises to 2, Anna's stays at 1; Ben pushes it aside with the free AP.
    await expect(text('battle-result')).resolves.toContain('Hölle gewinnt');
    await expect(text('battle-result')).resolves.toContain('Karte 3');
    await expect(text('to-move')).resolves.toContain('Freier AP für Ben');
    await page.getByTestId('field-b5').click();
    await page.getByTestId('field-a5').click();
    await expect(page.getByTestId('field-a5').getByTestId('die-0').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('field-b6').getByTestId('die-5').textContent()).resolves.toBe('2');
    await expect(text('ap')).resolves.toBe('0');
    await page.getByTestId('end-turn').click();
    await expect(text('to-move')).resolves.toContain('Anna (Himmel) ist am Zug');

    // A refused action is named: nothing selected, nothing moves; raising needs a selected die.
    await expect(page.getByTestId('raise').isDisabled()).resolves.toBe(true);

    // English on request.
    await page.getByTestId('lang-en').click();
    await expect(text('to-move')).resolves.toContain('Anna (Himmel) to move');
    expect(app.problems).toEqual([]);
  });

  it('a computer seat plays its own turn one action at a time, each waiting for the table', async () => {
    const app = await open();
    const { page } = app;
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('seat-1').selectOption('greedy');
    await page.getByTestId('start').click();
    await page.getByTestId('end-turn').click();
    // The computer (Hölle) names its first action and lights it, and plays nothing until the
    // table shows it: here a tap confirms it (the camera would too).
    await page.getByTestId('computer-done').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('computer-move').textContent()).resolves.toMatch(/^Der Hölle-Würfel im Startbereich der Hölle \(6\) → [abc]10/);
    const lit = (field: string) => page.locator(`[data-testid="virtual-board"] [data-field="${field}"]`).first().getAttribute('data-meaning');
    await expect(lit('start-hoelle')).resolves.toBe('computer');
    await expect(page.getByTestId('history').textContent()).resolves.not.toContain('Hölle-Würfel');
    await expect(page.getByTestId('area-start-hoelle').getByRole('button').count()).resolves.toBe(6);
    await page.getByTestId('computer-done').click();
    await expect.poll(() => page.getByTestId('history').textContent()).toContain('Hölle-Würfel');
    // Each further action that changes the dice waits the same way; the end of the turn needs no table.
    const next = page.locator('[data-testid="computer-done"], [data-testid="end-turn"]');
    for (let k = 0; k < 40 && (await page.getByTestId('end-turn').count()) === 0; k++) {
      await next.first().waitFor({ timeout: 30_000 });
      if ((await page.getByTestId('end-turn').count()) > 0) break;
      await page.getByTestId('computer-done').click();
      await page.getByTestId('computer-done').waitFor({ state: 'detached', timeout: 5_000 });
    }
    await page.getByTestId('to-move').filter({ hasText: 'Himmel) ist am Zug' }).waitFor({ timeout: 1_000 });
    const history = await page.getByTestId('history').textContent();
    expect(history).toContain('Hölle beendet den Zug');
    expect(await page.getByTestId('area-start-hoelle').getByRole('button').count()).toBeLessThan(6);
    // Taken back as a whole turn: every die of the computer's turn goes back, and it shows its
    // first action again, waiting for the table.
    await page.getByTestId('undo-turn').click();
    await page.getByTestId('computer-done').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('history').locator('li').allTextContents()).resolves.toEqual(['Himmel beendet den Zug']);
    await expect(page.getByTestId('area-start-hoelle').getByRole('button').count()).resolves.toBe(6);
    // Taken back by one action: Himmel's end of the turn; Himmel is to move again.
    await page.getByTestId('undo').click();
    await page.getByTestId('to-move').filter({ hasText: 'Himmel) ist am Zug' }).waitFor({ timeout: 5_000 });
    await expect(page.getByTestId('history').locator('li').count()).resolves.toBe(0);
    expect(app.problems).toEqual([]);
  });
});

describe('Himmel und Hölle: the end of a game', () => {
  it('shows the result, the ranking and what each side brought home, and a rematch keeps the players and sides', async () => {
    const end = duelEndRecord();
    const outcome = game.outcome(end.final)!;
    const app = await open({ localStorage: end.storage });
    const { page } = app;
    await page.getByTestId('pick-himmel-und-hoelle').click();
    // The computer (Hölle) plays the game's last action itself on resume.
    await page.getByTestId('resume').click();
    await page.getByTestId('end-screen').waitFor();
    await expect(page.getByTestId('result').textContent()).resolves.toBe(outcome.reason.de);
    // Focus is on the result: a screen reader says it, and Tab leads on to the rematch.
    await expect(page.evaluate('document.activeElement?.id')).resolves.toBe('end-title');
    const places = await page.getByTestId('final-ranking').locator('li').allTextContents();
    const pips = [goalPips(end.final, 0), goalPips(end.final, 1)];
    expect(places.map((p) => p.replace(/\s+/g, ' ').trim())).toEqual([
      `1. Ben (Hölle) ${pips[1]} Augen im Ziel Sieg`,
      `2. Anna (Himmel) ${pips[0]} Augen im Ziel`,
    ]);
    // The ranking's and the sheet's dots in the sides' colours, as the banner and the dice: Hölle red, not a seat's green.
    const dots = (sel: string) => page.evaluate<string[]>(`[...document.querySelectorAll('${sel} .dot')].map((d) => getComputedStyle(d).backgroundColor)`);
    await expect(dots('[data-testid="final-ranking"]')).resolves.toEqual(['rgb(122, 31, 31)', 'rgb(31, 59, 96)']);
    await expect(dots('[data-testid="score-sheet"]')).resolves.toEqual(['rgb(31, 59, 96)', 'rgb(122, 31, 31)']);
    const rows = page.getByTestId('score-sheet').locator('tbody tr');
    const sheet = await Promise.all((await rows.all()).map((r) => r.locator('th, td').allTextContents()));
    expect(sheet.map((cells) => cells.map((c) => c.trim()))).toEqual([
      ['Würfel im Ziel', String(goalDice(end.final, 0).length), String(goalDice(end.final, 1).length)],
      ['Augen im Ziel', String(pips[0]), String(pips[1])],
    ]);

    await page.getByTestId('rematch').click();
    await expect(page.getByTestId('end-screen').count()).resolves.toBe(0);
    await expect(page.getByTestId('to-move').textContent()).resolves.toContain('Anna (Himmel) ist am Zug');
    // A new record: the same players and house rules, no action yet.
    const record = (await storedItem(page, DUEL_RECORD_KEY))!;
    const lines = record.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'start', players: ['Anna', 'Ben'], options: JSON.parse(end.storage[DUEL_RECORD_KEY].split('\n')[0]).options });
    expect(app.problems).toEqual([]);
  }, 60_000);
});
