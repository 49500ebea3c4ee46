/** The committed reader models (models/dice/) loaded from disk for the CLI, tests and bench. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { loadModel, loadModels, useWasm, type ModelSource, type Models, tf } from '../../vision/tf.ts';

export const MODEL_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../models/dice');

/** A TF.js model's `name`.json in `dir` and the weights file its manifest names. */
export function fromDisk(dir: string, name: string): Exclude<ModelSource, string> {
  const json = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
  const bin = readFileSync(join(dir, json.weightsManifest[0].paths[0]));
  return { json, weights: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) };
}

/** The directory of tfjs-backend-wasm's .wasm files, as `useWasm` takes it. */
export const wasmPath = () => dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + '/';

export function loadModelsFromDisk(dir = MODEL_DIR): Promise<Models> {
  return loadModels({ detector: fromDisk(dir, 'detector'), classifier: fromDisk(dir, 'classifier'), wasmPath: wasmPath() });
}

/** The detector alone (models/make-data.ts cuts classifier crops where it puts its boxes). */
export async function loadDetectorFromDisk(dir = MODEL_DIR): Promise<tf.LayersModel> {
  await useWasm(wasmPath());
  return loadModel(fromDisk(dir, 'detector'));
}
