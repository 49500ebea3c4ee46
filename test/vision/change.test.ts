import { describe, expect, it, vi } from 'vitest';
import type { HuhDie } from '../../engine/himmel-und-hoelle/state.ts';
import { diceDataDir } from '../../cli/lib/yolo-set.ts';
import { duelBoard } from '../../vision/board/board.ts';
import { BoardTracker } from '../../vision/board/calibration.ts';
import { applyHomography, type Homography, type Point } from '../../vision/board/homography.ts';
import { boardCorners, judge, takeReference } from '../../vision/change/change.ts';
import { BoardWatch } from '../../vision/change/watch.ts';
import type { DieReading, Frame, Reading } from '../../vision/types.ts';
import { duelScenes, HD } from '../e2e/duel-video.ts';
import { throughFakeCamera } from '../e2e/y4m.ts';

// Frames of the duel camera test's fixture: the printed board rasterised, real photographed dice
// pasted on it, the fake camera's YUV round trip. The readings are written by hand where the
// dice lie (and where a reader misreads), so each rule of the judgement is tested on its own.
vi.setConfig({ testTimeout: 120_000 });
const data = diceDataDir();

/** Where a field's centre lands in the picture, by the board's markers in `frame`. */
function fieldCentre(toImage: Homography, at: string): Point {
  const f = duelBoard().fields.find((x) => x.id === at)!;
  const xs = f.polygon.map((p) => p[0]);
  const ys = f.polygon.map((p) => p[1]);
  return applyHomography(toImage, [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]);
}

describe.skipIf(!data)('judging a reading against the board reference, on frames of the duel board', () => {
  // A skipped suite's body still runs to collect its tests; the frames need the photos.
  if (!data) {
    it('needs the dice photos beside the project (../shared/data/dice)', () => {});
    return;
  }
  const scenes = duelScenes(data, 1, HD);
  const shot = (dice: HuhDie[]) => throughFakeCamera(scenes(dice, 0.2, 5)[0]);
  const a3: HuhDie = { side: 0, at: 'a3', pips: 5 };
  const b6: HuhDie = { side: 1, at: 'b6', pips: 1 };
  const before = shot([a3]);
  const toImage = new BoardTracker(duelBoard()).update(before).calibration!.boardToImage;
  const die = (at: string, value: number | null): DieReading => {
    const centre = fieldCentre(toImage, at);
    return { value, confidence: 0.9, box: [centre[0] - 16, centre[1] - 16, 32, 32], centre, body: { name: 'white', rgb: [230, 230, 230] }, pips: { name: 'black', rgb: [20, 20, 20] } };
  };
  const reading = (...dice: DieReading[]): Reading => ({ dice, obstructed: false, elapsedMs: 0, time: 0 });
  const cornersIn = (f: Frame) => boardCorners(duelBoard(), new BoardTracker(duelBoard()).update(f).calibration!.boardToImage);
  const ref = takeReference(before, [die('a3', 5)], cornersIn(before));
  const values = (r: Reading) => r.dice.map((d) => `${Math.round(d.centre[0])},${d.value}`).sort();

  it('the same board with fresh sensor noise changes nothing: a wavering misread of a still die keeps its accepted value', () => {
    const j = judge(ref, shot([a3]), reading(die('a3', 3)));
    expect(j.status).toBe('judged');
    if (j.status !== 'judged') return;
    expect(j.regions).toEqual([]);
    expect(values(j.reading)).toEqual(values(reading(die('a3', 5))));
  });

  it('a die laid where the picture changed is new; a die reported on the print where nothing changed is a ghost; an accepted die the reader missed stays', () => {
    const after = shot([a3, b6]);
    const j = judge(ref, after, reading(die('b6', 1), die('c9', 2)));
    expect(j.status).toBe('judged');
    if (j.status !== 'judged') return;
    expect(j.ghosts.map((d) => d.value)).toEqual([2]);
    expect(j.kept.map((d) => d.value)).toEqual([5]);
    expect(values(j.reading)).toEqual(values(reading(die('a3', 5), die('b6', 1))));
    // One patch of change, round the new die.
    expect(j.regions).toHaveLength(1);
    const [x, y, w, h] = j.regions[0].box;
    const [cx, cy] = fieldCentre(toImage, 'b6');
    expect(cx).toBeGreaterThan(x);
    expect(cx).toBeLessThan(x + w);
    expect(cy).toBeGreaterThan(y);
    expect(cy).toBeLessThan(y + h);
    expect(w).toBeLessThan(60);
  });

  it('a die turned in place changes its region: its new value is read; a die taken away is gone', () => {
    const two = takeReference(shot([a3, b6]), [die('a3', 5), die('b6', 1)]);
    const j = judge(two, shot([{ ...a3, pips: 2 }]), reading(die('a3', 2)));
    expect(j.status).toBe('judged');
    if (j.status !== 'judged') return;
    expect(values(j.reading)).toEqual(values(reading(die('a3', 2))));
    expect(j.kept).toEqual([]);
  });

  it('a moved camera or a changed light loses the reference; a uniform change of exposure does not', () => {
    const after = shot([a3]);
    const shifted: Frame = { ...after, data: new Uint8ClampedArray(after.data.length) };
    const row = after.width * 4;
    for (let y = 0; y < after.height; y++) shifted.data.set(after.data.subarray(y * row, (y + 1) * row - 24), y * row + 24);
    expect(judge(ref, shifted, reading(), cornersIn(shifted))).toMatchObject({ status: 'lost', why: 'moved' });
    const lamp = scaled(after, (x) => 0.6 + (0.6 * x) / after.width);
    expect(judge(ref, lamp, reading(), cornersIn(lamp))).toMatchObject({ status: 'lost', why: 'light' });
    const exposure = judge(ref, scaled(after, () => 0.93), reading(die('a3', 5)), cornersIn(after));
    expect(exposure.status).toBe('judged');
    if (exposure.status === 'judged') expect(exposure.regions).toEqual([]);
  });

  it("the worker's watch: a reading the game refuses leaves the reference as it was; one it takes is the new reference", () => {
    const cal = new BoardTracker(duelBoard()).update(before).calibration!;
    const watch = new BoardWatch();
    // No reference yet: the reading as it is, ghost and all.
    expect(watch.judge(before, reading(die('a3', 5), die('c9', 2)), cal).reading.dice).toHaveLength(2);
    watch.passed(before, reading(die('a3', 5)), cal);
    watch.verdict(true);
    const after = shot([a3, b6]);
    // Refused (say, b6 read as a die of neither colour): the next reading is still judged against the frame with a3 alone.
    watch.passed(after, reading(die('a3', 5), die('b6', 1)), cal);
    watch.verdict(false);
    expect(values(watch.judge(after, reading(die('b6', 1), die('c9', 2)), cal).reading)).toEqual(values(reading(die('a3', 5), die('b6', 1))));
    // Taken: b6 is part of the position now, and a misread of it where nothing changed keeps its value.
    watch.passed(after, reading(die('a3', 5), die('b6', 1)), cal);
    watch.verdict(true);
    expect(values(watch.judge(shot([a3, b6]), reading(die('a3', 5), die('b6', 4)), cal).reading)).toEqual(values(reading(die('a3', 5), die('b6', 1))));
    // Only the die laid changed: the table may be read early; a hand-sized patch may not.
    expect(watch.quick(shot([a3, b6]))).toBe(true);
    const hand = shot([a3, b6]);
    for (let y = 300; y < 420; y++) hand.data.fill(200, (y * hand.width + 500) * 4, (y * hand.width + 700) * 4);
    expect(watch.quick(hand)).toBe(false);
  });
});

/** The frame with each pixel's brightness times `gain(x)`. */
function scaled(f: Frame, gain: (x: number) => number): Frame {
  const out: Frame = { ...f, data: new Uint8ClampedArray(f.data) };
  for (let i = 0; i < f.data.length; i += 4) {
    const g = gain((i / 4) % f.width);
    for (let c = 0; c < 3; c++) out.data[i + c] = f.data[i + c] * g;
  }
  return out;
}
