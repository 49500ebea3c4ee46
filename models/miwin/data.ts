/**
 * Rendered training and test material for the Miwin classifier: one die alone on a table
 * (vision/synth/miwin.ts), found and cropped by the same code the reader runs on camera frames.
 *
 *   npx tsx models/miwin/data.ts [outDir]      (default models/miwin/.data, not committed)
 *
 * Sets, each from its own seed so no sample repeats across them:
 *   train  classic, columns and scatter layouts
 *   test   the same families, held out
 *   ring   pips on a circle, a family never trained on: does the model count?
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRng } from '../../engine/core/rng.ts';
import { DEFAULT_BODY, findBodies } from '../../vision/miwin/bodies.ts';
import { CROP, cropDie } from '../../vision/miwin/crop.ts';
import { MIWIN_CLASSES } from '../../vision/miwin/dice.ts';
import { miwinSample } from '../../vision/synth/miwin.ts';
import type { LayoutFamily } from '../../vision/synth/pips.ts';

export interface DataSet {
  /** n crops, CROP*CROP*3 floats each. */
  x: Float32Array;
  /** Index into MIWIN_CLASSES. */
  y: Uint8Array;
  /** Samples whose die the locator did not find (left out of x and y). */
  missed: number;
}

export const SETS: Record<string, { seed: number; n: number; families: LayoutFamily[] }> = {
  train: { seed: 1, n: 16000, families: ['classic', 'columns', 'scatter'] },
  test: { seed: 2, n: 2000, families: ['classic', 'columns', 'scatter'] },
  ring: { seed: 3, n: 1000, families: ['ring'] },
};

export function makeSet(seed: number, n: number, families: LayoutFamily[]): DataSet {
  const rng = createRng(seed);
  const per = CROP * CROP * 3;
  const x = new Float32Array(n * per);
  const y = new Uint8Array(n);
  let k = 0;
  let missed = 0;
  for (let i = 0; i < n; i++) {
    const s = miwinSample(rng, families);
    const mid = s.frame.width / 2;
    const body = findBodies(s.frame, DEFAULT_BODY)
      .filter((b) => !b.problem && Math.hypot(b.centre[0] - mid, b.centre[1] - mid) < s.edgePx)
      .sort((a, b) => Math.hypot(a.centre[0] - mid, a.centre[1] - mid) - Math.hypot(b.centre[0] - mid, b.centre[1] - mid))[0];
    if (!body) {
      missed++;
      continue;
    }
    x.set(cropDie(s.frame, body.box), k * per);
    y[k++] = MIWIN_CLASSES.findIndex((c) => c.die === s.die && c.value === s.value);
  }
  return { x: x.slice(0, k * per), y: y.slice(0, k), missed };
}

/** Crops stored as bytes (value * 200, the white-balanced range tops out at 1.2). */
function save(dir: string, name: string, set: DataSet): void {
  const bytes = new Uint8Array(set.x.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round(Math.min(1.2, set.x[i]) * 200);
  writeFileSync(join(dir, `${name}.x.u8`), bytes);
  writeFileSync(join(dir, `${name}.y.u8`), set.y);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'models/miwin/.data';
  mkdirSync(dir, { recursive: true });
  const meta: Record<string, { n: number; missed: number }> = {};
  for (const [name, s] of Object.entries(SETS)) {
    const t0 = performance.now();
    const set = makeSet(s.seed, s.n, s.families);
    save(dir, name, set);
    meta[name] = { n: set.y.length, missed: set.missed };
    console.log(`${name}: ${set.y.length} crops, ${set.missed} dice not found, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  writeFileSync(join(dir, 'meta.json'), JSON.stringify({ crop: CROP, classes: MIWIN_CLASSES, sets: meta }, null, 1));
}
