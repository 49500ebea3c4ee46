/**
 * The reader's one seam for a taught dice set (ReadOptions.adapter): it sees every crop's `gap`
 * features with the network's probabilities, and what it returns is what the reader decides on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readImage } from '../../cli/lib/image-file.ts';
import { diceDataDir, listSet } from '../../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../../cli/lib/models.ts';
import { read } from '../../vision/read.ts';
import type { Models } from '../../vision/tf.ts';

const dir = diceDataDir();
const photo = dir ? listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt'))[0] : undefined;
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
    const same = await read(frame, {
      models,
      adapter: (features, probs) => {
        expect(features.length).toBe(probs.length);
        seen.push(...features.map((f, i) => ({ features: f.length, probs: probs[i].length })));
        return probs;
      },
    });
    expect(seen.length).toBeGreaterThanOrEqual(plain.dice.length * 4);
    expect(seen.every((s) => s.features === width && s.probs === 7)).toBe(true);
    expect(same.dice).toEqual(plain.dice);

    // Every crop's value made a sure 6, its die score kept: the same dice, each read 6.
    const six = (p: Float32Array) => Float32Array.from([p[0], 0, 0, 0, 0, 0, 1 - p[0]]);
    const sixes = await read(frame, { models, adapter: (_f, probs) => probs.map(six) });
    expect(sixes.dice.map((d) => d.box)).toEqual(plain.dice.map((d) => d.box));
    expect(sixes.dice.map((d) => d.value)).toEqual(plain.dice.map(() => 6));
    // Every crop made "not a die": no dice.
    const none = await read(frame, { models, adapter: (_f, probs) => probs.map(() => Float32Array.from([1, 0, 0, 0, 0, 0, 0])) });
    expect(none.dice).toEqual([]);
  }, 60_000);
});
