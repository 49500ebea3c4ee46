/**
 * "Würfel anlernen" without a pointer, in Chromium with a fake webcam: Plus, one roll of Miwin's
 * dice on the players' table (test/vision/adapt/miwin-table.ts: dark blue pips on III, a warm
 * lamp). The dialog is opened, the roll read, a die marked on the picture with the keyboard's
 * cross (Tab to the picture, arrow keys, Enter), the whole roll typed as the table names its
 * dice ("III 5, IV 9, V 6"), and the roll taken, all by keyboard; axe finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRng } from '../../engine/core/rng.ts';
import { withNoise } from '../../vision/synth/scene.ts';
import type { Point } from '../../vision/board/homography.ts';
import { accessibilityProblems, openPerTest, webcamVideo } from './harness.ts';
import { inPicture, onTable, rolls } from '../vision/adapt/miwin-table.ts';

const FPS = 5;
const ROLL = rolls(1, 3)[0];
const rng = createRng(5);
const video = webcamVideo('teach-keys', () => Array.from({ length: 3 * FPS }, () => withNoise(onTable(ROLL, 1), 3, rng)), FPS, { videoRange: true });

const open = openPerTest();

const press = async (page: Page, testid: string) => {
  await page.getByTestId(testid).focus();
  await page.keyboard.press('Enter');
};

const focused = (page: Page) => page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid') ?? null`);

/** The marked dice: centre, and what the players said of each (die, value). */
const marks = (page: Page) =>
  page.locator('[data-testid^="teach-die-"][data-centre]').evaluateAll((els) =>
    els.map((e) => ({ centre: e.getAttribute('data-centre')!.split(',').map(Number) as Point, die: e.getAttribute('data-die'), said: e.getAttribute('data-said'), label: e.querySelector('.label')?.textContent })),
  );

const near = (a: Point, b: Point, px: number) => Math.hypot(a[0] - b[0], a[1] - b[1]) <= px;

describe('Würfel anlernen by keyboard', () => {
  it('marks a die on the picture with the arrow keys, types the whole roll of Miwin’s dice, takes it; nothing needs a pointer', async () => {
    const app = await open({ fakeVideo: video() });
    const page = app.page;
    await page.getByTestId('pick-plus').click();
    await page.getByTestId('player-0').fill('Anna');
    await page.getByTestId('player-1').fill('Ben');
    await page.getByTestId('start').click();
    await press(page, 'camera-start');
    await page.locator('[data-testid="camera-teach"]:not([disabled])').waitFor({ timeout: 60_000 });
    await press(page, 'camera-teach');
    await press(page, 'teach-look');
    await page.getByTestId('teach-busy').waitFor({ state: 'detached', timeout: 60_000 });
    const read = await marks(page);

    // A die without a mark on it (the lamp hides some from the plain reader), else the first die again.
    const missed = ROLL.find((d) => !read.some((m) => near(m.centre, inPicture(d), 9))) ?? ROLL[0];
    const target = inPicture(missed);

    // Tab from "Wurf lesen" reaches the picture; its cross starts in the middle.
    await page.getByTestId('teach-look').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('teach-picture');
    await expect(page.getByTestId('teach-cursor').textContent()).resolves.toMatch(/^\s*Kreuz bei 50 % von links, 50 % von oben\./);
    // Shift+arrow: 40 px in this 640 px picture, arrow: 10 px.
    for (const [axis, plus, minus] of [[0, 'ArrowRight', 'ArrowLeft'], [1, 'ArrowDown', 'ArrowUp']] as const) {
      const d = target[axis] - (axis === 0 ? 320 : 240);
      const long = Math.trunc(d / 40);
      const short = Math.round((d - 40 * long) / 10);
      for (let i = 0; i < Math.abs(long); i++) await page.keyboard.press(`Shift+${long > 0 ? plus : minus}`);
      for (let i = 0; i < Math.abs(short); i++) await page.keyboard.press(short > 0 ? plus : minus);
    }
    const cross = (await page.getByTestId('teach-picture').getAttribute('data-cursor'))!.split(',').map(Number) as Point;
    expect(near(cross, target, 8)).toBe(true);
    await expect(accessibilityProblems(page)).resolves.toEqual([]);
    await page.keyboard.press('Enter');
    const withIt = await marks(page);
    expect(withIt.length).toBe(read.length + 1);
    expect(withIt.at(-1)!.label).toBe(`Würfel ${withIt.length} (angetippt)`);
    expect(near(withIt.at(-1)!.centre, cross, 1)).toBe(true);

    // The whole roll typed, in the numbers' order: each mark on a die (its centre on the die's, as
    // in teach-miwin.e2e.ts) as that die and its number, any other mark (a part of a die) left out.
    const typed = withIt.map((m) => ROLL.find((d) => near(m.centre, inPicture(d), 9))).map((d) => (d ? `${d.die} ${d.value}` : '-'));
    await page.getByTestId('teach-typed').focus();
    await page.keyboard.type(typed.join(', '));
    await page.keyboard.press('Enter');
    const said = await marks(page);
    expect(said.map((m) => (m.said === '0' ? '-' : `${m.die} ${m.said}`))).toEqual(typed);
    await expect(page.getByTestId('teach-problem').count()).resolves.toBe(0);

    await press(page, 'teach-take');
    const dice = typed.filter((t) => t !== '-').length;
    await expect(page.getByTestId('teach-collected').textContent()).resolves.toBe(`1 Würfe, ${dice} Würfel gesammelt`);
    console.log(`teach-keys e2e: ${read.length} dice marked by the reader, ${missed === ROLL[0] && read.some((m) => near(m.centre, target, 9)) ? 'none missed (first die marked again)' : `${missed.die} missed and marked by keyboard`}; typed "${typed.join(', ')}"`);
    expect(app.problems).toEqual([]);
  }, 300_000);
});
