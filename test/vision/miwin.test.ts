import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { FACES } from '../../engine/plus/dice.ts';
import { createRng } from '../../engine/core/rng.ts';
import { MIWIN_FACES } from '../../vision/miwin/dice.ts';
import type { MiwinClassifier } from '../../vision/miwin/classifier.ts';
import { miwinPosition } from '../../vision/miwin/position.ts';
import { readMiwin } from '../../vision/miwin/read.ts';
import { miwinTable } from '../../vision/synth/miwin.ts';
import { makeSet } from '../../models/miwin/data.ts';
import { loadCommitted, randomTable } from '../../models/miwin/eval.ts';
import { MIWIN_CLASSES } from '../../vision/miwin/dice.ts';
import type { DieReading, Reading } from '../../vision/types.ts';

// Rendering and the plain-JS TF backend are slow on a shared two-core machine; no timing is asserted.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

let classifier: MiwinClassifier;
beforeAll(async () => {
  await tf.setBackend('cpu');
  classifier = await loadCommitted();
});

describe("Miwin's dice", () => {
  it('vision/ knows the same faces as the rules engine', () => {
    expect(MIWIN_FACES).toEqual(FACES);
  });

  it('the committed classifier reads value and die on fresh held-out renders (seed never used in training)', () => {
    const set = makeSet(99, 300, ['classic', 'columns', 'scatter']);
    const guesses = classifier.classify(set.x);
    const value = guesses.filter((g, i) => g.value === MIWIN_CLASSES[set.y[i]].value).length / guesses.length;
    const die = guesses.filter((g, i) => g.die === MIWIN_CLASSES[set.y[i]].die).length / guesses.length;
    expect(value).toBeGreaterThan(0.95);
    expect(die).toBeGreaterThan(0.98);
  });

  it('on a pip layout never trained on, it answers only where network and pip count agree, and then rightly', () => {
    const set = makeSet(98, 200, ['ring']);
    const guesses = classifier.classify(set.x);
    const answered = guesses.filter((g, i) => g.value === set.counts[i]);
    const right = guesses.filter((g, i) => g.value === set.counts[i] && g.value === MIWIN_CLASSES[set.y[i]].value);
    expect(answered.length / guesses.length).toBeGreaterThan(0.6);
    expect(right.length / answered.length).toBeGreaterThan(0.98);
  });

  it('reads three dice on a rendered table and turns them into a position', () => {
    const rng = createRng(123);
    let right = 0;
    for (let i = 0; i < 6; i++) {
      const dice = randomTable(rng);
      const r = readMiwin(miwinTable({ dice }, rng, (s) => createRng(s + 500 + i)), classifier);
      // Colours are measured and named: light bodies, pips named for the die read.
      expect(r.dice.map((d) => d.body.name)).toEqual(['white', 'white', 'white']);
      const p = miwinPosition(r);
      if (p.ok && dice.every((d) => p.values[d.die] === d.value)) right++;
    }
    expect(right).toBeGreaterThanOrEqual(5);
  });

  it('says "touching" for two dice pressed together instead of guessing', () => {
    const rng = createRng(5);
    const frame = miwinTable(
      {
        dice: [
          { die: 'III', value: 5, centre: [150, 150], angle: 0 },
          { die: 'IV', value: 3, centre: [166, 150], angle: 0 },
          { die: 'V', value: 8, centre: [280, 100], angle: 0.5 },
        ],
      },
      rng,
      createRng,
    );
    const r = readMiwin(frame, classifier);
    expect(r.dice.filter((d) => d.unreadable === 'touching')).toHaveLength(1);
    const p = miwinPosition(r);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.reason.en).toContain('cannot be read (touches another die)');
  });
});

describe('miwinPosition', () => {
  const die = (miwin: DieReading['miwin'], value: number | null): DieReading => ({
    value,
    confidence: value === null ? 0.3 : 0.99,
    box: [0, 0, 10, 10],
    centre: [5, 5],
    body: { name: 'white', rgb: [250, 250, 250] },
    pips: { name: 'blue', rgb: [30, 60, 200] },
    miwin,
    ...(value === null ? { unreadable: 'unsure' } : {}),
  });
  const reading = (dice: DieReading[]): Reading => ({ dice, obstructed: false, elapsedMs: 0, time: 0 });

  it('gives the three values', () => {
    expect(miwinPosition(reading([die('V', 2), die('III', 1), die('IV', 1)]))).toEqual({ ok: true, values: { III: 1, IV: 1, V: 2 } });
  });

  it.each([
    ['two dice', [die('III', 1), die('IV', 1)], '3 Würfel erwartet, 2 gesehen'],
    ['a die twice', [die('III', 1), die('III', 5), die('V', 2)], 'Würfel III doppelt'],
    ['an unsure die', [die('III', 1), die('IV', null), die('V', 2)], 'nicht lesbar'],
  ])('refuses %s with the reason', (_, dice, why) => {
    const p = miwinPosition(reading(dice));
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.reason.de).toContain(why);
  });
});
