import { describe, expect, it } from 'vitest';
import { adjust, cacheOf } from '../../../vision/adapt/cache.ts';

const probs = (...p: number[]) => Float32Array.from(p);
const f = (...x: number[]) => Float32Array.from(x);

describe('the cache of taught features', () => {
  const cache = cacheOf([
    { features: f(1, 0, 0), label: 3 },
    { features: f(0, 2, 0), label: 5 },
    { features: f(0, 0, 1), label: 0 },
  ]);
  const net = probs(0.02, 0.02, 0.5, 0.36, 0.02, 0.06, 0.02);

  it('raises the class of the taught crops a crop looks like: a 3 the network took for 2 reads 3', () => {
    const [p] = adjust(cache, [f(2, 0.1, 0)], [net]);
    expect(p.indexOf(Math.max(...p))).toBe(3);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    // A box like one taught as "not a die" falls below the reader's die score (0.9).
    const [q] = adjust(cache, [f(0, 0, 5)], [net]);
    expect(1 - q[0]).toBeLessThan(0.9);
  });

  it('leaves a crop like none of them as the network read it', () => {
    const [p] = adjust(cacheOf([{ features: f(1, 0, 0), label: 3 }]), [f(0, 1, 0)], [net]);
    p.forEach((x, i) => expect(x).toBeCloseTo(net[i], 6));
    const [same] = adjust(cacheOf([]), [f(1, 0, 0)], [net]);
    expect(same).toBe(net);
  });
});
