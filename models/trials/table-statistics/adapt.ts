/**
 * Trial (not used by the app): adapting the classifier to a table without labels by its batch
 * statistics (AdaBN, Li et al. 2016). Batch norm is folded into each conv when the weights are
 * saved, so the folded conv's pre-ReLU output z has, on the training crops, about the per-channel
 * mean and spread batch norm gave it; on a new table's crops they differ. Each conv (c2..c5, the
 * ones trained with batch norm; c1 too with --first) gets z' = m_s + s_s / s_t * (z - m_t), source
 * statistics from a sample of the fold's training crops, target statistics from the table's
 * proposals (through the already adapted layers before it), folded back into the conv's kernel
 * and bias: the result is an ordinary reader directory that `schiri eval --models` scores.
 *
 * Which crops are "the table":
 * - default: every proposal over the proposal bar, four turns;
 * - --dice P: only proposals the unadapted classifier gives a die probability >= P, aligned to
 *   the training crops that are dice;
 * - --mix: every proposal, its statistics the mixture of a die part and a not-a-die part (each
 *   crop weighted by the unadapted die probability) in the training crops' proportions.
 *
 *   npx tsx models/trials/table-statistics/adapt.ts --models .cache/loso/dice-3 \
 *     --data .cache/dice-data-without-dice-3 --sets dice-3:test --out .cache/ada/dice-3 [--dice 0.9 | --mix]
 *   node bin/schiri.js eval --sets dice-3:test --models .cache/ada/dice-3 --skip-baseline
 */
import { closeSync, copyFileSync, mkdirSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { diceRoot, namedSet, readLabelledPhoto } from '../../../cli/lib/dice-sets.ts';
import { loadModelsFromDisk } from '../../../cli/lib/models.ts';
import { classify } from '../../../vision/classify/classifier.ts';
import { allTurnsOfBox, cropOfBox } from '../../../vision/classify/crop.ts';
import { CLASSIFIER_LAYERS, CROP } from '../../../vision/classify/nets.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { DEFAULT_THRESHOLDS, proposeAll, TURNS } from '../../../vision/read.ts';
import { tf, unitTensor } from '../../../vision/tf.ts';

const { values } = parseArgs({
  options: {
    models: { type: 'string' },
    data: { type: 'string' },
    sets: { type: 'string' },
    out: { type: 'string' },
    first: { type: 'boolean' },
    dice: { type: 'string' },
    mix: { type: 'boolean' },
    sample: { type: 'string', default: '12000' },
  },
});
if (!values.models || !values.data || !values.sets || !values.out) {
  throw new Error('usage: npx tsx models/trials/table-statistics/adapt.ts --models DIR --data DATA_DIR --sets FOLDER:LIST --out DIR [--first] [--dice P | --mix]');
}
const models = await loadModelsFromDisk(values.models);
const cv = await loadCv();
const net = models.classifier;
const convs = CLASSIFIER_LAYERS.map((l) => net.getLayer(l.name).getWeights());

// A fixed sample of the training crops (make-data's cls_x.bin / cls_y.bin), the dice alone with --dice.
const CROP_BYTES = CROP * CROP * 3;
const labels = readFileSync(join(values.data, 'cls_y.bin'));
const dieShare = 1 - labels.filter((y) => y === 0).length / labels.length;
const file = join(values.data, 'cls_x.bin');
const count = statSync(file).size / CROP_BYTES;
const fd = openSync(file, 'r');
const source: Uint8Array[] = [];
let seed = 1;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
while (source.length < Number(values.sample)) {
  const k = Math.floor(random() * count);
  if (values.dice && labels[k] === 0) continue;
  const crop = new Uint8Array(CROP_BYTES);
  readSync(fd, crop, 0, CROP_BYTES, k * CROP_BYTES);
  source.push(crop);
}
closeSync(fd);

// The table's crops, each with the unadapted classifier's die probability (first turn).
const root = diceRoot();
if (!root) throw new Error('no dice photos on this machine');
const target: Uint8Array[] = [];
const dieOf: number[] = [];
for (const spec of values.sets.split(',')) {
  const set = namedSet(root, spec.trim());
  for (const [index, item] of set.items.entries()) {
    const rgb = frameToRgb(cv, readLabelledPhoto(item, index, []).frame);
    try {
      const proposals = proposeAll(cv, rgb, models.detector, DEFAULT_THRESHOLDS.proposal);
      const die = classify(net, proposals.map((p) => cropOfBox(cv, rgb, p.box))).map((q) => 1 - q[0]);
      proposals.forEach((p, i) => {
        if (values.dice && die[i] < Number(values.dice)) return;
        for (const crop of allTurnsOfBox(cv, rgb, p.box)) {
          target.push(crop);
          dieOf.push(die[i]);
        }
      });
    } finally {
      rgb.delete();
    }
  }
}
console.error(`${source.length} training crops, ${target.length} crops of the table (${target.length / TURNS} proposals)`);

interface Moments {
  mean: Float64Array;
  variance: Float64Array;
}

/** Per-channel mean and variance of conv `at`'s pre-ReLU output over `crops` (weighted), through `layers`. */
function moments(crops: Uint8Array[], layers: tf.Tensor[][], at: number, weights?: number[]): Moments {
  const channels = layers[at][1].shape[0];
  const [sum, squares] = [new Float64Array(channels), new Float64Array(channels)];
  let n = 0;
  for (let i = 0; i < crops.length; i += 256) {
    const part = crops.slice(i, i + 256);
    const w = weights?.slice(i, i + part.length) ?? part.map(() => 1);
    const [s1, s2] = tf.tidy(() => {
      let x = unitTensor(part, [part.length, CROP, CROP, 3]) as tf.Tensor4D;
      for (let j = 0; ; j++) {
        const z = tf.add(tf.conv2d(x, layers[j][0] as tf.Tensor4D, 1, 'same'), layers[j][1]) as tf.Tensor4D;
        if (j === at) {
          const wt = tf.tensor4d(w, [part.length, 1, 1, 1]);
          return [z.mul(wt).sum([0, 1, 2]), z.square().mul(wt).sum([0, 1, 2])];
        }
        x = tf.relu(z);
        if (CLASSIFIER_LAYERS[j].pool) x = tf.maxPool(x, 2, 2, 'valid');
      }
    });
    const [a, b] = [s1.dataSync(), s2.dataSync()];
    for (let c = 0; c < channels; c++) [sum[c], squares[c]] = [sum[c] + a[c], squares[c] + b[c]];
    tf.dispose([s1, s2]);
    const pixels = (CROP / 2 ** CLASSIFIER_LAYERS.slice(0, at).filter((l) => l.pool).length) ** 2;
    n += w.reduce((x, y) => x + y, 0) * pixels;
  }
  const mean = sum.map((s) => s / n);
  return { mean, variance: squares.map((s, c) => Math.max(0, s / n - mean[c] ** 2)) };
}

/** Two moments mixed in the proportions share : 1 - share. */
function mixed(a: Moments, b: Moments, share: number): Moments {
  const mean = a.mean.map((m, c) => share * m + (1 - share) * b.mean[c]);
  const second = (x: Moments, c: number) => x.variance[c] + x.mean[c] ** 2;
  return { mean, variance: mean.map((m, c) => share * second(a, c) + (1 - share) * second(b, c) - m ** 2) };
}

const adapted = convs.map((w) => [...w]);
for (let at = values.first ? 0 : 1; at < convs.length; at++) {
  const s = moments(source, convs, at);
  const t = values.mix
    ? mixed(moments(target, adapted, at, dieOf), moments(target, adapted, at, dieOf.map((d) => 1 - d)), dieShare)
    : moments(target, adapted, at);
  const scale = s.variance.map((v, c) => Math.sqrt(v + 1e-3) / Math.sqrt(t.variance[c] + 1e-3));
  const shift = s.mean.map((m, c) => m - scale[c] * t.mean[c]);
  const sorted = [...scale].sort((a, b) => a - b);
  console.error(`${CLASSIFIER_LAYERS[at].name}: spread scaled by ${sorted[0].toFixed(2)}-${sorted[sorted.length - 1].toFixed(2)} (median ${sorted[sorted.length >> 1].toFixed(2)})`);
  const [k, b] = adapted[at];
  adapted[at] = [tf.mul(k, tf.tensor1d(Float32Array.from(scale))), tf.add(tf.mul(b, tf.tensor1d(Float32Array.from(scale))), tf.tensor1d(Float32Array.from(shift)))];
}

// The same topology with the adapted weights: TF.js writes them in its own manifest's order.
mkdirSync(values.out, { recursive: true });
for (const f of ['detector.json', 'detector.weights.bin', 'classifier.json']) copyFileSync(join(values.models, f), join(values.out, f));
CLASSIFIER_LAYERS.forEach((l, i) => net.getLayer(l.name).setWeights(adapted[i]));
const bin = JSON.parse(readFileSync(join(values.models, 'classifier.json'), 'utf8')).weightsManifest[0].paths[0];
await net.save(
  tf.io.withSaveHandler(async (a) => {
    writeFileSync(join(values.out!, bin), new Uint8Array(a.weightData as ArrayBuffer));
    return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
  }),
);
console.error(`written: ${values.out}`);
