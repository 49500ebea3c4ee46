import { describe, expect, it } from 'vitest';
import { openPerTest } from './harness.ts';

const open = openPerTest();

describe('Himmel, A… und Zwirn in Chromium', () => {
  it('a whole game entered by tapping: targets, plays, a refusal, every special card, a take, undo, the end and the ranking', async () => {
    const app = await open();
    const { page } = app;
    const text = (id: string) => page.getByTestId(id).textContent();
    const tap = (...ids: string[]) => ids.reduce((p, id) => p.then(() => page.getByTestId(id).click()), Promise.resolve());
    await page.getByTestId('pick-himmel-a-und-zwirn').click();
    for (const [i, n] of ['Anna', 'Ben', 'Cem'].entries()) await page.getByTestId(`player-${i}`).fill(n);
    await page.getByTestId('start').click();

    // The app asks for the two target cards (a special card goes under the draw pile); the first one is marked.
    await expect(text('prompt')).resolves.toContain('Zielkarte 1 aufdecken');
    await expect(text('prompt')).resolves.toContain('Eine Sonderkarte kommt unter den Nachziehstapel');
    await tap('card-60', 'card-70');
    await expect(text('target1')).resolves.toContain('60');
    await expect(text('marker1')).resolves.toContain('markiert');
    await expect(text('draw-pile')).resolves.toContain('68');
    await expect(text('to-move')).resolves.toContain('Anna ist am Zug');

    await tap('card-10', 'pile1');
    // Ben's 5 cannot go above the 10: refused with the reason; it fits pile 2.
    await tap('card-5', 'pile1');
    await expect(text('message')).resolves.toContain('5 ist nicht größer als die oberste Karte 10');
    await tap('pile2');
    await expect(text('pile2')).resolves.toContain('5');
    // Cem reverses: Ben is next.
    await tap('special-reverse');
    await expect(text('direction')).resolves.toContain('gegen den Uhrzeigersinn');
    await expect(text('to-move')).resolves.toContain('Ben ist am Zug');
    // Ben steals from Anna, blind: nobody enters which card it was.
    await tap('special-steal');
    await expect(page.getByTestId('victim-1').count()).resolves.toBe(0);
    await tap('victim-0');
    await expect(text('history')).resolves.toContain('Ben – stiehlt bei Anna');
    await expect(text('to-move')).resolves.toContain('Anna ist am Zug');
    // Anna raises target 1 with a 65; a mistaken 62 first, taken back.
    await tap('special-raise', 'card-62', 'target1');
    await expect(text('target1')).resolves.toContain('62');
    await tap('undo');
    await tap('special-raise', 'card-65', 'target1');
    await expect(text('target1')).resolves.toContain('65');
    // Cem takes the marked pile 1 (the 10 and both target cards) and picks 50 as the new target.
    await tap('take');
    await expect(text('mist-2')).resolves.toBe('4');
    await expect(text('marker2')).resolves.toContain('markiert');
    // "No number card left" is refused this early: most number cards are still unseen.
    await tap('no-target');
    await expect(text('message')).resolves.toContain('Es gibt noch Zahlenkarten');
    await tap('card-50');
    await expect.poll(() => text('target1')).toContain('50');
    await expect(text('draw-pile')).resolves.toContain('61');

    // Play on: 1 2 3 4 on pile 1, then upwards on pile 2, until two cards are left by the app's count.
    const used = new Set([5, 10, 50, 60, 65]);
    const plays: [number, 1 | 2][] = [1, 2, 3, 4].map((n) => [n, 1]);
    for (let n = 6; n < 70; n++) if (!used.has(n)) plays.push([n, 2]);
    for (const [n, pile] of plays.slice(0, 59)) await tap(`card-${n}`, `pile${pile}`);
    await expect.poll(() => text('draw-pile')).toContain(': 2');
    // The table sees the draw pile empty: its word counts (the app's count was off).
    await tap('pile-empty');
    await expect(text('draw-pile')).resolves.toContain(': 0');
    await expect(text('history')).resolves.toContain('Der Nachziehstapel ist leer');
    // The game runs on until the marked pile is taken: Cem takes it.
    await expect(text('to-move')).resolves.toContain('Cem ist am Zug');
    await tap('take');
    await expect(text('message')).resolves.toContain('Spielende');
    // The end screen: the result, the final ranking (a shared first place), the score sheet.
    await expect(text('result')).resolves.toBe('Anna und Ben gewinnen mit 1 Minuspunkt.');
    await expect(text('final-ranking')).resolves.toMatch(/1\.\s*Anna\s*1 Minuspunkt.*1\.\s*Ben\s*1 Minuspunkt.*3\.\s*Cem\s*61 Minuspunkte/s);
    const sheet = await text('score-sheet');
    // Each line a move that put cards on a Misthaufen, the players named as at the table.
    expect(sheet).toContain('Cem – Richtungswechsel');
    expect(sheet).toContain('Ben – stiehlt bei Anna');
    expect(sheet).toContain('Anna – erhöht Ziel 1 auf 65');
    expect(sheet).not.toContain('auf 62');
    expect(sheet).toContain('Cem – nimmt Stapel 1');
    await expect(text('sheet-total-2')).resolves.toBe('61');
    // The history names the victim of a theft, never a seat number.
    await expect(text('history')).resolves.toContain('Ben – stiehlt bei Anna');
    await page.getByTestId('lang-en').click();
    await expect(text('result')).resolves.toBe('Anna and Ben win with 1 minus point.');
    await expect(text('history')).resolves.toContain('Ben – steals from Anna');
    // A rematch: the same players, a new game asking for its target cards.
    await page.getByTestId('rematch').click();
    await expect(text('prompt')).resolves.toContain('Turn up target card 1');
    await expect(text('mist-2')).resolves.toBe('0');
    await expect(page.evaluate<string | undefined>("document.activeElement?.getAttribute('data-testid') ?? undefined")).resolves.toBe('number-input');
    await tap('card-60', 'card-70');
    await expect(text('to-move')).resolves.toContain('Anna to move');
    expect(app.problems).toEqual([]);
  });
});

describe.each([
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
])('Himmel, A… und Zwirn at $width x $height: the table in words, numbers typed', (size) => {
  it('labels target cards and piles, says what fits on an empty pile, and takes a 60 typed in two keys', async () => {
    const app = await open();
    const { page } = app;
    const text = (id: string) => page.getByTestId(id).textContent();
    const focused = () => page.evaluate<string | undefined>("document.activeElement?.getAttribute('data-testid') ?? undefined");
    await page.setViewportSize(size);
    await page.getByTestId('pick-himmel-a-und-zwirn').click();
    await page.getByTestId('start').click();
    // Before the target cards are turned up: labelled, and no bare "–".
    await expect(text('target1')).resolves.toMatch(/^\s*Zielkarte 1\s*noch keine\s*$/);
    await expect(text('pile1')).resolves.toMatch(/^\s*Stapel 1\s*leer\s*0 Karten\s*$/);
    await expect(text('fits-1')).resolves.toBe('wartet auf die Zielkarte');
    // The target cards typed: focus waits in the number field, Enter chooses.
    await expect.poll(focused).toBe('number-input');
    await page.keyboard.type('60');
    await page.keyboard.press('Enter');
    await expect.poll(() => text('target1')).toContain('60');
    await expect.poll(focused).toBe('number-input');
    await page.keyboard.type('70');
    await page.keyboard.press('Enter');
    await expect.poll(() => text('target2')).toContain('70');
    await expect(text('fits-1')).resolves.toBe('passt: unter 60');
    await expect(page.locator('body').textContent()).resolves.not.toContain('< –');
    // A play typed: the number, Enter, and the hand is on pile 1; Enter there plays it.
    await expect.poll(focused).toBe('number-input');
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('card-12').getAttribute('aria-pressed')).resolves.toBe('true');
    await expect.poll(focused).toBe('pile1');
    await page.keyboard.press('Enter');
    await expect.poll(() => text('pile1')).toContain('12');
    await expect(text('fits-1')).resolves.toBe('passt: über 12 und unter 60');
    // A number out of range is refused in words.
    await page.keyboard.type('99');
    await page.keyboard.press('Enter');
    await expect(text('message')).resolves.toBe('Bitte eine Zahl von 1 bis 70 eintippen.');
    await expect(page.evaluate<boolean>(`(() => { const r = document.querySelector('[data-testid="message"]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`)).resolves.toBe(true);
    await page.screenshot({ path: `/tmp/schiri-zwirn-${size.width}.png` });
    expect(app.problems).toEqual([]);
  });
});
