/**
 * The classifier's last layer (`fc`: the `gap` features in, the seven classes' softmax out) as
 * plain numbers, and that layer fine-tuned on a table's taught dice. Every layer below it stays
 * frozen, so the features of a crop are the shipped network's (read.ts hands them to the adapter
 * from the same pass) and training the layer on them is the same as training the copied network
 * with all but its last layer frozen, without a second network in the reader and without a
 * backend that can train: the fit is a few hundred steps of plain arithmetic on a few hundred
 * feature vectors, the same in Node and in the browser's worker, to the bit.
 */
import type { tf } from '../tf.ts';

/** The last layer's weights: `kernel[i * classes + c]` from feature i to class c, and each class's bias. */
export interface Head {
  inputs: number;
  classes: number;
  kernel: Float32Array;
  bias: Float32Array;
}

/** The name of the classifier's last layer (vision/classify/nets.ts). */
export const HEAD_LAYER = 'fc';

/** A copy of the classifier's last layer. */
export function headOf(classifier: tf.LayersModel): Head {
  const [k, b] = classifier.getLayer(HEAD_LAYER).getWeights();
  const [inputs, classes] = k.shape as [number, number];
  return { inputs, classes, kernel: Float32Array.from(k.dataSync() as Float32Array), bias: Float32Array.from(b.dataSync() as Float32Array) };
}

/** The layer's logits of one feature vector. */
function logits(h: Head, f: ArrayLike<number>, out = new Float64Array(h.classes)): Float64Array {
  for (let c = 0; c < h.classes; c++) out[c] = h.bias[c];
  for (let i = 0; i < h.inputs; i++) {
    const x = f[i];
    if (x === 0) continue;
    const row = i * h.classes;
    for (let c = 0; c < h.classes; c++) out[c] += x * h.kernel[row + c];
  }
  return out;
}

function softmaxInPlace(z: Float64Array): Float64Array {
  let max = -Infinity;
  for (const v of z) max = Math.max(max, v);
  let sum = 0;
  for (let c = 0; c < z.length; c++) sum += z[c] = Math.exp(z[c] - max);
  for (let c = 0; c < z.length; c++) z[c] /= sum;
  return z;
}

/** The layer's class probabilities of one crop's features (what the network gives with the shipped head). */
export function headProbs(h: Head, f: ArrayLike<number>): Float32Array {
  return Float32Array.from(softmaxInPlace(logits(h, f)));
}

/** One crop to learn from: its features, its class (0 not a die, k value k), how much it counts. */
export interface Sample {
  features: Float32Array;
  label: number;
  weight: number;
}

export interface TuneOptions {
  /** Adam steps over the whole batch. */
  steps: number;
  /** Adam's step size. */
  rate: number;
  /** Pull of every weight back to the shipped layer's (L2 on the difference, per sample weight): a dozen dice must not move every answer. */
  anchor: number;
}

/**
 * Set beforehand, not tuned on any photos: a few Adam steps at a small rate, from the shipped layer
 * and pulled back to it, so a dozen dice nudge the layer rather than refit it.
 */
export const TUNE_DEFAULTS: TuneOptions = { steps: 80, rate: 0.02, anchor: 0.02 };

/**
 * The layer fitted to `samples` (weighted cross-entropy), starting from `base` and held near it.
 * Deterministic: full-batch Adam in float64.
 */
export function tuneHead(base: Head, samples: Sample[], o: TuneOptions = TUNE_DEFAULTS): Head {
  const { inputs, classes } = base;
  const nk = inputs * classes;
  const w = new Float64Array(nk + classes);
  w.set(base.kernel);
  w.set(base.bias, nk);
  const w0 = Float64Array.from(w);
  const m = new Float64Array(w.length);
  const v = new Float64Array(w.length);
  const g = new Float64Array(w.length);
  const total = samples.reduce((a, s) => a + s.weight, 0);
  if (total === 0) return base;
  const z = new Float64Array(classes);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  for (let step = 1; step <= o.steps; step++) {
    g.fill(0);
    for (const s of samples) {
      // z = softmax(f W + b); dLoss/dlogit = p - onehot, weighted.
      for (let c = 0; c < classes; c++) z[c] = w[nk + c];
      for (let i = 0; i < inputs; i++) {
        const x = s.features[i];
        if (x !== 0) for (let c = 0; c < classes; c++) z[c] += x * w[i * classes + c];
      }
      softmaxInPlace(z);
      z[s.label] -= 1;
      const k = s.weight / total;
      for (let c = 0; c < classes; c++) g[nk + c] += k * z[c];
      for (let i = 0; i < inputs; i++) {
        const x = s.features[i] * k;
        if (x !== 0) for (let c = 0; c < classes; c++) g[i * classes + c] += x * z[c];
      }
    }
    for (let j = 0; j < w.length; j++) {
      const grad = g[j] + o.anchor * (w[j] - w0[j]);
      m[j] = b1 * m[j] + (1 - b1) * grad;
      v[j] = b2 * v[j] + (1 - b2) * grad * grad;
      w[j] -= (o.rate * (m[j] / (1 - b1 ** step))) / (Math.sqrt(v[j] / (1 - b2 ** step)) + eps);
    }
  }
  return { inputs, classes, kernel: Float32Array.from(w.subarray(0, nk)), bias: Float32Array.from(w.subarray(nk)) };
}

/** The head's weights as one array (kernel, then bias): what a dice set keeps. */
export function headWeights(h: Head): Float32Array {
  const out = new Float32Array(h.kernel.length + h.bias.length);
  out.set(h.kernel);
  out.set(h.bias, h.kernel.length);
  return out;
}

/** A head of `inputs` x `classes` from headWeights' array. */
export function headFromWeights(weights: Float32Array, inputs: number, classes: number): Head {
  if (weights.length !== inputs * classes + classes) throw new Error(`headFromWeights: ${weights.length} numbers, not ${inputs * classes + classes}`);
  return { inputs, classes, kernel: weights.slice(0, inputs * classes), bias: weights.slice(inputs * classes) };
}
