/**
 * Turns the weights train.py wrote (dataDir/weights.f32, TF.js order and layout) into the TF.js
 * layers model the reader loads: models/miwin/model.json and models/miwin/weights.bin.
 *
 *   npx tsx models/miwin/export.ts [dataDir]
 */
import * as tf from '@tensorflow/tfjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { miwinModel } from './model.ts';

const dir = process.argv[2] ?? 'models/miwin/.data';
const out = 'models/miwin';
const model = miwinModel();
const raw = readFileSync(join(dir, 'weights.f32'));
const flat = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
let at = 0;
const tensors = model.getWeights().map((w) => {
  const n = w.size;
  const t = tf.tensor(flat.slice(at, at + n), w.shape);
  at += n;
  return t;
});
if (at !== flat.length) throw new Error(`weights.f32 holds ${flat.length} numbers, the model ${at}: train.py and model.ts disagree`);
model.setWeights(tensors);
await model.save(
  tf.io.withSaveHandler(async (a) => {
    writeFileSync(join(out, 'weights.bin'), new Uint8Array(a.weightData as ArrayBuffer));
    const json = { format: 'layers-model', generatedBy: 'models/miwin/export.ts', modelTopology: a.modelTopology, weightsManifest: [{ paths: ['weights.bin'], weights: a.weightSpecs }] };
    writeFileSync(join(out, 'model.json'), JSON.stringify(json));
    return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
  }),
);
console.log(`model.json and weights.bin written to ${out} (${at} weights)`);
