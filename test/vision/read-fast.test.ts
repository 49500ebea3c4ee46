/**
 * The reader's shortcuts give what the plain way gives, to the bit, on real die crops: the
 * classifier in batches (through `forward`) as crop by crop through `predict`, the 0..1 input
 * tensors built from a table as tf's own int -> float -> / 255, and the faster pip counter as the
 * one it replaced. `schiri eval` figures cannot see a change in the 6th decimal that one day
 * flips a die at a threshold; these tests can.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readImage } from '../../cli/lib/image-file.ts';
import { diceDataDir, listSet } from '../../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../../cli/lib/models.ts';
import { proposeAll } from '../../vision/read.ts';
import { loadCv, type Cv } from '../../vision/detect/opencv.ts';
import { frameToRgb } from '../../vision/detect/frame.ts';
import { allTurnsOfBox, cropSquare } from '../../vision/classify/crop.ts';
import { CROP } from '../../vision/classify/nets.ts';
import { classify, classifyWithFeatures } from '../../vision/classify/classifier.ts';
import { analyseFace, PIP_CROP } from '../../vision/classify/pips.ts';
import { tf, unitTensor, type Models } from '../../vision/tf.ts';
import { analyseFaceReference } from './face-reference.ts';

const dir = diceDataDir();
const photos = dir ? listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt')).slice(0, 3) : [];
let models: Models;
let cv: Cv;
/** Classifier crops (every turn) and pip crops of the detector's proposals on three test photos. */
const crops: Uint8Array[] = [];
const pipCrops: Uint8Array[] = [];

beforeAll(async () => {
  models = await loadModelsFromDisk();
  cv = await loadCv();
  for (const item of photos) {
    const rgb = frameToRgb(cv, readImage(item.image));
    try {
      for (const p of proposeAll(cv, rgb, models.detector, 0.1)) {
        const [cx, cy, side] = [p.box[0] + p.box[2] / 2, p.box[1] + p.box[3] / 2, Math.max(p.box[2], p.box[3])];
        crops.push(...allTurnsOfBox(cv, rgb, p.box));
        pipCrops.push(cropSquare(cv, rgb, cx, cy, side, 0, PIP_CROP));
        // Off-centre and oversized boxes too: table, edges and half dice, where blobs touch the edge.
        pipCrops.push(cropSquare(cv, rgb, cx + side / 2, cy - side / 3, side * 1.7, 0, PIP_CROP));
      }
    } finally {
      rgb.delete();
    }
  }
}, 60_000);

describe('unitTensor', () => {
  it('is tf.tensor(bytes, int32).toFloat().div(255) to the bit, for every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 * 3 }, (_, i) => i % 256);
    const mine = unitTensor([bytes.subarray(0, 300), bytes.subarray(300)], [256, 1, 1, 3]);
    const theirs = tf.tidy(() => tf.tensor(bytes, [256, 1, 1, 3], 'int32').toFloat().div(255));
    expect(Array.from(mine.dataSync())).toEqual(Array.from(theirs.dataSync()));
    mine.dispose();
    theirs.dispose();
  });
});

describe.skipIf(!dir)('the reader on real crops', () => {
  it('classifies a batch of every crop and turn as it classifies each crop alone through predict', () => {
    // More than one batch of 32, so the split and join are covered.
    expect(crops.length).toBeGreaterThan(40);
    const batched = classify(models.classifier, crops);
    const alone = crops.map((c) =>
      tf.tidy(() => {
        const x = tf.tensor(c, [1, CROP, CROP, 3], 'int32').toFloat().div(255);
        return Array.from((models.classifier.predict(x) as tf.Tensor).dataSync());
      }),
    );
    expect(batched.map((p) => Array.from(p))).toEqual(alone);
    // The adapter's path (probabilities and gap features from one pass) gives the same probabilities.
    expect(classifyWithFeatures(models.classifier, crops).probs).toEqual(batched);
  });

  it('counts pips and measures colours as the pip counter it replaced', () => {
    expect(pipCrops.length).toBeGreaterThan(20);
    const pips = new Set<number>();
    for (const c of pipCrops) {
      const face = analyseFace(c);
      expect(face).toEqual(analyseFaceReference(c));
      pips.add(face.pips);
    }
    // The crops show faces of several values, not only empty table.
    expect(pips.size).toBeGreaterThanOrEqual(4);
  });
});
