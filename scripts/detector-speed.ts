/**
 * What a detector layout costs before anyone trains it: each layout's network (random weights:
 * the time does not depend on them) run by TF.js on wasm, one thread, on the level sizes a frame
 * gives it (320 x 240: a 640 x 480 frame's finest level; 160 x 120 its next; 480 x 270: 1080p's
 * finest), median of 40 runs after 3 warm-ups, the layouts taking turns run by run (in brackets:
 * against the shipped one). The layouts are the shipped one and the trials of
 * models/speed.md ("A detector with a quarter of the arithmetic", "A milder separable detector");
 * a layout's `separable` convs are what `models/train.py --det-separable [--det-separable-from K]`
 * trains.
 * Usage: npx tsx scripts/detector-speed.ts   (on a quiet machine; timings move with the host)
 */
import * as tf from '@tensorflow/tfjs';
import { DETECTOR_LAYERS, detectorNet, type ConvSpec } from '../vision/classify/nets.ts';
import { useWasm } from '../vision/tf.ts';
import { wasmPath } from '../cli/lib/models.ts';

/** The shipped layers with the convs' widths replaced and those from `from` on separable (the output conv never). */
const trial = (widths: number[] | null, from: number): ConvSpec[] =>
  DETECTOR_LAYERS.map((l, i) => (l.linear ? l : { ...l, filters: widths?.[i] ?? l.filters, ...(i >= from ? { separable: true } : {}) }));

const LAYOUTS: Record<string, ConvSpec[]> = {
  shipped: DETECTOR_LAYERS,
  'separable d2-d7, 8,24,48,48,48,48,48 (session 24)': trial([8, 24, 48, 48, 48, 48, 48], 1),
  'separable d2-d7, shipped widths': trial(null, 1),
  'separable d4-d7, shipped widths (session 27)': trial(null, 3),
  'separable d3-d7, 16,24,48,48,48,48,48': trial([16, 24, 48, 48, 48, 48, 48], 2),
};
const ROUNDS = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const SIZES = [
  [320, 240],
  [160, 120],
  [480, 270],
];

await useWasm(wasmPath());
const nets = Object.entries(LAYOUTS).map(([name, layers]) => ({ name, net: detectorNet(layers) }));
const cells = nets.map(() => [] as string[]);
for (const [w, h] of SIZES) {
  const x = tf.randomUniform([1, h, w, 3]);
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
console.log(`| layout | weights | ${SIZES.map(([w, h]) => `${w} x ${h}`).join(' | ')} |`);
console.log(`|---|---|${SIZES.map(() => '---|').join('')}`);
nets.forEach(({ name, net }, k) => console.log(`| ${name} | ${net.countParams()} | ${cells[k].join(' | ')} |`));
