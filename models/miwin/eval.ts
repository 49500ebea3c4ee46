/**
 * Measures the Miwin classifier on held-out renders, with the reader's own code path, and writes
 * the figures to models/miwin/metrics.json (quoted in models/miwin/README.md).
 *
 *   npx tsx models/miwin/eval.ts
 *
 * - test, ring: the crops of data.ts's held-out sets (regenerated from their seeds).
 * - tables: whole 640x480 frames with three dice at random spots, read by readMiwin and turned
 *   into a position by miwinPosition, as the Plus screen does.
 */
import * as tf from '@tensorflow/tfjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRng } from '../../engine/core/rng.ts';
import { MiwinClassifier } from '../../vision/miwin/classifier.ts';
import { MIWIN_CLASSES, MIWIN_DICE, MIWIN_FACES } from '../../vision/miwin/dice.ts';
import { miwinPosition } from '../../vision/miwin/position.ts';
import { readMiwin } from '../../vision/miwin/read.ts';
import { miwinTable, type MiwinDieSpec } from '../../vision/synth/miwin.ts';
import { makeSet, SETS } from './data.ts';

export async function loadCommitted(): Promise<MiwinClassifier> {
  const modelJson = JSON.parse(readFileSync('models/miwin/model.json', 'utf8'));
  const bin = readFileSync('models/miwin/weights.bin');
  return MiwinClassifier.load({ modelJson, weights: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer });
}

interface CropFigures {
  n: number;
  missedByLocator: number;
  valueAccuracy: number;
  dieAccuracy: number;
  bothAccuracy: number;
  /** Where network and classical pip count agree (the reader answers only there): share answered, and accuracy of those answered. */
  answered: number;
  answeredAccuracy: number;
  /** confusion[true value - 1][predicted value - 1] */
  valueConfusion: number[][];
}

function cropFigures(c: MiwinClassifier, name: string, limit?: number): CropFigures {
  const s = SETS[name];
  const set = makeSet(s.seed, limit ?? s.n, s.families);
  const guesses = c.classify(set.x);
  const confusion = Array.from({ length: 9 }, () => new Array<number>(9).fill(0));
  let value = 0;
  let die = 0;
  let both = 0;
  let answered = 0;
  let answeredRight = 0;
  guesses.forEach((g, i) => {
    const truth = MIWIN_CLASSES[set.y[i]];
    confusion[truth.value - 1][g.value - 1]++;
    value += +(g.value === truth.value);
    die += +(g.die === truth.die);
    const right = g.value === truth.value && g.die === truth.die;
    both += +right;
    if (g.value === set.counts[i]) {
      answered++;
      answeredRight += +right;
    }
  });
  const n = guesses.length;
  return { n, missedByLocator: set.missed, valueAccuracy: value / n, dieAccuracy: die / n, bothAccuracy: both / n, answered: answered / n, answeredAccuracy: answeredRight / answered, valueConfusion: confusion };
}

/** Three dice at random spots (never touching), random faces and turns. */
export function randomTable(rng: ReturnType<typeof createRng>): MiwinDieSpec[] {
  const spots: [number, number][] = [];
  while (spots.length < 3) {
    const p: [number, number] = [40 + rng.next() * 320, 40 + rng.next() * 220];
    if (spots.every((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) > 40)) spots.push(p);
  }
  return MIWIN_DICE.map((die, i) => ({ die, value: MIWIN_FACES[die][rng.int(6)], centre: spots[i], angle: rng.next() * 6.3 }));
}

function tableFigures(c: MiwinClassifier, n: number) {
  const rng = createRng(4);
  let right = 0;
  let refused = 0;
  let wrong = 0;
  for (let i = 0; i < n; i++) {
    const dice = randomTable(rng);
    const frame = miwinTable({ dice }, rng, (s) => createRng(s + i * 10));
    const p = miwinPosition(readMiwin(frame, c));
    if (!p.ok) refused++;
    else if (dice.every((d) => p.values[d.die] === d.value)) right++;
    else wrong++;
  }
  return { n, right: right / n, refused: refused / n, wrong: wrong / n };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await tf.setBackend('cpu');
  const c = await loadCommitted();
  const metrics = {
    command: 'npx tsx models/miwin/eval.ts',
    answersWhen: 'the network and the classical pip count agree',
    test: cropFigures(c, 'test'),
    ring: cropFigures(c, 'ring'),
    tables: tableFigures(c, 100),
  };
  writeFileSync('models/miwin/metrics.json', JSON.stringify(metrics, null, 1) + '\n');
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  for (const k of ['test', 'ring'] as const) {
    const m = metrics[k];
    console.log(`${k} (${m.n} crops): value ${pct(m.valueAccuracy)}, die ${pct(m.dieAccuracy)}, both ${pct(m.bothAccuracy)}; where network and pip count agree: ${pct(m.answered)} answered, ${pct(m.answeredAccuracy)} of them right`);
  }
  const t = metrics.tables;
  console.log(`tables (${t.n} frames, 3 dice): position right ${pct(t.right)}, refused ${pct(t.refused)}, wrong ${pct(t.wrong)}`);
}
