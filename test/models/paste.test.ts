import { describe, expect, it } from 'vitest';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { emptyBox, pastedDie, printedSheets } from '../../models/paste.ts';
import { CROP } from '../../vision/classify/nets.ts';
import { loadCv } from '../../vision/detect/opencv.ts';

const cv = await loadCv();
const sheets = printedSheets(cv);
// The middle of every range, the first of every choice: one fixed paste to look at.
const middle = { rand: (lo: number, hi: number) => (lo + hi) / 2, pick: <T,>(xs: T[]) => xs[0] };
const px = (crop: Uint8Array, x: number, y: number) => Array.from(crop.subarray((y * CROP + x) * 3, (y * CROP + x) * 3 + 3));

describe('copy-paste crops for the classifier', () => {
  it('draws every printed sheet: each shipped Tafel and the duel board, with their boxes', () => {
    expect(sheets).toHaveLength(SHIPPED_TAFELN.length + 1);
    for (const s of sheets) expect(s.boxes.length).toBeGreaterThan(5);
    // The duel board: 30 fields and the two start areas.
    expect(sheets.at(-1)!.boxes).toHaveLength(32);
  });

  it('keeps the die and its own table in the middle and shows the printed sheet around it', () => {
    // A "photo": a red die's box on a blue table.
    const photo = new cv.Mat(200, 200, cv.CV_8UC3, new cv.Scalar(0, 0, 255));
    photo.roi(new cv.Rect(80, 80, 40, 40)).setTo(new cv.Scalar(255, 0, 0));
    const crop = pastedDie(cv, photo, [80, 80, 40, 40], sheets[0], middle);
    photo.delete();
    expect(crop).toHaveLength(CROP * CROP * 3);
    expect(px(crop, CROP / 2, CROP / 2)).toEqual([255, 0, 0]);
    // The corners are the sheet's paper and outline (lit), no longer the photo's blue table.
    for (const [x, y] of [[0, 0], [CROP - 1, 0], [0, CROP - 1], [CROP - 1, CROP - 1]]) expect(px(crop, x, y)).not.toEqual([0, 0, 255]);
  });

  it('cuts empty boxes as "not a die" crops of the sheet alone', () => {
    const crop = emptyBox(cv, sheets[0], middle);
    expect(crop).toHaveLength(CROP * CROP * 3);
    // Paper under room light: bright and nearly grey, never a die's red.
    const [r, g, b] = px(crop, CROP / 2, CROP / 2);
    expect(Math.min(r, g, b)).toBeGreaterThan(100);
  });
});
