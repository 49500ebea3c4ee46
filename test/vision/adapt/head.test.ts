/**
 * The classifier's last layer as plain numbers (vision/adapt/head.ts) and tuned on taught dice
 * (vision/adapt/tune.ts): the copy gives the network's own answers, the fit follows what it is
 * taught and stays near the shipped layer, the guard keeps the shipped answers where the tuned
 * ones read the taught boxes worse, and a tuned layer survives a dice set file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModelsFromDisk } from '../../../cli/lib/models.ts';
import { loadCv, type Cv } from '../../../vision/detect/opencv.ts';
import { classifyWithFeatures } from '../../../vision/classify/classifier.ts';
import { headFromWeights, headOf, headProbs, headWeights, tuneHead, type Head } from '../../../vision/adapt/head.ts';
import { GUARD_P, samplesOf, signP, tunedAdapter, tuneOn, USES } from '../../../vision/adapt/tune.ts';
import { cropsOfPatch, PATCH, trainingVariants } from '../../../vision/adapt/patch.ts';
import type { Looked } from '../../../vision/adapt/looked.ts';
import { parseDiceSet, serialiseDiceSet, type DiceSet } from '../../../vision/adapt/dice-set.ts';
import type { Models } from '../../../vision/tf.ts';

let models: Models;
let cv: Cv;
beforeAll(async () => {
  [models, cv] = await Promise.all([loadModelsFromDisk(), loadCv()]);
}, 30_000);

/** A toy layer: 2 features, 3 classes; class c likes feature c (class 2 neither). */
const toy: Head = { inputs: 2, classes: 3, kernel: Float32Array.from([1, 0, 0, 0, 1, 0]), bias: Float32Array.from([0, 0, 0]) };
const f = (a: number, b: number) => Float32Array.from([a, b]);

describe('the last layer as numbers', () => {
  it('gives the network’s own probabilities from its features', () => {
    const crops = Array.from({ length: 6 }, (_, k) => Uint8Array.from({ length: 48 * 48 * 3 }, (_, i) => (i * (k + 3) + k * 41) % 256));
    const { probs, features } = classifyWithFeatures(models.classifier, crops);
    const head = headOf(models.classifier);
    expect(head.classes).toBe(7);
    expect(features[0].length).toBe(head.inputs);
    features.forEach((x, i) => headProbs(head, x).forEach((p, c) => expect(p).toBeCloseTo(probs[i][c], 5)));
  });

  it('follows what it is taught, held near the shipped layer', () => {
    // Taught: a crop like class 0 is class 2.
    const samples = [{ features: f(2, 0), label: 2, weight: 1 }];
    const free = tuneHead(toy, samples, { steps: 200, rate: 0.05, anchor: 0 });
    const held = tuneHead(toy, samples, { steps: 200, rate: 0.05, anchor: 5 });
    const before = headProbs(toy, f(2, 0))[2];
    expect(headProbs(free, f(2, 0))[2]).toBeGreaterThan(0.9);
    expect(headProbs(held, f(2, 0))[2]).toBeGreaterThan(before);
    expect(headProbs(held, f(2, 0))[2]).toBeLessThan(headProbs(free, f(2, 0))[2]);
    // Nothing to learn from: the shipped layer, as it was.
    expect(tuneHead(toy, [])).toBe(toy);
  });

  it('weighs each class as much as the others, however many crops it has', () => {
    const looked = (value: number, n: number, die: number): Looked => ({ die, roll: 0, value, features: Array.from({ length: n }, () => f(1, 1)), probs: [] });
    const s = samplesOf([looked(0, 2, 0), looked(3, 8, 1), looked(3, 8, 2)]);
    const weightOf = (label: number) => s.filter((x) => x.label === label).reduce((a, x) => a + x.weight, 0);
    expect(weightOf(0)).toBeCloseTo(1);
    expect(weightOf(3)).toBeCloseTo(1);
  });

  it('is used for the die-ness, the values, both or neither', () => {
    const tuned: Head = { ...toy, bias: Float32Array.from([0, 0, 3]) };
    const shipped = [Float32Array.from([0.5, 0.3, 0.2])];
    const feats = [f(0, 0)];
    const own = headProbs(tuned, feats[0]);
    expect(tunedAdapter(tuned, USES[0])(feats, shipped)).toEqual(shipped);
    expect(tunedAdapter(tuned, { dieness: true, values: true })(feats, shipped)[0]).toEqual(own);
    const dieness = tunedAdapter(tuned, { dieness: true, values: false })(feats, shipped)[0];
    expect(dieness[0]).toBeCloseTo(own[0], 6);
    expect(dieness[1] / dieness[2]).toBeCloseTo(0.3 / 0.2, 5);
    const values = tunedAdapter(tuned, { dieness: false, values: true })(feats, shipped)[0];
    expect(values[0]).toBeCloseTo(0.5, 6);
    expect(values[1] / values[2]).toBeCloseTo(own[1] / own[2], 5);
  });

  it('keeps the shipped answers where the replays on the taught boxes read them no better', () => {
    // Two boxes of one roll the shipped layer reads right (value 1, features like class 1 of a
    // 7-class toy); left out in turn, each is read right by a layer tuned on the other.
    const head7: Head = { inputs: 2, classes: 7, kernel: new Float32Array(14), bias: Float32Array.from([0, 0, 0, 0, 0, 0, 0]) };
    head7.kernel[1] = 8; // feature 0 -> class 1
    const turns = Array.from({ length: 4 }, () => f(1, 0));
    const box = (die: number): Looked => ({ die, roll: 0, value: 1, features: turns, probs: turns.map((x) => headProbs(head7, x)) });
    const tuned = tuneOn(head7, [box(0), box(1)]);
    expect(tuned.scores).toEqual([2, 2, 2, 2]);
    expect(tuned.use).toEqual(USES[0]);
    expect(tuned.folds.size).toBe(2);
  });

  it('keeps a tuned use only where it reads more left-out boxes better than worse beyond chance', () => {
    expect(signP(0, 0)).toBe(1);
    expect(signP(1, 0)).toBe(0.5);
    expect(signP(4, 0)).toBe(1 / 16);
    expect(signP(5, 0)).toBe(1 / 32);
    expect(signP(6, 1)).toBeCloseTo(8 / 128, 10);
    expect(signP(5, 0)).toBeLessThanOrEqual(GUARD_P);
    expect(signP(6, 1)).toBeGreaterThan(GUARD_P);
  });
});

describe('a tuned layer kept with a dice set', () => {
  it('is learnt from turned, mirrored, shifted and lit crops of each taught patch', () => {
    const patch = Uint8Array.from({ length: PATCH * PATCH * 3 }, (_, i) => (i * 13) % 251);
    const vs = trainingVariants(3);
    expect(vs.slice(0, 4).map((v) => v.angle)).toEqual([0, 90, 180, 270]);
    const crops = cropsOfPatch(cv, patch, vs);
    expect(crops).toHaveLength(vs.length);
    // The quarter turn mirrored is the upright crop mirrored, byte for byte.
    const mirrored = vs.findIndex((v) => v.flip && v.angle === 0 && v.gain === undefined);
    const n = 48;
    for (let y = 0; y < n; y += 7) for (let x = 0; x < n; x += 5) expect(crops[mirrored][(y * n + x) * 3]).toBe(crops[0][(y * n + (n - 1 - x)) * 3]);
  });

  it('comes back from the file as it was written, and a damaged one is refused', () => {
    const head = headOf(models.classifier);
    const set: DiceSet = {
      id: 'tisch-m3k2',
      name: 'Tisch',
      kind: 'd6',
      created: '2026-12-07T12:00:00.000Z',
      taughtOn: '0123456789abcdef',
      dice: [],
      pipColours: null,
      sure: null,
      tuned: { on: '0123456789abcdef', dieness: false, values: true, weights: headWeights(head) },
    };
    const back = parseDiceSet(serialiseDiceSet(set));
    expect(back).toEqual(set);
    expect(headFromWeights(back.tuned!.weights, head.inputs, head.classes)).toEqual(head);
    const o = JSON.parse(serialiseDiceSet(set));
    o.tuned.weights = 'AAAA';
    expect(() => parseDiceSet(JSON.stringify({ ...o, tuned: { ...o.tuned, weights: 'AAA=' } }))).toThrow(/floats in base64/);
    expect(() => parseDiceSet(JSON.stringify({ ...o, tuned: { ...o.tuned, weights: btoa(String.fromCharCode(0, 0, 0xc0, 0x7f)) } }))).toThrow(/not finite/);
    expect(() => parseDiceSet(JSON.stringify({ ...o, kind: 'miwin' }))).toThrow(/only in d6 sets/);
  });
});
