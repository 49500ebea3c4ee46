import { describe, expect, it } from 'vitest';
import { openPerTest } from './harness.ts';

/** The camera set-up in the help speaks each game's own words (issue 64): Kästchen and Tafeln are Engel und Bengel's alone. */
const open = openPerTest();

describe.each([
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
])('the camera help at $width x $height', (size) => {
  it.each([
    ['plus', 'über den Würfeln'],
    ['himmel-und-hoelle', 'über den Feldern'],
  ])('%s: no Kästchen, no Tafel from the box', async (game, shadow) => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    await page.getByTestId(`pick-${game}`).click();
    await page.getByTestId('help').click();
    await page.getByTestId('help-tab-camera').click();
    const guide = (await page.getByTestId('camera-guide').textContent())!;
    expect(guide).not.toMatch(/Kästchen|Schachtel|Tafel/);
    expect(guide).toContain(`keine harten Schatten ${shadow}`);
    await page.screenshot({ path: `/tmp/schiri-help-${game}-${size.width}.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('lang-en').click();
    await page.getByTestId('help').click();
    await page.getByTestId('help-tab-camera').click();
    await expect(page.getByTestId('camera-guide').textContent()).resolves.not.toMatch(/\bboxes?\b|Tafel/);
    expect(app.problems).toEqual([]);
  });

  it("engel-und-bengel keeps its boxes and the Tafeln from the box", async () => {
    const app = await open();
    const { page } = app;
    await page.setViewportSize(size);
    await page.getByTestId('pick-engel-und-bengel').click();
    await page.getByTestId('help').click();
    await page.getByTestId('help-tab-camera').click();
    const guide = (await page.getByTestId('camera-guide').textContent())!;
    expect(guide).toContain('keine harten Schatten über den Kästchen');
    expect(guide).toContain('Ein Blatt ohne Marken (eine Tafel aus der Schachtel)');
    expect(app.problems).toEqual([]);
  });
});
