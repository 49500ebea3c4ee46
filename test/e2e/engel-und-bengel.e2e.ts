import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { engelUndBengel as eub } from '../../engine/engel-und-bengel/game.ts';
import { openPerTest } from './harness.ts';
import { lastDieRecord } from './last-die.ts';
import { recordKey } from './storage-keys.ts';

const open = openPerTest();

const text = (page: Page, id: string) => page.getByTestId(id).textContent();
/** Waits until the element shows `s` (after an async save, import or move); fails after 5 s. */
const shows = (page: Page, id: string, s: string) => page.locator(`[data-testid="${id}"]`, { hasText: s }).waitFor({ timeout: 5000 });

async function enterRoll(page: Page, values: number[]) {
  for (const v of values) await page.getByTestId(`value-${v}`).click();
  await page.getByTestId('confirm-roll').click();
}

async function tapBoxes(page: Page, ...boxes: string[]) {
  for (const b of boxes) await page.getByTestId(`box-${b}`).click();
}

describe('Engel und Bengel in Chromium', () => {
  it('a full Durchgang on Tafel 1 by tapping: rolls, refused taps, roll on, stop, scoring, summary, resume', async () => {
    const app = await open();
    const { page } = app;
    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('player-0').fill('Anna');
    await page.getByTestId('player-1').fill('Ben');
    await page.getByTestId('start').click();
    await expect(text(page, 'to-move')).resolves.toContain('Anna ist am Zug');
    // Tafel 1 "Morgenrot": +50 for 1 2 3, −20 for 4 4, +70 a star row of four, −30 for 6 5, +90 for 6 6 6 6, −10 for 2.
    await expect(text(page, 'points-r1')).resolves.toBe('+50');
    await expect(text(page, 'points-r2')).resolves.toBe('−20');

    // Anna rolls 1 2 3 4 4.
    await expect(text(page, 'roll-entry')).resolves.toContain('5 Würfel');
    await enterRoll(page, [1, 2, 3, 4, 4]);
    // The boxes the roll may go to are lit: r1 (the 1), r2 (a 4), the star row (anything), r6 (the 2); r4 and r5 want a 6.
    const lit = await page.locator('[data-testid^="box-"].target').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(lit.sort()).toEqual(['box-r1b1', 'box-r2b1', 'box-r3b1', 'box-r6b1']);
    // A tap where nothing fits, and a chosen die where it does not fit, are refused and named.
    await tapBoxes(page, 'r5b1');
    await expect(text(page, 'message')).resolves.toContain('Kein Würfel dieses Wurfs passt in Reihe 5, Kästchen 1');
    await page.getByTestId('hand-0').click();
    await tapBoxes(page, 'r2b1');
    await expect(text(page, 'message')).resolves.toContain('Reihe 2, Kästchen 1 braucht genau 4, nicht 1');
    await page.getByTestId('hand-0').click();
    await tapBoxes(page, 'r1b1', 'r1b2', 'r1b3', 'r2b1', 'r2b2');
    await expect(text(page, 'points-0')).resolves.toBe('110');
    await expect(text(page, 'last-turn')).resolves.toContain('Anna hat alle Würfel des Zuges gelegt');

    // Ben: 6 6 6 6 5, places one 6, rolls on with four dice, finishes the 6s (+90) and starts the star row.
    await expect(text(page, 'to-move')).resolves.toContain('Ben ist am Zug');
    await enterRoll(page, [6, 6, 6, 6, 5]);
    await tapBoxes(page, 'r5b1');
    await page.getByTestId('roll-on').click();
    await expect(text(page, 'roll-entry')).resolves.toContain('4 Würfel');
    await enterRoll(page, [6, 6, 6, 5]);
    await tapBoxes(page, 'r5b2', 'r5b3', 'r5b4', 'r3b1');
    await expect(text(page, 'points-1')).resolves.toBe('170');

    // A reload resumes the game from its record.
    await page.reload();
    await expect(text(page, 'to-move')).resolves.toContain('Anna ist am Zug');

    // Anna: 5 5 5 6 5 completes the star row (+70), puts the 6 on r4, and stops with one 5 left.
    await enterRoll(page, [5, 5, 5, 6, 5]);
    await tapBoxes(page, 'r3b2', 'r3b3', 'r3b4', 'r4b1');
    await page.getByTestId('stop').click();
    await expect(text(page, 'last-turn')).resolves.toContain('Anna hat aufgehört (1 Würfel zurück in den Vorrat)');
    await expect(text(page, 'points-0')).resolves.toBe('180');

    // Ben fills the last two boxes, both black: −30 and −10. The Tafel is full.
    await enterRoll(page, [5, 2, 1, 1, 1]);
    await tapBoxes(page, 'r4b2', 'r6b1');
    const summary = await text(page, 'durchgang-summary');
    expect(summary).toContain('Durchgang 1 ist zu Ende');
    expect(summary).toContain('Morgenrot');
    expect(summary).toContain('Tafel voll');
    expect(summary).toContain('Anna 180 · Ben 130');
    expect(summary).toContain('Ben zahlt 10 für die schwarze Reihe 6: −10');
    expect(summary).toContain('Anna beginnt auf Wolkenbank');
    await page.getByTestId('summary-ok').click();
    await expect(text(page, 'to-move')).resolves.toContain('Durchgang 2');
    await expect(text(page, 'score-lines')).resolves.toContain('Durchgang 1: Anna kassiert 50 für die weiße Reihe 1 +50');

    // Undo says what it took back.
    await enterRoll(page, [6, 6, 5, 5, 4]);
    await page.getByTestId('undo').click();
    await expect.poll(() => text(page, 'message')).toContain('Zurückgenommen: der Wurf 6 6 5 5 4.');
    await page.getByTestId('roll-entry').waitFor();

    await page.getByTestId('lang-en').click();
    await expect(text(page, 'to-move')).resolves.toContain('Anna to move');
    await expect(text(page, 'roll-entry')).resolves.toContain('Enter the roll: 5 dice');
    expect(app.problems).toEqual([]);
  });

  it('the Tafel editor: create, edit, preview, refuse a broken import, import, and play on an own Tafel', async () => {
    const app = await open();
    const { page } = app;
    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('open-editor').click();
    await page.getByTestId('new-tafel').click();
    await page.getByTestId('tafel-name-de').fill('Küchentisch');
    await page.getByTestId('tafel-name-en').fill('Kitchen Table');
    await page.getByTestId('row-1-points').fill('60');
    await page.getByTestId('row-1-add').click();
    await page.getByTestId('box-r1b2-kind').selectOption('s1');
    await page.getByTestId('row-1-add').click();
    await page.getByTestId('box-r1b3-kind').selectOption('up');
    // Measured on the real board: 20 mm boxes, 4 mm apart.
    await page.getByTestId('grid-box').fill('20');
    await page.getByTestId('grid-gap').fill('4');
    await page.getByTestId('row-2-points').fill('15');
    await shows(page, 'editor-verdict', 'Reihe 2: Punkte müssen ein Vielfaches von 10 sein');
    await expect(page.getByTestId('editor-save').isDisabled()).resolves.toBe(true);
    await page.getByTestId('row-2-points').fill('20');
    await shows(page, 'editor-verdict', 'Die Tafel ist gültig');
    // The preview draws the boxes as edited.
    await expect(page.getByTestId('box-r1b3').count()).resolves.toBe(1);
    await page.getByTestId('editor-save').click();
    await shows(page, 'own-list', 'Küchentisch');

    // A broken file is refused, naming the Tafel, row and box.
    const broken = { format: 'schiri-tafel/1', id: 'kaputt', name: { de: 'K', en: 'K' }, size: { w: 297, h: 210 }, rows: [] };
    await page.getByTestId('import-file').setInputFiles({ name: 'kaputt.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
    await shows(page, 'editor-message', 'Tafel "kaputt": braucht genau 6 Reihen');
    await page.getByTestId('import-file').setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"format":') });
    await shows(page, 'editor-message', 'x.json: kein gültiges JSON');

    // Export offers the file in the shipped form.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-meine-tafel-1').click()]);
    expect(download.suggestedFilename()).toBe('meine-tafel-1.json');
    // The exported file imports again (under another id): a Tafel travels between boxes as a file.
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported.rows[0]).toMatchObject({
      colour: 'white',
      points: 60,
      boxes: [
        { must: [], at: { x: 78, y: 18, w: 20, h: 20 } },
        { must: [{ sameAs: 1 }], at: { x: 102, y: 18, w: 20, h: 20 } },
        { must: [{ step: 1 }], at: { x: 126, y: 18, w: 20, h: 20 } },
      ],
    });
    // The print sheet, to play on paper: "Drucken" opens the print view (test/e2e/print.e2e.ts
    // prints it), which also saves it as SVG: the Tafel at its size in mm, its name, each row's
    // points and colour, what each box takes under it, the camera's four corner markers; no field ids.
    await page.getByTestId('print-meine-tafel-1').click();
    const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-svg-meine-tafel-1').click()]);
    expect(sheet.suggestedFilename()).toBe('meine-tafel-1.svg');
    const svg = readFileSync((await sheet.path())!, 'utf8');
    expect(svg).toContain('width="297mm" height="210mm"');
    expect(svg).toContain('<title>Engel und Bengel: Küchentisch / Kitchen Table</title>');
    expect(svg).toContain('>Engel und Bengel · Küchentisch / Kitchen Table<');
    expect(svg.match(/fill-rule="evenodd"/g)).toHaveLength(4);
    expect(svg).not.toMatch(/>r\db\d</);
    const words = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    // Row 1 lies level with the top markers: its number on a line of its own, clear of them.
    expect(words).toEqual(expect.arrayContaining(['Reihe 1', 'weiß: kassieren +60', 'Reihe 2 · schwarz: zahlen −20', '★', '=1', '+1']));
    expect(words.some((w) => w.startsWith('10 cm'))).toBe(true);
    await shows(page, 'print-view', 'in Originalgröße');
    // In English the sheet's words are English.
    await page.getByTestId('lang-en').click();
    const [english] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-svg-meine-tafel-1').click()]);
    expect(readFileSync((await english.path())!, 'utf8')).toContain('>row 2 · black: pay −20<');
    await page.getByTestId('lang-de').click();
    await page.getByTestId('print-close').click();
    await page.getByTestId('print-schiri-01').click();
    const [shipped] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-svg-schiri-01').click()]);
    expect(shipped.suggestedFilename()).toBe('schiri-01.svg');
    await page.getByTestId('print-close').click();
    // A box in a corner would let a die cover the marker: the print view says so.
    const cornered = structuredClone(exported);
    cornered.id = 'ecke';
    cornered.rows[0].boxes[0].at = { x: 20, y: 10, w: 20, h: 20 };
    await page.getByTestId('import-file').setInputFiles({ name: 'ecke.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(cornered)) });
    await shows(page, 'editor-message', 'Tafel "ecke" importiert');
    await page.getByTestId('print-ecke').click();
    await shows(page, 'print-warning-ecke', 'Zu nah an einer Eckmarke: Reihe 1, Kästchen 1 (oben links)');
    await page.getByTestId('print-close').click();
    await page.getByTestId('delete-ecke').click();
    await page.getByTestId('delete-ecke').waitFor({ state: 'detached', timeout: 5000 });

    exported.id = 'vom-nachbarn';
    await page.getByTestId('import-file').setInputFiles({ name: 'vom-nachbarn.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    await shows(page, 'editor-message', 'Tafel "vom-nachbarn" importiert');
    await shows(page, 'own-list', 'vom-nachbarn');
    await page.getByTestId('delete-vom-nachbarn').click();
    await page.getByTestId('delete-vom-nachbarn').waitFor({ state: 'detached', timeout: 5000 });

    await page.getByTestId('editor-close').click();
    await page.getByTestId('stack-own').check();
    await page.getByTestId('start').click();
    await shows(page, 'to-move', 'Küchentisch');
    await expect(text(page, 'points-r1')).resolves.toBe('+60');
    await enterRoll(page, [3, 3, 4, 1, 1]);
    await page.getByTestId('hand-2').click();
    await tapBoxes(page, 'r1b1');
    // Any value fits a single star box: the screen asks which die.
    await tapBoxes(page, 'r2b1');
    await shows(page, 'message', 'Mehrere Würfel passen hierher');
    expect(app.problems).toEqual([]);
  });

  it('the last die of a game: a resumed record, one tap, the final summary and the winner', async () => {
    // Bots play a whole two-player game; the record holds every move but the last, which is tapped.
    const { record, last, before, final: state } = lastDieRecord();
    expect(last.type).toBe('place');
    const app = await open({ localStorage: { [recordKey('engel-und-bengel')]: record } });
    const { page } = app;
    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('resume').click();
    if (last.type !== 'place') return;
    await page.getByTestId(`hand-${before.turn!.hand.indexOf(last.value)}`).click();
    await tapBoxes(page, last.box);
    const o = eub.outcome(state)!;
    const best = Math.max(...state.points);
    const names = ['Anna', 'Ben'];
    await shows(page, 'winner', o.winners.length > 1 ? `Gleichstand mit ${best} Punkten` : `${names[o.winners[0]]} gewinnt mit ${best} Punkten`);
    await shows(page, 'durchgang-summary', `Durchgang ${state.history.length} ist zu Ende`);
    await expect(text(page, 'points-0')).resolves.toBe(String(state.points[0]));
    await expect(text(page, 'points-1')).resolves.toBe(String(state.points[1]));
    expect(app.problems).toEqual([]);
  });
});
