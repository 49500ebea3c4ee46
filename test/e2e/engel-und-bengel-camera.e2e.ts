import { describe, expect, it } from 'vitest';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { diceDataDir } from '../../cli/lib/yolo-set.ts';
import { annasFours, enterRoll, filled, FPS, playsAnnasFours, SEED, start, text, waitText } from './eub-camera-steps.ts';
import { docPicture, openPerTest, webcamVideo } from './harness.ts';
import { tafelScenes } from './tafel-video.ts';

const data = diceDataDir();

/** Anna's three 4s on Tafel 1, the last scene held 24 s. */
const file = webcamVideo('eub-camera', () => (data ? annasFours(tafelScenes(SHIPPED_TAFELN[0], data, SEED), 24) : null), FPS, { videoRange: true });

const open = openPerTest();

describe('Engel und Bengel from the camera in Chromium', () => {
  it.skipIf(!data)('reads the dice on a printed Tafel: plays and scores legal placements, refuses a die that does not fit', async () => {
    const app = await open({ fakeVideo: file() });
    const { page } = app;
    await start(page);
    await enterRoll(page, [4, 4, 4, 5, 6]);
    await page.getByTestId('camera-start').click();

    await playsAnnasFours(page);
    await docPicture(page, 'engel-und-bengel-camera');

    // Every camera move went to the record: a reload resumes at the same place.
    await page.getByTestId('camera-stop').click();
    await page.reload();
    await expect(text(page, 'points-0')).resolves.toBe('60');
    await expect(filled(page, 'r3b1')).resolves.toBe(true);
    await expect(text(page, 'to-move')).resolves.toContain('Anna ist am Zug');
    expect(app.problems).toEqual([]);
  }, 240_000);

  it('without a camera says so, and tapping still works', async () => {
    const app = await open();
    const { page } = app;
    await start(page);
    await page.getByTestId('camera-start').click();
    await waitText(page, 'camera-status', 'Kamera nicht verfügbar', 20_000);
    await expect(text(page, 'camera-problem')).resolves.toMatch(/Kamera.*Züge lassen sich weiter antippen/);
    await enterRoll(page, [1, 2, 3, 4, 4]);
    await page.getByTestId('box-r1b1').click();
    await expect(filled(page, 'r1b1')).resolves.toBe(true);
  });

  it('a dice reader that cannot load says so in the language of the app, its technical reason under "Einzelheiten"', async () => {
    const app = await open({ fakeCamera: true });
    const { page, context } = app;
    // The worker's fetch of the classifier's weights fails, as a damaged install would.
    await context.route('**/classifier*.bin', (r) => r.abort());
    await start(page);
    await page.getByTestId('camera-start').click();
    await waitText(page, 'camera-status', 'Kamera nicht verfügbar', 30_000);
    await expect(text(page, 'camera-problem')).resolves.toBe('Der Würfelleser ließ sich nicht laden; die Kamera bleibt aus. Züge lassen sich weiter antippen.');
    await expect(page.getByTestId('camera-problem-detail').locator('summary').textContent()).resolves.toBe('Einzelheiten');
    await expect(page.getByTestId('camera-problem-detail').locator('code').textContent()).resolves.not.toBe('');
    await enterRoll(page, [1, 2, 3, 4, 4]);
    await page.getByTestId('box-r1b1').click();
    await expect(filled(page, 'r1b1')).resolves.toBe(true);
  });
});
