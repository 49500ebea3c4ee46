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

export async function loadModels(src: ModelSources): Promise<Models> {
  await useWasm(src.wasmPath);
  const [detector, classifier] = await Promise.all([loadModel(src.detector), loadModel(src.classifier)]);
  return { detector, classifier };
}

export { tf };
