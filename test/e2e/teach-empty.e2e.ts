/**
 * "Würfel anlernen" with a picture of the table without dice, in Chromium with its own fake
 * webcam (a test pattern, no dice): a d6 roll read empty is not an error but an offer, and taken
 * as a roll it teaches the places without a die (renderer/vision/teach.ts draftSet keeps its near
 * boxes; test/vision/teach-dialog.test.ts checks that part).
 */
import { describe, expect, it } from 'vitest';
import { start } from './eub-camera-steps.ts';
import { openPerTest, waitText } from './harness.ts';

const open = openPerTest();

describe('Würfel anlernen, the table without dice', () => {
  it('reads a picture without dice as the table shown empty, offers to take it, and takes it as a roll', async () => {
    const app = await open({ fakeCamera: true });
    const { page } = app;
    await start(page);
    await page.getByTestId('camera-start').click();
    await page.getByTestId('camera-teach').click();
    await page.getByTestId('teach-look').click();
    await waitText(page, 'teach-message', 'Schiri sieht auf dem Bild keinen Würfel. Liegen Würfel darin, jeden antippen; zeigt es den Tisch oder das Brett ohne Würfel, „Wurf übernehmen“', 60_000);
    await expect(page.getByTestId('teach-problem').count()).resolves.toBe(0);
    await expect(page.getByTestId('teach-take').isEnabled()).resolves.toBe(true);
    await page.getByTestId('teach-take').click();
    await waitText(page, 'teach-message', 'Wurf 1 übernommen: 0 Würfel gesammelt.', 10_000);
    expect(app.problems).toEqual([]);
  }, 120_000);
});
