import { describe, expect, it, vi } from 'vitest';
import type { HuhDie } from '../../engine/himmel-und-hoelle/state.ts';
import { diceDataDir } from '../../cli/lib/yolo-set.ts';
import { duelBoard } from '../../vision/board/board.ts';
import { BoardTracker } from '../../vision/board/calibration.ts';
import { applyHomography, type Homography, type Point } from '../../vision/board/homography.ts';
import { boardCorners, judge, takeReference } from '../../vision/change/change.ts';
import { BoardWatch, calibratedView } from '../../vision/change/watch.ts';
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
    const cal = calibratedView(new BoardTracker(duelBoard()).update(before).calibration!);
    const watch = new BoardWatch();
    const readingOf = (w: ReturnType<BoardWatch['judge']>) => (w.lost ? reading() : w.reading);
    // No reference yet: the reading as it is, ghost and all.
    expect(readingOf(watch.judge(before, reading(die('a3', 5), die('c9', 2)), cal)).dice).toHaveLength(2);
    watch.passed(before, reading(die('a3', 5)), cal);
    watch.verdict(true);
    const after = shot([a3, b6]);
    // Refused (say, b6 read as a die of neither colour): the next reading is still judged against the frame with a3 alone.
    watch.passed(after, reading(die('a3', 5), die('b6', 1)), cal);
    watch.verdict(false);
    expect(values(readingOf(watch.judge(after, reading(die('b6', 1), die('c9', 2)), cal)))).toEqual(values(reading(die('a3', 5), die('b6', 1))));
    // Taken: b6 is part of the position now, and a misread of it where nothing changed keeps its value.
    watch.passed(after, reading(die('a3', 5), die('b6', 1)), cal);
    watch.verdict(true);
    expect(values(readingOf(watch.judge(shot([a3, b6]), reading(die('a3', 5), die('b6', 4)), cal)))).toEqual(values(reading(die('a3', 5), die('b6', 1))));
    // Only the die laid changed: the table may be read early; a hand-sized patch may not.
    expect(watch.quick(shot([a3, b6]))).toBe(true);
    const hand = shot([a3, b6]);
    for (let y = 300; y < 420; y++) hand.data.fill(200, (y * hand.width + 500) * 4, (y * hand.width + 700) * 4);
    expect(watch.quick(hand)).toBe(false);
  });

  describe('reading only what changed (BoardWatch.see)', () => {
    const cal = new BoardTracker(duelBoard()).update(before).calibration!;
    const view = calibratedView(cal);
    /** A reader that "sees" the dice given in frame px wherever their centre lies in the frame it is handed, and counts what it is handed. */
    const fakeReader = (dice: DieReading[]) => {
      const handed: Frame[] = [];
      const read = (f: Frame): Reading => {
        handed.push(f);
        // A cut patch does not know where it lay: find it in `after` by its first row (the fixture's noise makes rows unique).
        const at = where(f);
        const inside = dice.filter((d) => d.centre[0] >= at[0] && d.centre[1] >= at[1] && d.centre[0] < at[0] + f.width && d.centre[1] < at[1] + f.height);
        return reading(...inside.map((d) => ({ ...d, centre: [d.centre[0] - at[0], d.centre[1] - at[1]] as [number, number], box: [d.box[0] - at[0], d.box[1] - at[1], d.box[2], d.box[3]] as DieReading['box'] })));
      };
      return { read, handed };
    };
    let source: Frame = before;
    const where = (f: Frame): [number, number] => {
      if (f.width === source.width) return [0, 0];
      for (let y = 0; y + f.height <= source.height; y++) {
        for (let x = 0; x + f.width <= source.width; x++) {
          let same = true;
          for (let k = 0; k < f.width * 4 && same; k++) same = source.data[(y * source.width + x) * 4 + k] === f.data[k];
          if (same) return [x, y];
        }
      }
      throw new Error('the patch is not part of the frame');
    };
    const accepted = (ds: DieReading[], on: Frame) => {
      const w = new BoardWatch();
      w.passed(on, reading(...ds), view);
      w.verdict(true);
      return w;
    };

    it('a die laid: only a patch round it is read, a fraction of the frame; a ghost on the print elsewhere is never even looked at', async () => {
      const watch = accepted([die('a3', 5)], before);
      source = shot([a3, b6]);
      const { read, handed } = fakeReader([die('a3', 3), die('b6', 1), die('c9', 2)]);
      const seen = await watch.see(source, view, read);
      expect(seen.lost).toBeUndefined();
      if (seen.lost) return;
      expect(handed).toHaveLength(1);
      expect(seen.patches).toHaveLength(1);
      expect((handed[0].width * handed[0].height) / (source.width * source.height)).toBeLessThan(0.05);
      expect(values(seen.reading)).toEqual(values(reading(die('a3', 5), die('b6', 1))));
      // The dice come back in frame px, where they lie.
      const b = seen.reading.dice.find((d) => d.value === 1)!;
      expect(b.centre).toEqual(die('b6', 1).centre);
    });

    it('nothing changed: nothing is read and the position stays; an accepted die that could not be read is read again', async () => {
      source = shot([a3]);
      const still = fakeReader([die('a3', 3), die('c9', 2)]);
      const seen = await accepted([die('a3', 5)], before).see(source, view, still.read);
      expect(still.handed).toHaveLength(0);
      if (!seen.lost) expect(values(seen.reading)).toEqual(values(reading(die('a3', 5))));
      const again = fakeReader([die('a3', 5)]);
      const unsure = await accepted([{ ...die('a3', null), unreadable: 'unsure' }], before).see(source, view, again.read);
      expect(again.handed).toHaveLength(1);
      if (!unsure.lost) expect(values(unsure.reading)).toEqual(values(reading(die('a3', 5))));
    });

    it("the first reference from the game's position: a die seen on a field the position leaves empty is a ghost from the start and never becomes a move; a die of the position the reader misses is taken to lie there", async () => {
      const watch = new BoardWatch();
      watch.hold([{ field: 'a3', value: 5, body: 'white' }]);
      source = before;
      // The print at c9 read as a 2 from the first frame on.
      const first = fakeReader([die('a3', 5), die('c9', 2)]);
      const seen = await watch.see(source, view, first.read);
      if (seen.lost) throw new Error('lost');
      expect(seen.seeded).toEqual({ extra: 1, missing: 0, moved: 0 });
      expect(values(seen.reading)).toEqual(values(reading(die('a3', 5))));
      watch.passed(source, seen.reading, view);
      watch.verdict(true);
      // A die laid on b6: read from its patch; the ghost on c9, still reported by a whole read, stays out.
      source = shot([a3, b6]);
      const next = fakeReader([die('a3', 5), die('b6', 1), die('c9', 2)]);
      const later = await watch.see(source, view, next.read);
      if (later.lost) throw new Error('lost');
      expect(values(later.reading)).toEqual(values(reading(die('a3', 5), die('b6', 1))));
      // The reader misses the position's die at the start: it is taken to lie on its field.
      const missed = new BoardWatch();
      missed.hold([{ field: 'a3', value: 5, body: 'white' }]);
      source = before;
      const blind = await missed.see(source, view, fakeReader([]).read);
      if (blind.lost) throw new Error('lost');
      expect(blind.seeded).toEqual({ extra: 0, missing: 1, moved: 0 });
      expect(values(blind.reading)).toEqual(values(reading(die('a3', 5))));
      // The reader unsure of the position's die at the start: the position says what it shows.
      const unsure = new BoardWatch();
      unsure.hold([{ field: 'a3', value: 5, body: 'white' }]);
      const doubt = await unsure.see(source, view, fakeReader([{ ...die('a3', null), unreadable: 'unsure' }]).read);
      if (doubt.lost) throw new Error('lost');
      expect(doubt.seeded).toEqual({ extra: 0, missing: 0, moved: 0 });
      expect(values(doubt.reading)).toEqual(values(reading(die('a3', 5))));
      // A die of the position gone, one of its colour where the position has none: moved while the camera was off (a late step after a reload), left to the game.
      const late = new BoardWatch();
      late.hold([{ field: 'a3', value: 5, body: 'white' }]);
      const away = await late.see(source, view, fakeReader([die('b6', 1)]).read);
      if (away.lost) throw new Error('lost');
      expect(away.seeded).toEqual({ extra: 0, missing: 0, moved: 1 });
      expect(values(away.reading)).toEqual(values(reading(die('b6', 1))));
    });

    it('the camera moved: nothing is read, the reference is dropped; and the calibration is kept without a marker search only while nothing changed round the markers', async () => {
      const watch = accepted([die('a3', 5)], before);
      source = shot([a3, b6]);
      expect(watch.steady(source)).toBe(cal);
      const covered = shot([a3, b6]);
      const [mx, my] = cal.anchors[2].map(Math.round);
      for (let y = my - 30; y < my + 30; y++) covered.data.fill(200, (y * covered.width + mx - 30) * 4, (y * covered.width + mx + 30) * 4);
      expect(watch.steady(covered)).toBeNull();
      const shift = (px: number): Frame => {
        const out: Frame = { ...source, data: new Uint8ClampedArray(source.data.length) };
        const row = source.width * 4;
        for (let y = 0; y < source.height; y++) out.data.set(source.data.subarray(y * row, (y + 1) * row - 4 * px), y * row + 4 * px);
        return out;
      };
      // One px is enough to search the markers again (it is not enough to lose the reference: the markers then say where the board is).
      expect(watch.steady(shift(1))).toBeNull();
      const shifted = shift(6);
      const { read, handed } = fakeReader([die('a3', 5)]);
      expect(await watch.see(shifted, calibratedView(new BoardTracker(duelBoard()).update(shifted).calibration!), read)).toEqual({ lost: 'moved' });
      expect(handed).toHaveLength(0);
      expect(watch.holds).toBe(false);
    });
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
