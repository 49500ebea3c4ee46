import { describe, expect, it } from 'vitest';
import { CLASSIFIER_LAYERS, classifierLayersOf, classifierNet } from '../../vision/classify/nets.ts';

describe('the classifier as its trained weights have it', () => {
  const shapesOf = (net: ReturnType<typeof classifierNet>) => net.getWeights().map((w) => w.shape as number[]);

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
  });
});
