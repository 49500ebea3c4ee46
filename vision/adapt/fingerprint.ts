/**
 * A short name for a classifier's weights: a dice set is taught on the `gap` features of one set
 * of weights, and is valid only with those. Not a security hash (nothing here is secret or
 * signed): two independent 32-bit hashes over the weights' bytes, enough that retrained weights
 * never pass for the old ones.
 */
import { tf } from '../tf.ts';

/** 16 hex digits for the float32 bytes of `arrays`, in order. */
export function fingerprint(arrays: Float32Array[]): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  let n = 0;
  for (const arr of arrays) {
    const words = new Uint32Array(arr.buffer, arr.byteOffset, arr.length);
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      a = Math.imul(a ^ w, 0x01000193);
      b = Math.imul(b ^ w, 0x5bd1e995);
      b ^= b >>> 15;
    }
    // The shapes count too: the same numbers split otherwise are other weights.
    a = Math.imul(a ^ arr.length, 0x01000193);
    n += arr.length;
  }
  b = Math.imul(b ^ n, 0x5bd1e995);
  const hex = (x: number) => (x >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b);
}

/** The fingerprint of a loaded model's weights. */
export function modelFingerprint(model: tf.LayersModel): string {
  return fingerprint(model.getWeights().map((w) => w.dataSync() as Float32Array));
}
