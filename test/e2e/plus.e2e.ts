import { describe, expect, it } from 'vitest';
import { openPerTest } from './harness.ts';

const open = openPerTest();

describe('Plus in Chromium', () => {
  it('a whole Spiel 1 game by tapping faces, with a refused move, hint, undo, resume and the loser', async () => {
    const app = await open();
    const { page } = app;
    // All five games are listed, and each one is built.
    for (const id of ['engel-und-bengel', 'himmel-und-hoelle', 'plus', 'diabolo', 'himmel-a-und-zwirn']) {
      await expect(page.getByTestId(`pick-${id}`).isEnabled()).resolves.toBe(true);
    }
    await page.getByTestId('pick-plus').click();
    await page.getByTestId('player-0').fill('Anna');
    await page.getByTestId('player-1').fill('Ben');
    await page.getByTestId('start').click();
    await expect(page.getByTestId('to-move').textContent()).resolves.toContain('Anna ist am Zug');
    // The seed's names: the first to move is its Spieler B (A laid out the start).
    await expect(page.getByTestId('to-move').textContent()).resolves.toContain('in der Anleitung Spieler B');

    // A tap that breaks the rules is named and refused: IV 1 -> 4 gives (1,4,2), no Plus.
    await page.getByTestId('face-IV-4').click();
    await expect(page.getByTestId('verdict').textContent()).resolves.toContain('kein Plus');
    await page.getByTestId('confirm').click();
    await expect(page.getByTestId('message').textContent()).resolves.toContain('kein Plus');
    await expect(page.getByTestId('die-IV').textContent()).resolves.toBe('4');

    // The legal one: IV 1 -> 3.
    await page.getByTestId('face-IV-3').click();
    await expect(page.getByTestId('verdict').textContent()).resolves.toContain('Erlaubter Zug');
    await page.getByTestId('confirm').click();
    await expect(page.getByTestId('to-move').textContent()).resolves.toContain('Ben ist am Zug');
    await expect(page.getByTestId('to-move').textContent()).resolves.toContain('in der Anleitung Spieler A');

    // The solver's hint for Ben at (1,3,2): both moves are shown, the winning one starred.
    await page.getByTestId('hint-toggle').check();
    await expect(page.getByTestId('hint').isVisible()).resolves.toBe(true);

    // Ben: V 2 -> 4 (1,3,4); a reload resumes from the record.
    await page.getByTestId('face-V-4').click();
    await page.getByTestId('confirm').click();
    await page.reload();
    await expect(page.getByTestId('die-V').textContent()).resolves.toBe('4');
    await expect(page.getByTestId('to-move').textContent()).resolves.toContain('Anna ist am Zug');

    // Anna: III 1 -> 7 gives (7,3,4); then undo and play IV 3 -> 5 instead.
    await page.getByTestId('face-III-7').click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('undo').click();
    await expect(page.getByTestId('die-III').textContent()).resolves.toBe('1');
    await page.getByTestId('face-IV-5').click();
    await page.getByTestId('confirm').click();
    // Ben: V 4 -> 6 (1,5,6); Anna has no higher Plus and loses.
    await page.getByTestId('face-V-6').click();
    await page.getByTestId('confirm').click();
    await expect(page.getByTestId('loser').textContent()).resolves.toContain('Anna hat verloren');

    // English on request.
    await page.getByTestId('lang-en').click();
    await expect(page.getByTestId('loser').textContent()).resolves.toContain('Anna has lost');
    expect(app.problems).toEqual([]);
  });
});
