/**
 * What the renderer needs of a random source. engine/core/rng.ts's seeded generator fits it; vision/
 * stays free of engine/ imports (test/architecture.test.ts), so it names the shape itself.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
}
