import { describe, expect, it } from 'vitest';
import { CLASSIFIER_LAYERS, classifierLayersOf, classifierNet, DETECTOR_LAYERS, detectorLayersOf, detectorNet } from '../../vision/classify/nets.ts';

const shapesOf = (net: ReturnType<typeof classifierNet>) => net.getWeights().map((w) => w.shape as number[]);

describe('the classifier as its trained weights have it', () => {
  it('gives the shipped layers back from the shipped shapes', () => {
    expect(classifierLayersOf(shapesOf(classifierNet()))).toEqual(CLASSIFIER_LAYERS);
  });

  it('builds a wider trial network from its own shapes, weight for weight', () => {
    const wide = CLASSIFIER_LAYERS.map((l) => ({ ...l, filters: l.filters * 2 }));
    const shapes = shapesOf(classifierNet(wide));
    expect(classifierLayersOf(shapes)).toEqual(wide);
    expect(shapesOf(classifierNet(classifierLayersOf(shapes)))).toEqual(shapes);
  });

  it('refuses the weights of another network', () => {
    expect(() => classifierLayersOf([[3, 3, 3, 16], [16]])).toThrow(/weight arrays/);
    expect(() => classifierLayersOf(shapesOf(detectorNet()))).toThrow(/weight arrays/);
  });
});

describe('the detector as its trained weights have it', () => {
  it('gives the shipped layers back from the shipped shapes', () => {
    expect(detectorLayersOf(shapesOf(detectorNet()))).toEqual(DETECTOR_LAYERS);
  });

  it('builds a narrower, separable trial network from its own shapes, weight for weight', () => {
    const trial = DETECTOR_LAYERS.map((l, i) => (l.linear ? l : { ...l, filters: i === 0 ? 8 : 24, ...(i > 0 ? { separable: true } : {}) }));
    const shapes = shapesOf(detectorNet(trial));
    // A separable conv's three arrays: one 3 x 3 filter a channel, the 1 x 1 mix, the bias.
    expect(shapes.slice(2, 5)).toEqual([[3, 3, 8, 1], [1, 1, 8, 24], [24]]);
    expect(detectorLayersOf(shapes)).toEqual(trial);
    expect(shapesOf(detectorNet(detectorLayersOf(shapes)))).toEqual(shapes);
  });

  it('refuses the weights of another network', () => {
    expect(() => detectorLayersOf(shapesOf(classifierNet()))).toThrow(/weight arrays/);
  });
});
