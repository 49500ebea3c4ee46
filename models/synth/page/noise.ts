/**
 * Seamless value noise on a square tile, for textures drawn in JavaScript: each octave's lattice
 * wraps at the tile's edge, so a table texture repeats without seams.
 */
import { createRng } from '../../../engine/core/rng.ts';

export class TileNoise {
  private readonly grids: Float32Array[] = [];

  constructor(
    seed: number,
    /** Lattice cells across the tile at the first octave. */
    private readonly cells: number,
    private readonly octaves = 5,
  ) {
    const rng = createRng(seed);
    for (let o = 0; o < octaves; o++) {
      const n = cells << o;
      const g = new Float32Array(n * n);
      for (let i = 0; i < g.length; i++) g[i] = rng.next();
      this.grids.push(g);
    }
  }

  /** One octave at tile coordinates u, v in [0, 1). */
  octave(o: number, u: number, v: number): number {
    const n = this.cells << o;
    const g = this.grids[o];
    const x = (((u % 1) + 1) % 1) * n;
    const y = (((v % 1) + 1) % 1) * n;
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    let fx = x - xi;
    let fy = y - yi;
    fx = fx * fx * (3 - 2 * fx);
    fy = fy * fy * (3 - 2 * fy);
    const x1 = (xi + 1) % n;
    const y1 = (yi + 1) % n;
    const a = g[yi * n + xi];
    const b = g[yi * n + x1];
    const c = g[y1 * n + xi];
    const d = g[y1 * n + x1];
    return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
  }

  /** Fractal sum of octaves `from`..`to`, each half as strong as the one before, in [0, 1]. */
  fbm(u: number, v: number, from = 0, to = this.octaves - 1): number {
    let s = 0;
    let a = 0.5;
    let total = 0;
    for (let o = from; o <= to; o++) {
      s += a * this.octave(o, u, v);
      total += a;
      a *= 0.5;
    }
    return s / total;
  }
}
