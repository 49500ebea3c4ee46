import { describe, expect, it } from 'vitest';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { diceDataDir } from '../../cli/lib/yolo-set.ts';
import { filled, FPS, start, text, waitText } from './eub-camera-steps.ts';
import { FOURS_PLACED, ROLL_SEED, ROLLED } from './eub-roll-scenes.ts';
import { docPicture, openPerTest, webcamVideo, type App } from './harness.ts';
import { tafelScenes } from './tafel-video.ts';

const data = diceDataDir();

/** The empty Tafel, Anna's five dice rolled onto the sheet, then her two 4s moved onto row 2. */
function video(data: string) {
  const scene = tafelScenes(SHIPPED_TAFELN[0], data, ROLL_SEED);
  return [...scene({}, 4, FPS), ...scene(ROLLED, 8, FPS), ...scene(FOURS_PLACED, 24, FPS)];
}

const file = webcamVideo('eub-roll', () => (data ? video(data) : null), FPS, { videoRange: true });
const open = openPerTest();

const hand = (page: App['page']) => page.getByTestId('hand').locator('svg.die').evaluateAll((dice) => dice.map((d) => d.getAttribute('aria-label')).join(' '));
const targets = (page: App['page']) => page.getByTestId('tafel').locator('.target').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('data-testid')).sort());
/** The boxes the LED board lights as legal, as the virtual board beside the Tafel shows them. */
const lit = (page: App['page']) => page.getByTestId('virtual-board').locator('[data-meaning="legal"]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-field')).sort());

describe('Engel und Bengel reads the roll from the camera in Chromium', () => {
  it.skipIf(!data)('takes five dice rolled onto the sheet as the roll, then plays and scores two of them moved into boxes', async () => {
    const app = await open({ fakeVideo: file() });
    const { page } = app;
    await start(page);
    await page.getByTestId('camera-start').click();

    // Nothing tapped: the roll comes from the sheet, the hand and its boxes show.
    await waitText(page, 'message', 'Kamera: gewürfelt 3 4 4 5 6.');
    await expect(hand(page)).resolves.toBe('3 4 4 5 6');
    await expect(text(page, 'camera-seen')).resolves.toContain('Blatt: 3 4 4 5 6');
    // Tafel 1 takes a 4 on r2b1, anything on the star row r3b1, a 6 on r4b1 and r5b1; r1b1 wants a 1, r6b1 a 2.
    await expect(targets(page)).resolves.toEqual(['box-r2b1', 'box-r3b1', 'box-r4b1', 'box-r5b1']);
    await expect(lit(page)).resolves.toEqual(['r2b1', 'r3b1', 'r4b1', 'r5b1']);
    await docPicture(page, 'engel-und-bengel-roll');

    // The two 4s moved onto row 2: both placed, the black row scored, 3 5 6 left in hand.
    await waitText(page, 'message', 'Kamera: gelegt 4 in Reihe 2, Kästchen 1; 4 in Reihe 2, Kästchen 2. Anna zahlt 20 für die schwarze Reihe 2: −20.');
    await expect(text(page, 'points-0')).resolves.toBe('60');
    await expect(hand(page)).resolves.toBe('3 5 6');
    for (const box of ['r2b1', 'r2b2']) await expect(filled(page, box)).resolves.toBe(true);
    await expect(text(page, 'to-move')).resolves.toContain('Anna ist am Zug');

    // The roll went to the record like the placements: a reload resumes with the same hand.
    await page.getByTestId('camera-stop').click();
    await page.reload();
    await expect(hand(page)).resolves.toBe('3 5 6');
    expect(app.problems).toEqual([]);
  }, 240_000);
});
