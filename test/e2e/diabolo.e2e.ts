import { describe, expect, it } from 'vitest';
import { openPerTest } from './harness.ts';
import { diaboloRecord } from './screens.ts';
import { recordKey } from './storage-keys.ts';

const open = openPerTest();

describe('Diabolo in Chromium', () => {
  it('one round entered by tapping: plays, a refusal, undo, the round end, who doubled, who is highest with what, and the scoring', async () => {
    const app = await open();
    const { page } = app;
    const text = (id: string) => page.getByTestId(id).textContent();
    await page.getByTestId('pick-diabolo').click();
    for (const [i, n] of ['Anna', 'Ben', 'Cem'].entries()) await page.getByTestId(`player-${i}`).fill(n);
    // This deck's first colour is called Herz at this table.
    await page.getByTestId('colour-name-c1').fill('Herz');
    await page.getByTestId('start').click();
    await expect(text('row-c1')).resolves.toContain('Herz');
    // Anna deals, Ben begins.
    await expect(text('to-move')).resolves.toContain('Ben ist am Zug');
    await expect(text('draw-pile')).resolves.toContain('51');

    const play = async (slot: string, value: number) => {
      await page.getByTestId(slot).click();
      await page.getByTestId(`value-${value}`).click();
    };
    // Herz (c1) gets angels 5 4 3 and devils 1 1; blue (c2) devils 5 4 3 and angels 1 2.
    await play('c1.angel.1', 5);
    await play('c2.devil.1', 5);
    await play('c1.angel.2', 4);
    await play('c2.devil.2', 4);
    await play('c1.angel.3', 3);
    await play('c2.devil.3', 3);
    // A fourth card on a side is refused with the reason.
    await page.getByTestId('c2.devil.3').click();
    await expect(text('message')).resolves.toContain('liegen schon 3 Karten');
    await play('c1.devil.1', 1);
    await play('c2.angel.1', 1);
    // A mistaken entry taken back: Anna's 2 on Herz becomes a 1.
    await play('c1.devil.2', 2);
    await page.getByTestId('undo').click();
    await expect(text('c1.devil.2')).resolves.toBe('');
    await play('c1.devil.2', 1);
    // A locked row says so in a word beside a drawn lock (an emoji needs an emoji font).
    await expect(text('c1.lock')).resolves.toContain('gesperrt');
    await expect(page.getByTestId('c1.lock').locator('svg.icon-lock').count()).resolves.toBe(1);
    // A refusal names the row by its colour, never by the engine's c1.
    await page.getByTestId('c1.angel.1').click();
    await expect(text('message')).resolves.toBe('Die Reihe Herz ist gesperrt (5 Karten).');
    // Ben can play nothing (say): he shows his hand and discards a 2 of the locked Herz.
    await page.getByTestId('discard').click();
    await page.getByTestId('discard-c1-2').click();
    await expect(text('history')).resolves.toContain('Ben – wirft Herz 2 ab');
    await play('c2.angel.2', 2);

    // Two rows locked: the app ends the round and scores Herz first (angels 12 : devils 2).
    await expect(text('message')).resolves.toContain('Runde zu Ende: 2 Reihen');
    // The Doppler is announced aloud in turn from Ben; the table taps only who doubled: Ben.
    await expect(page.getByTestId('doppler-ready').count()).resolves.toBe(0);
    await page.getByTestId('doubled-1').click();
    await page.getByTestId('doppler-ok').click();
    await expect(text('history')).resolves.toContain('Doppler: Ben');
    // Then one entry: who holds the highest Herz sum, and how much.
    const highest = async (sum: number, ...who: number[]) => {
      for (const p of who) await page.getByTestId(`highest-${p}`).click();
      await page.getByTestId('sum-input').fill(String(sum));
      await page.getByTestId('sum-ok').click();
    };
    // A sum the unseen Herz cards cannot make is refused: 21 points of it are unseen.
    await highest(30, 1);
    await expect(text('message')).resolves.toContain('von 1 bis 21 (mehr halten die Karten der Farbe nicht, die nicht offen liegen)');
    await page.getByTestId('sum-input').fill('9');
    await page.getByTestId('sum-ok').click();
    // Blue: devils ahead, no Doppler; Cem and Anna tie on 7 and both lose it.
    await highest(7, 2, 0);

    await expect.poll(() => text('round')).toContain('Runde 2 von 3');
    await expect(text('to-move')).resolves.toContain('Cem ist am Zug');
    await expect(text('result-c1')).resolves.toContain('+18');
    await expect(text('result-c1')).resolves.toContain('Σ9 ×2');
    await expect(text('result-c2')).resolves.toContain('−7');
    await expect(text('result-c3')).resolves.toContain('Gleichstand');
    await expect(text('score-1')).resolves.toContain('18');
    await expect(text('score-0')).resolves.toContain('−7');
    await expect(text('score-2')).resolves.toContain('−7');
    // The score sheet by round: round 1 done, round 2 running.
    await expect(text('score-sheet')).resolves.toMatch(/Runde 1\s*−7\s*18\s*−7.*Runde 2 \(läuft\)/s);

    // The rows are empty again, and the screen speaks English on request.
    await expect(text('c1.angel.1')).resolves.toBe('');
    await page.getByTestId('lang-en').click();
    await expect(text('to-move')).resolves.toContain('Cem to move');
    await expect(text('result-c2')).resolves.toContain('Devils ahead');
    expect(app.problems).toEqual([]);
  });

  it('resumes a saved game, takes the last highest sum by tapping, and ranks the players at the end', async () => {
    // The record holds everything of three rounds but the last round's blue entry (screens.ts).
    const record = diaboloRecord();
    const app = await open({ localStorage: { [recordKey('diabolo')]: record } });
    const { page } = app;
    const text = (id: string) => page.getByTestId(id).textContent();
    await page.getByTestId('pick-diabolo').click();
    await page.getByTestId('resume').click();
    await expect(text('round')).resolves.toContain('Runde 3 von 3');
    await page.getByTestId('highest-0').click();
    await page.getByTestId('sum-input').fill('7');
    await page.getByTestId('sum-ok').click();
    // Each round the first player scores 9 on red and the next two lose 7 on blue; in the last
    // round only Anna loses 7: Anna -12, Ben 2, Cem 2.
    // The end screen: the result, the ranking with a shared first place, the sheet of all three rounds.
    await expect(text('result')).resolves.toBe('Gleichstand mit 2 Punkten: Ben und Cem teilen den Sieg.');
    await expect(text('final-ranking')).resolves.toMatch(/1\.\s*Ben\s*2.*1\.\s*Cem\s*2.*3\.\s*Anna\s*−12/s);
    await expect(text('score-sheet')).resolves.toMatch(/Runde 1.*Runde 2.*Runde 3/s);
    await expect(text('sheet-total-0')).resolves.toBe('−12');
    await expect(text('result-c2')).resolves.toContain('−7');
    // A rematch: the same three, round 1 again, the focus on the table.
    await page.getByTestId('rematch').click();
    await expect(text('round')).resolves.toContain('Runde 1 von 3');
    await expect(text('to-move')).resolves.toContain('Ben ist am Zug');
    await expect(page.evaluate<string | undefined>("document.activeElement?.getAttribute('data-testid') ?? undefined")).resolves.toBe('c1.devil.3');
    expect(app.problems).toEqual([]);
  });
});

describe.each([
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
])('Diabolo at $width x $height: the entries say what they mean', (size) => {
  it('the cards left of a value explained, a value all open not offered', async () => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    await page.getByTestId('pick-diabolo').click();
    await page.getByTestId('start').click();
    // All four 1s of red face up.
    for (const slot of ['c1.devil.1', 'c1.devil.2', 'c1.devil.3', 'c1.angel.1']) {
      await page.getByTestId(slot).click();
      await page.getByTestId('value-1').click();
    }
    await page.getByTestId('c1.angel.2').click();
    await expect(page.getByTestId('values-key').textContent()).resolves.toContain('In Klammern: wie viele Karten des Werts in Rot noch nicht offen liegen, von so vielen im Spiel.');
    await expect(page.getByTestId('value-1').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('value-1').getAttribute('aria-label')).resolves.toBe('1, noch 0 von 4');
    await expect(page.getByTestId('value-2').isEnabled()).resolves.toBe(true);
    await expect(page.getByTestId('value-2').textContent()).resolves.toMatch(/2\s*\(3\/3\)/);
    await page.screenshot({ path: `/tmp/schiri-diabolo-values-${size.width}.png` });
    expect(app.problems).toEqual([]);
  });

  it('the scoring says what it waits for, a sum too high names the most, and the end banner drops the draw pile', async () => {
    const app = await open({ localStorage: { [recordKey('diabolo')]: diaboloRecord() } });
    const { page } = app;
    const text = (id: string) => page.getByTestId(id).textContent();
    await page.setViewportSize(size);
    await page.getByTestId('pick-diabolo').click();
    await page.getByTestId('resume').click();
    await expect(text('scoring')).resolves.toBe('Wertung Blau: wer hat die höchste Summe?');
    await page.getByTestId('highest-0').click();
    await page.getByTestId('sum-input').fill('40');
    await page.getByTestId('sum-ok').click();
    const most = Number((await text('message'))!.match(/von 1 bis (\d+) \(mehr halten/)![1]);
    expect(most).toBeLessThan(40);
    await expect(page.getByTestId('sum-input').getAttribute('max')).resolves.toBe(String(most));
    await page.screenshot({ path: `/tmp/schiri-diabolo-highest-${size.width}.png` });
    await page.getByTestId('sum-input').fill('7');
    await page.getByTestId('sum-ok').click();
    await page.getByTestId('end-screen').waitFor();
    await expect(page.getByTestId('turn-banner').textContent()).resolves.not.toContain('Nachziehstapel');
    await expect(page.getByTestId('draw-pile').count()).resolves.toBe(0);
    await page.screenshot({ path: `/tmp/schiri-diabolo-end-${size.width}.png` });
    expect(app.problems).toEqual([]);
  });
});
