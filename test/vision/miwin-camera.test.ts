import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { createRng } from '../../engine/core/rng.ts';
import type { MiwinClassifier } from '../../vision/miwin/classifier.ts';
import { miwinPosition } from '../../vision/miwin/position.ts';
import { readMiwin } from '../../vision/miwin/read.ts';
import { miwinTable, type MiwinDieSpec } from '../../vision/synth/miwin.ts';
import { withNoise } from '../../vision/synth/scene.ts';
import { loadCommitted } from '../../models/miwin/eval.ts';
import { MiwinCamera } from '../../renderer/vision/miwin-camera.ts';
import type { Frame, Reading } from '../../vision/types.ts';

// Rendering and the plain-JS TF backend are slow on a shared two-core machine; no timing is asserted.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

let classifier: MiwinClassifier;
beforeAll(async () => {
  await tf.setBackend('cpu');
  classifier = await loadCommitted();
});

type Values = { III: number; IV: number; V: number };
const table = (v: Values): MiwinDieSpec[] => [
  { die: 'III', value: v.III, centre: [120, 150], angle: 0.3 },
  { die: 'IV', value: v.IV, centre: [200, 120], angle: -0.2 },
  { die: 'V', value: v.V, centre: [280, 165], angle: 0.9 },
];

describe("Plus's camera judges what changed (the Miwin worker's BoardWatch)", () => {
  it('reads the start whole, then only the patch of the die turned, early; nothing where nothing changed; the light changed asks to read afresh', async () => {
    const rng = createRng(7);
    /** Every frame handed to the reader; after the start it misreads III as 9 wherever it is handed the whole table (it never is while III stays still). */
    const handed: Frame[] = [];
    let waver = false;
    const read = (f: Frame): Reading => {
      handed.push(f);
      const r = readMiwin(f, classifier);
      return waver && f.width === 640 ? { ...r, dice: r.dice.map((d) => (d.miwin === 'III' ? { ...d, value: 9 } : d)) } : r;
    };
    const camera = new MiwinCamera(read);
    let time = 0;
    /** `seconds` of a still table at 10 frames a second; the positions Plus would take, in order. */
    const still = async (base: Frame, seconds: number) => {
      const seen: Values[] = [];
      for (let i = 0; i < seconds * 10; i++) {
        const step = await camera.frame({ ...withNoise(base, 3, rng), time: (time += 100) });
        if (!step.observation) continue;
        const p = miwinPosition(step.observation);
        camera.verdict(p.ok);
        if (p.ok) seen.push(p.values);
      }
      return seen;
    };
    const start = miwinTable({ dice: table({ III: 1, IV: 1, V: 2 }) }, rng, createRng);
    expect(await still(start, 1.2)).toEqual([{ III: 1, IV: 1, V: 2 }]);
    expect(handed.map((f) => f.width)).toEqual([640]);

    // A hand reaches in and turns IV 1 -> 3: only a patch round it is read, 100 ms after the first still frame.
    for (let i = 0; i < 6; i++) {
      const reach = i < 3 ? i / 2 : (5 - i) / 2;
      const v = i < 3 ? { III: 1, IV: 1, V: 2 } : { III: 1, IV: 3, V: 2 };
      const step = await camera.frame({ ...miwinTable({ dice: table(v), hand: { at: [40 + 150 * reach, 160], angle: -0.2 } }, rng, createRng), time: (time += 100) });
      expect(step.observation).toBeNull();
    }
    handed.length = 0;
    waver = true;
    const turned = miwinTable({ dice: table({ III: 1, IV: 3, V: 2 }) }, rng, createRng);
    const readAt: number[] = [];
    for (let i = 0; i < 12; i++) {
      const step = await camera.frame({ ...withNoise(turned, 3, rng), time: (time += 100) });
      if (!step.observation) continue;
      const p = miwinPosition(step.observation);
      camera.verdict(p.ok);
      expect(p).toEqual({ ok: true, values: { III: 1, IV: 3, V: 2 } });
      readAt.push(i);
    }
    // Frame 0 may still differ from the hand's last; frame 1 is the first still one, frame 2 100 ms later.
    expect(readAt).toEqual([2]);
    expect(handed.length).toBeGreaterThan(0);
    for (const f of handed) expect(f.width * f.height).toBeLessThan(0.15 * 640 * 480);

    // Nothing moves; a whole-table read would misread III, but nothing is read where nothing changed.
    handed.length = 0;
    expect(await still(turned, 1)).toEqual([]);
    expect(handed).toEqual([]);

    // A lamp switched on from one side: the reference is dropped and the table read whole again.
    const lamp: Frame = { ...turned, data: new Uint8ClampedArray(turned.data) };
    for (let i = 0; i < lamp.data.length; i += 4) for (let c = 0; c < 3; c++) lamp.data[i + c] = Math.min(255, lamp.data[i + c] * (0.6 + (0.9 * ((i / 4) % 640)) / 640));
    waver = false;
    const problems: string[] = [];
    const seen: Values[] = [];
    for (let i = 0; i < 25; i++) {
      const step = await camera.frame({ ...withNoise(lamp, 3, rng), time: (time += 100) });
      if (step.problem) problems.push(step.problem.en);
      if (step.observation) {
        const p = miwinPosition(step.observation);
        camera.verdict(p.ok);
        if (p.ok) seen.push(p.values);
      }
    }
    expect(problems[0]).toMatch(/light changed/);
    expect(seen).toEqual([{ III: 1, IV: 3, V: 2 }]);
  });
});
