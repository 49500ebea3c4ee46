/**
 * `schiri eval --adapt N`: the first N labelled dice of a set are taught as the players would
 * teach them, and only the photos after the last one taught from are scored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readImage } from '../../cli/lib/image-file.ts';
import { diceDataDir, listSet, readLabels } from '../../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../../cli/lib/models.ts';
import { adapt, adaptRuns, teachFirst, type LabelledFrame } from '../../cli/lib/adapt-eval.ts';
import { wantsMorePlaces } from '../../vision/adapt/bias.ts';
import { loadCv, type Cv } from '../../vision/detect/opencv.ts';
import type { Models } from '../../vision/tf.ts';

const dir = diceDataDir();
const items = dir ? listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt')).slice(0, 3) : [];
let models: Models;
let cv: Cv;

const photosOf = (list: typeof items) =>
  function* (from: number): Generator<LabelledFrame> {
    for (let index = from; index < list.length; index++) {
      const frame = readImage(list[index].image);
      yield { index, frame, labels: readLabels(list[index].label, frame.width, frame.height) };
    }
  };
const photos = photosOf(items);
const dice3Dir = dir && join(dir, '../dice-3');
const dice3 = dice3Dir && existsSync(join(dice3Dir, 'test.txt')) ? listSet(join(dice3Dir, 'images'), join(dice3Dir, 'labels'), join(dice3Dir, 'test.txt')).slice(0, 3) : [];

beforeAll(async () => {
  [models, cv] = await Promise.all([loadModelsFromDisk(), loadCv()]);
}, 30_000);

describe.skipIf(items.length < 3)('schiri eval --adapt', () => {
  it('teaches the first N labelled dice, in list order, and the boxes the reader saw beside them (reported or just under its bar) as none', async () => {
    const first = [...photos(0)][0];
    const n = first.labels.length + 1;
    const taught = await teachFirst(cv, models, photos(0), n, {});
    expect(taught.labelled).toBe(n);
    expect(taught.photos).toBe(2);
    expect(taught.last).toBe(1);
    expect(taught.dice.filter((d) => d.value > 0).map((d) => d.value)).toEqual([...first.labels.map((l) => l.value), [...photos(1)][0].labels[0].value]);
    expect(taught.dice.filter((d) => d.value === 0).length).toBe(taught.notDice + taught.nearNotDice);
    // A die neither reported nor looked at just under the bar is marked missed (no die bar finds it).
    expect(taught.dice.filter((d) => d.missed).length).toBe(taught.labelled - taught.atReaderBox - taught.underBar);
    expect(taught.dice.slice(0, first.labels.length).every((d) => d.roll === 0)).toBe(true);
  }, 60_000);

  it('scores each N only on the photos after its own taught ones, with and without the set, and reads the check sets with it', async () => {
    const firstDice = [...photos(0)][0].labels.length;
    const check = { name: 'check', photos: () => photos(2) };
    const [one, more] = await adaptRuns(cv, models, 'nell-byler:test', photos, [1, firstDice + 1], {}, [check]);
    expect([one.taught.photos, more.taught.photos]).toEqual([1, 2]);
    const diceFrom = (i: number) => [...photos(i)].reduce((a, p) => a + p.labels.length, 0);
    expect([one.without.labelled, one.with.labelled]).toEqual([diceFrom(1), diceFrom(1)]);
    expect([more.without.labelled, more.with.labelled]).toEqual([diceFrom(2), diceFrom(2)]);
    // The reading without a set is the same reading whichever N it is scored for.
    expect(more.without.right).toBeLessThanOrEqual(one.without.right);
    expect(one.checks.map((c) => [c.set, c.without.labelled, c.with.labelled])).toEqual([['check', diceFrom(2), diceFrom(2)]]);
    expect(one.checks[0].without).toEqual(more.checks[0].without);
    expect(one.adaptMs).toBeGreaterThan(0);
  }, 180_000);

  it.skipIf(dice3.length < 3)('teaches the next photo whole where the dialog would ask for one more roll, and scores after it', async () => {
    // dice-3 test's first photo: 17 dice, of which the shipped reader reads 9 right, and two places
    // without a die: the dialog asks for one more roll (vision/adapt/bias.ts wantsMorePlaces).
    const photos3 = photosOf(dice3);
    const first = [...photos3(0)][0].labels.length;
    const once = await teachFirst(cv, models, photos3(0), first, {});
    expect(wantsMorePlaces(once.dice, adapt(cv, models, once.dice).sure)).toBe(true);
    const [asked, not] = await Promise.all([1, 0].map(async (k) => (await adaptRuns(cv, models, 'dice-3:test', photos3, [first], {}, [], undefined, k))[0]));
    const second = [...photos3(1)][0].labels.length;
    expect([asked.asked, asked.taught.photos, asked.taught.labelled]).toEqual([1, 2, first + second]);
    expect([not.asked, not.taught.photos, not.taught.labelled]).toEqual([0, 1, first]);
    expect([asked.with.images, not.with.images]).toEqual([dice3.length - 2, dice3.length - 1]);
    // N ending inside the first photo: the roll asked for completes it as well (a roll is taught whole).
    const [part] = await adaptRuns(cv, models, 'dice-3:test', photos3, [first - 5], {}, [], undefined, 1);
    expect([part.asked, part.taught.photos, part.taught.labelled]).toEqual([1, 2, first + second]);
    expect(part.taught.dice).toBe(asked.taught.dice);
  }, 180_000);
});
