/** The value network over a batch of die crops: per crop, the probability of each class. */
import { forward, tf, unitTensor } from '../tf.ts';
import { CROP } from './nets.ts';

/** The crops as one batch tensor, 0..1 (call inside tf.tidy). */
function batchOf(crops: Uint8Array[]): tf.Tensor4D {
  return unitTensor(crops, [crops.length, CROP, CROP, 3]) as tf.Tensor4D;
}

/** `t` as one Float32Array per row of its first axis. */
export function rows(t: tf.Tensor, n: number): Float32Array[] {
  const flat = t.dataSync() as Float32Array;
  const width = flat.length / n;
  return Array.from({ length: n }, (_, i) => flat.slice(i * width, (i + 1) * width));
}

/**
 * Crops per network call, as `predict` split them: a printed board's hundreds of proposals in one
 * batch would take tens of MB of activations at once.
 */
const BATCH = 32;

/** `f` over `crops` in batches of at most BATCH, the answers joined. */
export function batched<T>(crops: Uint8Array[], f: (part: Uint8Array[]) => T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < crops.length; i += BATCH) out.push(...f(crops.slice(i, i + BATCH)));
  return out;
}

/** Class probabilities (index 0 = not a die, k = value k) for each crop of CROP x CROP RGB bytes. */
export function classify(model: tf.LayersModel, crops: Uint8Array[]): Float32Array[] {
  return batched(crops, (part) => {
    const out = tf.tidy(() => forward(model, batchOf(part)) as tf.Tensor);
    try {
      return rows(out, part.length);
    } finally {
      out.dispose();
    }
  });
}

/**
 * The classifier with a second output: the global average pooling layer `gap` that feeds its
 * last dense layer. Built once per model; the weights are the model's own.
 */
const withGap = new WeakMap<tf.LayersModel, tf.LayersModel>();
function gapModel(model: tf.LayersModel): tf.LayersModel {
  let m = withGap.get(model);
  if (!m) {
    m = tf.model({ inputs: model.inputs, outputs: [model.getLayer('gap').output as tf.SymbolicTensor, model.outputs[0]] });
    withGap.set(model, m);
  }
  return m;
}

/**
 * As `classify`, and with each crop's `gap` features (the input of the last layer, `fc`) from the
 * same pass: what a dice set taught to the reader (vision/adapt/) works on.
 */
export function classifyWithFeatures(model: tf.LayersModel, crops: Uint8Array[]): { probs: Float32Array[]; features: Float32Array[] } {
  const both = batched(crops, (part) => {
    const [gap, out] = tf.tidy(() => forward(gapModel(model), batchOf(part)) as tf.Tensor[]);
    try {
      const [probs, features] = [rows(out, part.length), rows(gap, part.length)];
      return probs.map((p, i) => ({ p, f: features[i] }));
    } finally {
      gap.dispose();
      out.dispose();
    }
  });
  return { probs: both.map((x) => x.p), features: both.map((x) => x.f) };
}
