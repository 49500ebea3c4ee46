/**
 * `schiri eval --adapt N`: the first N labelled dice of a set are taught as the players would
 * teach them, and only the photos after the last one taught from are scored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readImage } from '../../cli/lib/image-file.ts';
import { diceDataDir, listSet, readLabels } from '../../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../../cli/lib/models.ts';
import { adaptRun, teachFirst, type LabelledFrame } from '../../cli/lib/adapt-eval.ts';
import { loadCv, type Cv } from '../../vision/detect/opencv.ts';
import type { Models } from '../../vision/tf.ts';

const dir = diceDataDir();
const items = dir ? listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt')).slice(0, 3) : [];
let models: Models;
let cv: Cv;

function* photos(from: number): Generator<LabelledFrame> {
  for (let index = from; index < items.length; index++) {
    const frame = readImage(items[index].image);
    yield { index, frame, labels: readLabels(items[index].label, frame.width, frame.height) };
  }
}

beforeAll(async () => {
  [models, cv] = await Promise.all([loadModelsFromDisk(), loadCv()]);
}, 30_000);

describe.skipIf(items.length < 3)('schiri eval --adapt', () => {
  it('teaches the first N labelled dice, in list order, and the boxes the reader saw beside them as none', async () => {
    const first = [...photos(0)][0];
    const n = first.labels.length + 1;
    const taught = await teachFirst(cv, models, photos(0), n, {});
    expect(taught.labelled).toBe(n);
    expect(taught.photos).toBe(2);
    expect(taught.last).toBe(1);
    expect(taught.dice.filter((d) => d.value > 0).map((d) => d.value)).toEqual([...first.labels.map((l) => l.value), [...photos(1)][0].labels[0].value]);
    expect(taught.dice.filter((d) => d.value === 0).length).toBe(taught.notDice);
    expect(taught.dice.slice(0, first.labels.length).every((d) => d.roll === 0)).toBe(true);
  }, 60_000);

  it('scores only the photos after the taught ones, with and without the set', async () => {
    const run = await adaptRun(cv, models, 'nell-byler:test', photos, 1, {});
    expect(run.taught.photos).toBe(1);
    const rest = [...photos(1)].reduce((a, p) => a + p.labels.length, 0);
    expect(run.without.labelled).toBe(rest);
    expect(run.with.labelled).toBe(rest);
    expect(run.adaptMs).toBeGreaterThan(0);
  }, 120_000);
});
