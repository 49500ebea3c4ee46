/** The committed reader models (models/dice/) loaded from disk for the CLI, tests and bench. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { loadModels, type ModelSource, type Models } from '../../vision/tf.ts';

export const MODEL_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../models/dice');

function fromDisk(dir: string, name: string): ModelSource {
  const json = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
  const bin = readFileSync(join(dir, json.weightsManifest[0].paths[0]));
  return { json, weights: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) };
}

export function loadModelsFromDisk(dir = MODEL_DIR): Promise<Models> {
  const wasmDir = dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  return loadModels({ detector: fromDisk(dir, 'detector'), classifier: fromDisk(dir, 'classifier'), wasmPath: wasmDir + '/' });
}
