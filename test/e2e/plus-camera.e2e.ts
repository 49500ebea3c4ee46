import { describe, expect, it } from 'vitest';
import { docPicture, openPerTest, webcamVideo, type App } from './harness.ts';
import { miwinTable, type MiwinDieSpec } from '../../vision/synth/miwin.ts';
import { withNoise } from '../../vision/synth/scene.ts';
import { createRng } from '../../engine/core/rng.ts';
import type { Frame } from '../../vision/types.ts';

const FPS = 5;
const rng = createRng(11);
type Values = { III: number; IV: number; V: number };

/** The three dice where they lie on the table (mm), each turned a little. */
const table = (v: Values): MiwinDieSpec[] => [
  { die: 'III', value: v.III, centre: [120, 150], angle: 0.3 },
  { die: 'IV', value: v.IV, centre: [200, 120], angle: -0.2 },
  { die: 'V', value: v.V, centre: [280, 165], angle: 0.9 },
];

/**
 * The video: the start position, then three times a hand reaches over one die, turns it and
 * leaves, and the table rests. Still scenes are rendered once and repeated with fresh noise.
 */
function video(): Frame[] {
  const frames: Frame[] = [];
  const still = (v: Values, seconds: number) => {
    const base = miwinTable({ dice: table(v) }, rng, createRng);
    for (let i = 0; i < seconds * FPS; i++) frames.push(withNoise(base, 3, rng));
  };
  const hand = (from: Values, to: Values, at: [number, number]) => {
    for (let i = 0; i < 8; i++) {
      const reach = i < 4 ? i / 3 : (7 - i) / 3;
      const v = i < 4 ? from : to;
      frames.push(miwinTable({ dice: table(v), hand: { at: [at[0] - 160 + 150 * reach, at[1] + 40], angle: -0.2 } }, rng, createRng));
    }
  };
  still({ III: 1, IV: 1, V: 2 }, 3);
  // IV 1 -> 3: (1,3,2), a legal move.
  hand({ III: 1, IV: 1, V: 2 }, { III: 1, IV: 3, V: 2 }, [200, 120]);
  still({ III: 1, IV: 3, V: 2 }, 4);
  // III 1 -> 2: (2,3,2) is no Plus: refused.
  hand({ III: 1, IV: 3, V: 2 }, { III: 2, IV: 3, V: 2 }, [120, 150]);
  still({ III: 2, IV: 3, V: 2 }, 4);
  // III back to 1 and V 2 -> 4: (1,3,4), one die turned from the game's position: legal.
  hand({ III: 2, IV: 3, V: 2 }, { III: 1, IV: 3, V: 4 }, [200, 160]);
  still({ III: 1, IV: 3, V: 4 }, 12);
  return frames;
}

const file = webcamVideo('plus-camera', video, FPS);
const open = openPerTest();

const text = (a: App, id: string) => a.page.getByTestId(id).textContent();
const waitText = (a: App, id: string, want: string, timeout = 40_000) => a.page.getByTestId(id).filter({ hasText: want }).waitFor({ timeout });

describe('Plus from the camera in Chromium', () => {
  it('takes the settled dice from a webcam video: accepts a legal change, refuses an illegal one with the reason, survives the camera unplugged', async () => {
    const app = await open({ fakeVideo: file() });
    const { page } = app;
    await page.getByTestId('pick-plus').click();
    await page.getByTestId('player-0').fill('Anna');
    await page.getByTestId('player-1').fill('Ben');
    await page.getByTestId('start').click();
    await page.getByTestId('camera-start').click();

    // IV 1 -> 3 seen and accepted: Ben to move.
    await waitText(app, 'die-IV', '3');
    await waitText(app, 'to-move', 'Ben ist am Zug');
    await expect(text(app, 'message')).resolves.toContain('Kamera: Zug übernommen');
    await docPicture(page, 'plus-camera');

    // III 1 -> 2 seen and refused with the reason; the game stays at (1,3,2).
    await waitText(app, 'message', 'kein Plus');
    await expect(text(app, 'camera-seen')).resolves.toContain('III 2 · IV 3 · V 2');
    await expect(text(app, 'die-III')).resolves.toBe('1');
    await expect(text(app, 'to-move')).resolves.toContain('Ben ist am Zug');

    // Back to III 1 and V 2 -> 4: accepted, Anna to move.
    await waitText(app, 'die-V', '4');
    await waitText(app, 'to-move', 'Anna ist am Zug');
    await expect(text(app, 'history')).resolves.toContain('V 2→4');

    // The camera unplugged: its track ends. The panel stops and says so; the game is untouched,
    // and the camera starts again once it is back (the fake one never left).
    await page.evaluate(`document.querySelector('video').srcObject.getVideoTracks()[0].dispatchEvent(new Event('ended'))`);
    await waitText(app, 'camera-status', 'Kamera nicht verfügbar', 5_000);
    await expect(text(app, 'camera-problem')).resolves.toContain('Die Kamera ist weg');
    await expect(text(app, 'to-move')).resolves.toContain('Anna ist am Zug');
    await page.getByTestId('camera-start').click();
    await waitText(app, 'camera-status', 'Tisch ruhig');
    expect(app.problems).toEqual([]);
  }, 180_000);
});
