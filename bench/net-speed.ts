/**
 * What a network layout costs before anyone trains it: each layout (random weights: the time does
 * not depend on them) run by TF.js on wasm, one thread, median of 40 runs after 3 warm-ups, the
 * layouts taking turns run by run (in brackets: against the shipped one). Detectors on the level
 * sizes a frame gives them (320 x 240: a 640 x 480 frame's finest level; 160 x 120 its next;
 * 480 x 270: 1080p's finest); classifiers on batches of 8 and 24 crops (a 640 x 480 frame sends
 * about 10 proposals to the first turn). The layouts are the shipped ones and the trials of
 * models/speed.md ("A detector with a quarter of the arithmetic", "A milder separable detector",
 * "Smaller networks taught by the larger ones"); a detector layout's `separable` convs are what
 * `models/train.py --det-separable [--det-separable-from K]` trains, its widths `--det-filters`, a
 * classifier's `--cls-filters`.
 * Usage: npx tsx bench/net-speed.ts   (on a quiet machine; timings move with the host)
 */
import * as tf from '@tensorflow/tfjs';
import { CLASSIFIER_LAYERS, CROP, DETECTOR_LAYERS, classifierNet, detectorNet, type ConvSpec } from '../vision/classify/nets.ts';
import { useWasm } from '../vision/tf.ts';
import { wasmPath } from '../cli/lib/models.ts';
import { median } from './timing.ts';

/** The shipped detector with the convs' widths replaced and those from `from` on separable (the output conv never). */
const detector = (widths: number[] | null, from = Infinity): ConvSpec[] =>
  DETECTOR_LAYERS.map((l, i) => (l.linear ? l : { ...l, filters: widths?.[i] ?? l.filters, ...(i >= from ? { separable: true } : {}) }));
const classifier = (widths: number[]): ConvSpec[] => CLASSIFIER_LAYERS.map((l, i) => ({ ...l, filters: widths[i] }));

const DETECTORS: Record<string, ConvSpec[]> = {
  shipped: DETECTOR_LAYERS,
  'separable d2-d7, 8,24,48,48,48,48,48 (session 24)': detector([8, 24, 48, 48, 48, 48, 48], 1),
  'separable d2-d7, shipped widths': detector(null, 1),
  'separable d4-d7, shipped widths (session 27)': detector(null, 3),
  'separable d3-d7, 16,24,48,48,48,48,48': detector([16, 24, 48, 48, 48, 48, 48], 2),
  '8,16,24,24,24,24,24 (session 43)': detector([8, 16, 24, 24, 24, 24, 24]),
  '8,16,16,16,16,16,16 (session 43)': detector([8, 16, 16, 16, 16, 16, 16]),
};
const CLASSIFIERS: Record<string, ConvSpec[]> = {
  shipped: CLASSIFIER_LAYERS,
  '12,24,32,48,64 (session 43)': classifier([12, 24, 32, 48, 64]),
  '8,16,32,48,64 (session 43)': classifier([8, 16, 32, 48, 64]),
};
const ROUNDS = 40;

/** One markdown table: each layout's weights and median time on each input, the layouts taking turns. */
function table(layouts: Record<string, ConvSpec[]>, build: (l: ConvSpec[]) => tf.LayersModel, inputs: [string, number[]][]): void {
  const nets = Object.entries(layouts).map(([name, layers]) => ({ name, net: build(layers) }));
  const cells = nets.map(() => [] as string[]);
  for (const [, shape] of inputs) {
    const x = tf.randomUniform(shape);
    const runs = nets.map(({ net }) => () => tf.tidy(() => (net.predict(x) as tf.Tensor).dataSync()));
    runs.forEach((run) => [1, 2, 3].forEach(run));
    // Round-robin, so a slow spell of the host falls on every layout alike.
    const ms = nets.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      runs.forEach((run, k) => {
        const t0 = performance.now();
        run();
        ms[k].push(performance.now() - t0);
      });
    }
    ms.forEach((m, k) => cells[k].push(`${median(m).toFixed(1)} ms (${(median(m) / median(ms[0])).toFixed(2)})`));
    x.dispose();
  }
  console.log(`| layout | weights | ${inputs.map(([name]) => name).join(' | ')} |`);
  console.log(`|---|---|${inputs.map(() => '---|').join('')}`);
  nets.forEach(({ name, net }, k) => console.log(`| ${name} | ${net.countParams()} | ${cells[k].join(' | ')} |`));
}

await useWasm(wasmPath());
table(DETECTORS, detectorNet, [[320, 240], [160, 120], [480, 270]].map(([w, h]) => [`${w} x ${h}`, [1, h, w, 3]]));
console.log();
table(CLASSIFIERS, classifierNet, [8, 24].map((n) => [`${n} crops`, [n, CROP, CROP, 3]]));
