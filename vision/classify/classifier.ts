/** The value network over a batch of die crops: per crop, the probability of each class. */
import { tf } from '../tf.ts';
import { CLASSES, CROP } from './nets.ts';

/** Class probabilities (index 0 = not a die, k = value k) for each crop of CROP x CROP RGB bytes. */
export function classify(model: tf.LayersModel, crops: Uint8Array[]): Float32Array[] {
  if (crops.length === 0) return [];
  const batch = new Uint8Array(crops.length * CROP * CROP * 3);
  crops.forEach((c, i) => batch.set(c, i * c.length));
  const out = tf.tidy(() => {
    const x = tf.tensor(batch, [crops.length, CROP, CROP, 3], 'int32').toFloat().div(255);
    return model.predict(x) as tf.Tensor;
  });
  const p = out.dataSync() as Float32Array;
  out.dispose();
  return crops.map((_, i) => p.slice(i * CLASSES, (i + 1) * CLASSES));
}
