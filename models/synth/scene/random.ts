import { createRng, type Rng } from '../../../engine/core/rng.ts';

/**
 * The draws a scene is made of, on engine/core/rng.ts's seeded generator: every frame has its own
 * generator seeded from (run seed, frame index), so any frame can be rendered alone, in any order,
 * and comes out the same.
 */
export class Draw {
  constructor(private readonly rng: Rng) {}

  static forFrame(seed: number, index: number): Draw {
    // splitmix-style mixing so neighbouring indices give unrelated streams
    let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 0x632be5ab, 0xc2b2ae35)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
    return new Draw(createRng((h ^ (h >>> 16)) >>> 0));
  }

  next(): number {
    return this.rng.next();
  }
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.rng.next();
  }
  /** Evenly spread on a log scale: sizes and distances. */
  logUniform(lo: number, hi: number): number {
    return Math.exp(this.uniform(Math.log(lo), Math.log(hi)));
  }
  int(lo: number, hi: number): number {
    return lo + this.rng.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.rng.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.rng.int(items.length)];
  }
  /** Picks by weight: `[[item, weight], ...]`. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.rng.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  }
  normal(mean = 0, sd = 1): number {
    const u = Math.max(this.rng.next(), 1e-12);
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.rng.next());
  }
  /** A 31-bit seed for what the page draws itself (procedural textures). */
  seed(): number {
    return this.rng.int(0x7fffffff);
  }
}
