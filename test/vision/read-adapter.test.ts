/**
 * The reader's one seam for a taught dice set (ReadOptions.adapter): it sees every crop's `gap`
 * features with the network's probabilities, and what it returns is what the reader decides on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readImage } from '../../cli/lib/image-file.ts';
import { diceDataDir, listSet } from '../../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../../cli/lib/models.ts';
import { DEFAULT_THRESHOLDS, read, TURNS } from '../../vision/read.ts';
import { BIASES, biasAdapter, nearFloor } from '../../vision/adapt/bias.ts';
import type { Models } from '../../vision/tf.ts';
import type { Frame, Reading } from '../../vision/types.ts';

const dir = diceDataDir();
const photos = dir ? listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt')) : [];
const photo = photos[0];
let models: Models;

beforeAll(async () => {
  models = await loadModelsFromDisk();
}, 30_000);

describe.skipIf(!photo)('ReadOptions.adapter', () => {
  it('gets the features of the classifier layer `gap` with the probabilities, and decides on what it returns', async () => {
    const frame = readImage(photo!.image);
    const plain = await read(frame, { models });
    const width = models.classifier.getLayer('gap').outputShape[1] as number;
    const seen: { features: number; probs: number }[] = [];
    const batches: number[] = [];
    const same = await read(frame, {
      models,
      adapter: (features, probs) => {
        expect(features.length).toBe(probs.length);
        batches.push(features.length);
        seen.push(...features.map((f, i) => ({ features: f.length, probs: probs[i].length })));
        return probs;
      },
    });
    // Every proposal's first turn (the dice among them), then the other turns of those not sure at once.
    expect(batches[0]).toBeGreaterThanOrEqual(plain.dice.length);
    expect(batches.length).toBeLessThanOrEqual(2);
    expect((batches[1] ?? 0) % (TURNS - 1)).toBe(0);
    expect(seen.every((s) => s.features === width && s.probs === 7)).toBe(true);
    expect(same.dice).toEqual(plain.dice);

    // Every crop's value made a sure 6, its die score kept: the same dice, each read 6 (in another
    // order: a first turn now sure of its 6 is not turned, so the die scores, which order the dice, move).
    const six = (p: Float32Array) => Float32Array.from([p[0], 0, 0, 0, 0, 0, 1 - p[0]]);
    const sixes = await read(frame, { models, adapter: (_f, probs) => probs.map(six) });
    const boxes = (dice: { box: number[] }[]) => dice.map((d) => d.box.join(',')).sort();
    expect(boxes(sixes.dice)).toEqual(boxes(plain.dice));
    expect(sixes.dice.map((d) => d.value)).toEqual(plain.dice.map(() => 6));
    // Every crop made "not a die": no dice.
    const none = await read(frame, { models, adapter: (_f, probs) => probs.map(() => Float32Array.from([1, 0, 0, 0, 0, 0, 0])) });
    expect(none.dice).toEqual([]);
  }, 60_000);
});

describe.skipIf(!photo)('ReadOptions.near', () => {
  it('adds the boxes below the die bar that a taught set could lift over it, and leaves the dice as they were', async () => {
    // The first test photo with such a box (the first photo, 5 boxes, with the shipped weights): a
    // test of the mechanism, so weights that leave that photo none take the next.
    let found!: { frame: Frame; withNear: Reading };
    for (const p of photos.slice(0, 10)) {
      const frame = readImage(p.image);
      found = { frame, withNear: await read(frame, { models, near: true }) };
      if (found.withNear.near!.length) break;
    }
    const { frame, withNear } = found;
    const plain = await read(frame, { models });
    expect(plain.near).toBeUndefined();
    expect(withNear.dice).toEqual(plain.dice);
    const floor = nearFloor(DEFAULT_THRESHOLDS.die);
    // Below the bar (so not reported) and above the floor, measured by the adapter seeing every box:
    // raised by the largest bias, each is a die.
    const lifted = await read(frame, { models, adapter: biasAdapter(BIASES[BIASES.length - 1]) });
    const key = (b: number[]) => b.join(',');
    expect(withNear.near!.length).toBeGreaterThan(0);
    const reported = new Set(plain.dice.map((d) => key(d.box)));
    expect(withNear.near!.every((d) => !reported.has(key(d.box)))).toBe(true);
    const liftedBoxes = new Set(lifted.dice.map((d) => key(d.box)));
    expect(withNear.near!.filter((d) => liftedBoxes.has(key(d.box))).length).toBeGreaterThanOrEqual(withNear.near!.length / 2);
    expect(floor).toBeLessThan(DEFAULT_THRESHOLDS.die);
  }, 60_000);
});
