/**
 * How the reader pools a crop's quarter turns (read.ts poolTurns): the softmax of the turns' mean
 * logits, so turns that agree make a surer die than their arithmetic mean and a class one turn
 * rules out weighs against the rest.
 */
import { describe, expect, it } from 'vitest';
import { poolTurns, probsOfTurns, SURE_AT_ONCE } from '../../vision/read.ts';

const softmax = (logits: number[]) => {
  const top = Math.max(...logits);
  const e = logits.map((l) => Math.exp(l - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
};

describe('a crop’s turns pooled', () => {
  it('is the softmax of the turns’ mean logits', () => {
    const logits = [
      [0.2, -1, 0.5, 3, -2, 0, 1],
      [1.5, -0.5, 0, 2, -1, 0.3, 0],
      [-0.3, 0, 0.2, 2.5, -3, 1, 0.4],
      [0.9, 0.1, -0.4, 1.2, 0, -0.2, 0.8],
    ];
    const pooled = poolTurns(logits.map((l) => Float32Array.from(softmax(l))));
    const expected = softmax(logits[0].map((_, j) => logits.reduce((a, l) => a + l[j], 0) / logits.length));
    pooled.forEach((p, j) => expect(p).toBeCloseTo(expected[j], 6));
  });

  it('makes turns that each call it the same die, unsurely, surer than their mean', () => {
    const turns = [
      [0.6, 0, 0, 0.4, 0, 0, 0],
      [0.1, 0, 0, 0.9, 0, 0, 0],
      [0.1, 0, 0, 0.9, 0, 0, 0],
      [0.1, 0, 0, 0.9, 0, 0, 0],
    ].map((t) => Float32Array.from(t));
    const mean = 1 - turns.reduce((a, t) => a + t[0], 0) / turns.length;
    const pooled = poolTurns(turns);
    expect(1 - pooled[0]).toBeGreaterThan(mean + 0.04);
    expect(pooled.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('is less sure of a die whose turns each see another value', () => {
    const agreeing = [3, 3, 3, 3].map((v) => Float32Array.from([0.1, ...[1, 2, 3, 4, 5, 6].map((k) => (k === v ? 0.9 : 0))]));
    const disagreeing = [2, 3, 4, 5].map((v) => Float32Array.from([0.1, ...[1, 2, 3, 4, 5, 6].map((k) => (k === v ? 0.9 : 0))]));
    expect(1 - poolTurns(disagreeing)[0]).toBeLessThan(0.5);
    expect(1 - poolTurns(agreeing)[0]).toBeCloseTo(0.9, 6);
  });

  it('keeps a sure upright turn alone, as it is', () => {
    const upright = Float32Array.from([0.01, 0, 0, 0, SURE_AT_ONCE + 0.01, 0.03, 0]);
    const other = Float32Array.from([0.9, 0.1, 0, 0, 0, 0, 0]);
    expect(Array.from(probsOfTurns([upright, other, other, other]))).toEqual(Array.from(upright));
  });
});
