import { describe, expect, it } from 'vitest';
import { openPerTest, type App } from './harness.ts';

const open = openPerTest();

const meaning = (app: App, scope: string, field: string) =>
  app.page.locator(`${scope} [data-testid="virtual-board"] [data-field="${field}"]`).first().getAttribute('data-meaning');

describe('LED board in Chromium (no serial: the virtual board)', () => {
  it('Plus lights its legal fields on the virtual board, the panel checks and keeps its settings, the test pattern lights all', async () => {
    const app = await open();
    const { page } = app;
    await page.getByTestId('pick-plus').click();
    await page.getByTestId('start').click();

    // The legal moves give the puzzle away: nothing is lit as legal until the players ask.
    const game = '.plus';
    await expect(meaning(app, game, 'III.1')).resolves.toBe('selected');
    await expect(meaning(app, game, 'IV.3')).resolves.toBe('');
    await page.getByTestId('moves-toggle').check();
    // Start (1,1,2): the faces as they lie are selected, the only legal move IV 1 -> 3 is lit.
    await expect(meaning(app, game, 'IV.3')).resolves.toBe('legal');
    await expect(meaning(app, game, 'III.1')).resolves.toBe('selected');
    await expect(meaning(app, game, 'V.2')).resolves.toBe('selected');
    await expect(meaning(app, game, 'IV.4')).resolves.toBe('');

    // A tap that breaks the rules lights its face as illegal; the legal one as selected.
    await page.getByTestId('face-IV-4').click();
    await expect(meaning(app, game, 'IV.4')).resolves.toBe('illegal');
    await page.getByTestId('face-IV-3').click();
    await expect(meaning(app, game, 'IV.3')).resolves.toBe('selected');
    await page.getByTestId('confirm').click();
    // (1,3,2): both moves of Ben light up (III 1 -> 5 and V 2 -> 4).
    await expect(meaning(app, game, 'III.5')).resolves.toBe('legal');
    await expect(meaning(app, game, 'V.4')).resolves.toBe('legal');

    // The panel shows the same lit set and says a browser has no serial port.
    await page.getByTestId('led-settings').click();
    const panel = '[data-testid="led-panel"]';
    await expect(meaning(app, panel, 'III.5')).resolves.toBe('legal');
    await expect(page.getByTestId('led-no-connect').textContent()).resolves.toContain('ein Browser darf keinen USB-Port öffnen');

    // "Verbinden" is not offered where it cannot work: the browser keeps the settings, says why.
    await expect(page.getByTestId('led-connect').count()).resolves.toBe(0);
    await expect(page.getByTestId('led-no-connect').textContent()).resolves.toContain('Verbinden gibt es nur in der Schiri-App auf dem Rechner');
    // Bad settings are refused in German (and English), before anything is kept.
    await page.getByTestId('led-keep').click();
    await expect(page.getByTestId('led-form-error').textContent()).resolves.toContain('Port fehlt');
    await page.getByTestId('led-port').fill('/dev/ttyUSB0');
    await page.getByTestId('led-supply').fill('50');
    await page.getByTestId('led-keep').click();
    await expect(page.getByTestId('led-form-error').textContent()).resolves.toContain('Netzteil-Strom (mA) muss eine ganze Zahl von 100 bis 100000 sein');
    // The panel is a modal dialog: Esc closes it (focus back on its button), the language is switched outside.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('led-dialog').count()).resolves.toBe(0);
    await expect(page.evaluate<string | undefined>("document.activeElement?.getAttribute('data-testid')")).resolves.toBe('led-settings');
    await page.getByTestId('lang-en').click();
    await page.getByTestId('led-settings').click();
    await page.getByTestId('led-port').fill('/dev/ttyUSB0');
    await page.getByTestId('led-supply').fill('50');
    await page.getByTestId('led-keep').click();
    await expect(page.getByTestId('led-form-error').textContent()).resolves.toContain('supply current (mA) must be a whole number');

    // Good settings are kept across a reload.
    await page.getByTestId('led-supply').fill('3000');
    await page.getByTestId('led-protocol').selectOption('adalight');
    await page.getByTestId('led-keep').click();
    await expect(page.getByTestId('led-form-error').count()).resolves.toBe(0);

    // The test pattern lights every field of the layout in the chosen colour.
    await page.getByTestId('led-pattern-meaning').selectOption('computer');
    await page.getByTestId('led-test').click();
    const cells = page.locator(`${panel} [data-testid="virtual-board"] [data-field]:not([data-field=""])`);
    await expect(cells.count()).resolves.toBe(21);
    await expect.poll(() => page.locator(`${panel} [data-testid="virtual-board"] [data-meaning="computer"]`).count()).toBe(21);
    // 21 violet LEDs at brightness 128 draw about 400 mA: within 3000 mA, dimmed for a 300 mA supply.
    await expect(page.getByTestId('led-estimate').textContent()).resolves.toMatch(/≈ 39\d mA\s*$/);
    await page.getByTestId('led-supply').fill('300');
    await expect.poll(() => page.getByTestId('led-estimate').textContent()).toMatch(/≈ (1\d\d|200) mA · dimmed to stay within the power budget/);
    await page.getByTestId('led-supply').fill('3000');

    await page.reload();
    await page.getByTestId('led-settings').click();
    await expect(page.getByTestId('led-port').inputValue()).resolves.toBe('/dev/ttyUSB0');
    await expect(page.getByTestId('led-supply').inputValue()).resolves.toBe('3000');
    await expect(page.getByTestId('led-protocol').inputValue()).resolves.toBe('adalight');
    expect(app.problems).toEqual([]);
  });

  it('Himmel + Hölle lights the next free place of each side, the chosen one, and moves on after a play', async () => {
    const app = await open();
    const { page } = app;
    await page.getByTestId('pick-diabolo').click();
    for (const [i, n] of ['Anna', 'Ben', 'Cem'].entries()) await page.getByTestId(`player-${i}`).fill(n);
    await page.getByTestId('start').click();
    const game = 'main';
    await expect.poll(() => meaning(app, game, 'c1.angel.1')).toBe('legal');
    await expect(meaning(app, game, 'c3.devil.1')).resolves.toBe('legal');
    await expect(meaning(app, game, 'c1.angel.2')).resolves.toBe('');
    await page.getByTestId('c1.angel.1').click();
    await expect.poll(() => meaning(app, game, 'c1.angel.1')).toBe('selected');
    await page.getByTestId('value-5').click();
    await expect.poll(() => meaning(app, game, 'c1.angel.2')).toBe('legal');
    await expect(meaning(app, game, 'c1.angel.1')).resolves.toBe('');
    expect(app.problems).toEqual([]);
  });
});

describe.each([
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
])('the LED dialog at $width x $height', (size) => {
  it('a layout chosen is the one previewed, with its current, how the strip lies, and the words explained', async () => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    // The duel runs (its 36-LED layout lit); Plus's 21 LEDs are chosen in the dialog.
    await page.getByTestId('pick-himmel-und-hoelle').click();
    await page.getByTestId('start').click();
    await page.getByTestId('led-settings').click();
    const panel = page.getByTestId('led-panel');
    const cells = panel.locator('[data-testid="virtual-board"] [data-field]:not([data-field=""])');
    await expect(panel.getByTestId('virtual-board').getAttribute('data-layout')).resolves.toBe('himmel-und-hoelle');
    await expect(page.getByTestId('led-strip').textContent()).resolves.toContain('LED 1–3: Start Himmel · Ziel Hölle; LED 4: Feld c1; LED 5: Feld b1; LED 6: Feld a1; LED 7: Feld a2');
    await page.getByTestId('led-layout').selectOption('plus');
    await expect(panel.getByTestId('virtual-board').getAttribute('data-layout')).resolves.toBe('plus');
    await expect(cells.count()).resolves.toBe(21);
    // Nothing of Plus is lit by a game: the preview lights every field in the test pattern's colour, and says the current is for that.
    await expect(panel.locator('[data-testid="virtual-board"] [data-meaning="selected"]').count()).resolves.toBe(21);
    await expect(page.getByTestId('led-estimate').textContent()).resolves.toMatch(/^\s*Strom, wenn alle Felder im Testmuster leuchten: ≈ \d+ mA/);
    const plusMa = Number((await page.getByTestId('led-estimate').textContent())!.match(/≈ (\d+) mA/)![1]);
    await page.getByTestId('led-layout').selectOption('himmel-a-und-zwirn');
    await expect(cells.count()).resolves.toBe(6);
    const zwirnMa = Number((await page.getByTestId('led-estimate').textContent())!.match(/≈ (\d+) mA/)![1]);
    expect(zwirnMa).toBeLessThan(plusMa);
    await expect(page.getByTestId('led-strip').textContent()).resolves.toContain('LED 1: Marker 1; LED 2: Marker 2; LED 3: Zielkarte 2; LED 4: Zielkarte 1');
    await page.getByTestId('led-glossary').locator('summary').click();
    const words = (await page.getByTestId('led-glossary').textContent())!;
    for (const w of ['WLED', 'Adalight', 'TPM2', 'Milliampere']) expect(words).toContain(w);
    await page.screenshot({ path: `/tmp/schiri-led-${size.width}.png` });
    expect(app.problems).toEqual([]);
  });
});
