import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { diceDataDir } from '../../cli/lib/yolo-set.ts';
import type { Point } from '../../vision/board/homography.ts';
import { annasFours, enterRoll, filled, FPS, playsAnnasFours, SEED, start, text, waitText } from './eub-camera-steps.ts';
import { docPicture, openPerTest, webcamVideo } from './harness.ts';
import { HEIGHT, paperCorners, tafelScenes, WIDTH } from './tafel-video.ts';

const data = diceDataDir();
const tafel = SHIPPED_TAFELN[0];
/**
 * The camera nudged on its stand at the end. Which nudge matters for the reader, not for the
 * corners: the reader loses the r2b2 die at some offsets (8, 5 for one), not at this one; see
 * docs/camera.md.
 */
const NUDGE: [number, number] = [-10, 4];

/**
 * Tafel 1 printed without corner markers: Anna's three 4s (the same dice as the marker test:
 * same seed, same scenes), then the camera nudged by NUDGE, then a 6 on r5b1 in the nudged view.
 */
function video(data: string) {
  const scene = tafelScenes(tafel, data, SEED, { markers: false });
  const placed = { r2b1: 4, r2b2: 4, r3b1: 4 };
  return [...annasFours(scene, 10), ...scene(placed, 10, FPS, NUDGE), ...scene({ ...placed, r5b1: 6 }, 12, FPS, NUDGE)];
}

const file = webcamVideo('eub-corners', () => (data ? video(data) : null), FPS, { videoRange: true });
const open = openPerTest();

/**
 * Clicks video pixels on the overlay as a user does, at page coordinates worked out from the
 * element's box; the panel shows the whole 640 x 480 video without bars (checked here).
 */
async function clickVideo(page: Page, points: Point[]) {
  const box = (await page.getByTestId('camera-overlay').boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(WIDTH / HEIGHT, 2);
  for (const [x, y] of points) await page.mouse.click(box.x + (x * box.width) / WIDTH, box.y + (y * box.height) / HEIGHT);
}

const prompt = (page: Page) => text(page, 'corners-prompt');
/** The overlay's colour at a video pixel (the overlay draws in video pixels). */
type Canvas2d = { getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } };
const overlayAt = (page: Page, [x, y]: Point) =>
  page.getByTestId('camera-overlay').evaluate((c, [px, py]) => Array.from((c as unknown as Canvas2d).getContext('2d').getImageData(px, py, 1, 1).data), [x, y]);

describe('Engel und Bengel from the camera with clicked corners', () => {
  it.skipIf(!data)('a Tafel without markers: clicked corners read it, a nudged camera asks for new clicks, and they read it again', async () => {
    const app = await open({ fakeVideo: file() });
    const { page } = app;
    await start(page);
    await enterRoll(page, [4, 4, 4, 5, 6]);
    await page.getByTestId('camera-start').click();

    // No markers on this Tafel: the worker says so and points to clicking.
    await waitText(page, 'camera-problem', 'Tafel nicht gefunden: alle vier Eckmarken müssen im Bild sein, oder die Ecken anklicken.');
    const [tl, tr, br, bl] = paperCorners(tafel);

    // Anticlockwise (bottom left second): refused on the spot, with the order to click in.
    await page.getByTestId('camera-corners').click();
    await expect(prompt(page)).resolves.toContain('Ecke 1 von 4: oben links anklicken.');
    await clickVideo(page, [tl, bl, br, tr]);
    await waitText(page, 'corners-problem', 'Die Ecken wurden gegen den Uhrzeigersinn angeklickt. Reihenfolge: oben links, oben rechts, unten rechts, unten links');
    await page.getByTestId('corners-restart').click();

    // A stray click in the middle taken back, then the four paper corners in order.
    await clickVideo(page, [tl, tr]);
    await expect(prompt(page)).resolves.toContain('Ecke 3 von 4: unten rechts anklicken.');
    await docPicture(page, 'engel-und-bengel-corners-clicking');
    await clickVideo(page, [[320, 240]]);
    await page.getByTestId('corners-undo').click();
    await expect(prompt(page)).resolves.toContain('Ecke 3 von 4: unten rechts anklicken.');
    await clickVideo(page, [br, bl]);
    await expect(page.getByTestId('corners-picking').count()).resolves.toBe(0);
    await waitText(page, 'camera-note', 'Nach den angeklickten Ecken gelesen');
    // The Tafel's outline is drawn over the video, on the paper's top edge (light blue: clicked).
    // A click lands on a whole CSS pixel (4/3 video px here), so the line is looked for within
    // 3 px of the true edge; canvas keeps colours premultiplied by alpha, so a level may round.
    const column = await Promise.all([-3, -2, -1, 0, 1, 2, 3].map((dy) => overlayAt(page, [(tl[0] + tr[0]) / 2, tl[1] + dy])));
    const drawn = column.reduce((a, b) => (b[3] > a[3] ? b : a));
    [0x4f, 0xc3, 0xf7, 0xff].forEach((level, i) => expect(Math.abs(drawn[i] - level), `channel ${i}`).toBeLessThanOrEqual(2));
    await docPicture(page, 'engel-und-bengel-corners');

    // From here the clicked Tafel plays exactly as the printed markers do.
    await playsAnnasFours(page);

    // The camera nudged: its corners turn up 11 px off, so the clicks no longer hold.
    await waitText(page, 'camera-problem', 'Die Tafel oder die Kamera hat sich bewegt: bitte die Ecken neu anklicken.');
    await expect(text(page, 'camera-corners')).resolves.toMatch(/^\s*Ecken anklicken\s*$/);

    // Clicked again where the corners are now. The table has been still since the nudge, so the
    // worker reads the view at once rather than at the next movement: the three 4s, not yet the 6.
    await page.getByTestId('camera-corners').click();
    await clickVideo(page, [tl, tr, br, bl].map(([x, y]) => [x + NUDGE[0], y + NUDGE[1]]));
    await waitText(page, 'camera-note', 'Nach den angeklickten Ecken gelesen');
    await expect(text(page, 'camera-seen')).resolves.toBe('Gesehen: Reihe 2, Kästchen 1: 4 · Reihe 2, Kästchen 2: 4 · Reihe 3, Kästchen 1: 4');
    await expect(filled(page, 'r5b1')).resolves.toBe(false);

    // Then the 6 laid on r5b1 is read and played.
    await waitText(page, 'message', 'Kamera: gelegt 6 in Reihe 5, Kästchen 1.');
    await expect(filled(page, 'r5b1')).resolves.toBe(true);
    await expect(text(page, 'camera-seen')).resolves.toBe('Gesehen: Reihe 2, Kästchen 1: 4 · Reihe 2, Kästchen 2: 4 · Reihe 3, Kästchen 1: 4 · Reihe 5, Kästchen 1: 6');
    expect(app.problems).toEqual([]);
  }, 240_000);
});
