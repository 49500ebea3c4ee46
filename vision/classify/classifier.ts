/** The value network over a batch of die crops: per crop, the probability of each class. */
import { tf } from '../tf.ts';
import { CROP } from './nets.ts';

/** The crops as one batch tensor, 0..1 (call inside tf.tidy). */
function batchOf(crops: Uint8Array[]): tf.Tensor4D {
  const batch = new Uint8Array(crops.length * CROP * CROP * 3);
  crops.forEach((c, i) => batch.set(c, i * c.length));
  return tf.tensor(batch, [crops.length, CROP, CROP, 3], 'int32').toFloat().div(255) as tf.Tensor4D;
}

/** `t` as one Float32Array per row of its first axis. */
function rows(t: tf.Tensor, n: number): Float32Array[] {
  const flat = t.dataSync() as Float32Array;
  const width = flat.length / n;
  return Array.from({ length: n }, (_, i) => flat.slice(i * width, (i + 1) * width));
}

/** Class probabilities (index 0 = not a die, k = value k) for each crop of CROP x CROP RGB bytes. */
export function classify(model: tf.LayersModel, crops: Uint8Array[]): Float32Array[] {
  if (crops.length === 0) return [];
  const out = tf.tidy(() => model.predict(batchOf(crops)) as tf.Tensor);
  try {
    return rows(out, crops.length);
  } finally {
    out.dispose();
  }
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
  if (crops.length === 0) return { probs: [], features: [] };
  const [gap, out] = tf.tidy(() => gapModel(model).predict(batchOf(crops)) as tf.Tensor[]);
  try {
    return { probs: rows(out, crops.length), features: rows(gap, crops.length) };
  } finally {
    gap.dispose();
    out.dispose();
  }
}
