import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Frame } from '../../vision/types.ts';
import type { Scene } from './tafel-video.ts';
import { text, waitText as waitFor } from './harness.ts';

/**
 * What the Engel und Bengel camera tests share: the fixture's frame rate and seed, and the
 * steps a player takes on the screen.
 */
export const FPS = 5;
/**
 * The seed picks which photographed die is cut out for each box and where in its box it lies.
 * The reader reads some of these pasted dice wrong (docs/camera.md has the rate), so the scenes
 * are small and the seed one whose dice it reads right through Chromium's fake camera: the first
 * of the 14 of 30 seeds `npx tsx bench/tafel-camera-read.ts 30 --fours` reads exactly.
 */
export const SEED = 1;

export { text };
/** The Engel und Bengel camera steps' wait: 60 s, as they had before sharing the harness's. */
export const waitText = (page: Page, id: string, want: string, timeout = 60_000) => waitFor(page, id, want, timeout);
export const filled = (page: Page, box: string) => page.getByTestId(`box-${box}`).evaluate((e) => e.classList.contains('filled'));
const handSize = (page: Page) => page.getByTestId('hand').locator('[data-testid^="hand-"]').count();

/** Anna and Ben start a game. */
export async function start(page: Page) {
  await page.getByTestId('pick-engel-und-bengel').click();
  await page.getByTestId('player-0').fill('Anna');
  await page.getByTestId('player-1').fill('Ben');
  await page.getByTestId('start').click();
}

export async function enterRoll(page: Page, values: number[]) {
  for (const v of values) await page.getByTestId(`value-${v}`).click();
  await page.getByTestId('confirm-roll').click();
}

/**
 * Tafel 1 "Morgenrot" (r2: 4 4 for −20, r3: a star row, r5: 6 6 6 6) from above: empty, then two
 * 4s of Anna's roll on row 2; then the third 4 on r5b1, which wants a 6; then that 4 moved to
 * r3b1, held `lastSeconds`. Each change is a cut: the frames between a hand's reach and its
 * leaving are motion to the settle detector either way. The rng draws each die as it first
 * appears and the noise of every frame, so the same seed and durations give the same dice.
 */
export function annasFours(scene: (s: Scene, seconds: number, fps: number) => Frame[], lastSeconds: number): Frame[] {
  const row2 = { r2b1: 4, r2b2: 4 };
  return [...scene({}, 4, FPS), ...scene(row2, 8, FPS), ...scene({ ...row2, r5b1: 4 }, 8, FPS), ...scene({ ...row2, r3b1: 4 }, lastSeconds, FPS)];
}

/** What the screen does with those scenes once Anna has rolled 4 4 4 5 6 and the camera reads the Tafel. */
export async function playsAnnasFours(page: Page) {
  // Row 2 read from the Tafel: two placements, the black row completed: Anna pays 20 (80 − 20).
  await waitText(page, 'message', 'Kamera: gelegt 4 in Reihe 2, Kästchen 1; 4 in Reihe 2, Kästchen 2. Anna zahlt 20 für die schwarze Reihe 2: −20.');
  await expect(text(page, 'points-0')).resolves.toBe('60');
  await expect(text(page, 'camera-seen')).resolves.toContain('Reihe 2, Kästchen 1: 4 · Reihe 2, Kästchen 2: 4');
  await expect(text(page, 'to-move')).resolves.toContain('Anna ist am Zug');

  // A 4 on r5b1 (which wants a 6): refused with the box and the rule, nothing played.
  await waitText(page, 'message', 'Kamera: Reihe 5, Kästchen 1 braucht genau 6, nicht 4.');
  await expect(filled(page, 'r5b1')).resolves.toBe(false);
  await expect(handSize(page)).resolves.toBe(3);

  // The 4 moved to the star row: played; 5 and 6 are left in Anna's hand.
  await waitText(page, 'message', 'Kamera: gelegt 4 in Reihe 3, Kästchen 1.');
  await expect(text(page, 'points-0')).resolves.toBe('60');
  await expect(handSize(page)).resolves.toBe(2);
  for (const box of ['r2b1', 'r2b2', 'r3b1']) await expect(filled(page, box)).resolves.toBe(true);
}
