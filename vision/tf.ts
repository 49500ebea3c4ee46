/**
 * TF.js for the reader: the wasm backend (fast inference in Node and in a Web Worker), and the
 * two networks loaded from the TF.js layers format. Node hands over the files' contents (the CLI
 * reads them), a browser hands over URLs.
 */
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

/** A model in the TF.js layers format: its URL, or its model.json and weights file contents. */
export type ModelSource = string | { json: { modelTopology: object; weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[] }; weights: ArrayBuffer };

export interface ModelSources {
  detector: ModelSource;
  classifier: ModelSource;
  /** Where the tfjs-backend-wasm .wasm files are (a directory path in Node, a URL prefix in a browser). */
  wasmPath: string;
}

export interface Models {
  detector: tf.LayersModel;
  classifier: tf.LayersModel;
}

export async function loadModel(src: ModelSource): Promise<tf.LayersModel> {
  if (typeof src === 'string') return tf.loadLayersModel(src);
  return tf.loadLayersModel(
    tf.io.fromMemory({ modelTopology: src.json.modelTopology, weightSpecs: src.json.weightsManifest.flatMap((m) => m.weights), weightData: src.weights }),
  );
}

let backend: Promise<void> | undefined;

/** Selects the wasm backend once (`wasmPath` as in ModelSources). */
export async function useWasm(wasmPath: string): Promise<void> {
  backend ??= (async () => {
    // Production mode: no debug checks, and no console advice to install tfjs-node.
    tf.env().set('PROD', true);
    setWasmPaths(wasmPath);
    await tf.setBackend('wasm');
    await tf.ready();
  })();
  await backend;
}

/** The TF.js backends the reader runs on: wasm everywhere, WebGL where a browser has a GPU. */
export type Backend = 'wasm' | 'webgl';

/**
 * Switches TF.js to `backend` (after loadModels, which set the wasm paths; the weights follow by
 * themselves). False where it cannot start; then the caller must switch to one that can.
 */
export async function useBackend(backend: Backend): Promise<boolean> {
  if (!(await tf.setBackend(backend))) return false;
  await tf.ready();
  return true;
}

export async function loadModels(src: ModelSources): Promise<Models> {
  await useWasm(src.wasmPath);
  const [detector, classifier] = await Promise.all([loadModel(src.detector), loadModel(src.classifier)]);
  return { detector, classifier };
}

/**
 * Byte b as b / 255 in float32: what `tf.tensor(bytes, shape, 'int32').toFloat().div(255)` gives
 * (a float32 division of small integers is exact to the last bit either way; the unit test checks
 * all 256), without two tensor ops and an int32 copy of every frame and crop batch.
 */
const UNIT = Float32Array.from({ length: 256 }, (_, b) => b / 255);

/** RGB bytes (one array, or several laid end to end) as a float32 tensor of `shape`, 0..1. */
export function unitTensor(bytes: Uint8Array | Uint8Array[], shape: number[]): tf.Tensor {
  const parts = Array.isArray(bytes) ? bytes : [bytes];
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) for (let i = 0; i < p.length; i++) out[o++] = UNIT[p[i]];
  return tf.tensor(out, shape, 'float32');
}

/**
 * The network's output for `x` (call inside tf.tidy). `model.apply` runs the same layers and
 * kernels as `model.predict`, to the bit (test/vision/read-fast.test.ts), without predict's
 * input checks, its copy of the input (a Slice of a whole pyramid level) and, beyond 32 crops,
 * its concatenation of the batches' outputs: up to a millisecond a call, five or more calls a frame.
 */
export function forward(model: tf.LayersModel, x: tf.Tensor): tf.Tensor | tf.Tensor[] {
  return model.apply(x, { training: false }) as tf.Tensor | tf.Tensor[];
}

export { tf };
