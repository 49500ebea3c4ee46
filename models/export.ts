/**
 * Raw weights from models/train.py into the TF.js layers format (model.json + one float32 .bin),
 * by building each network from vision/classify/nets.ts, setting the weights (TF.js checks every
 * shape) and saving through TF.js's own artifact writer.
 * Usage: tsx models/export.ts [--data .cache/dice-data] [--out models/dice] [--nets detector,classifier]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { classifierLayersOf, classifierNet, detectorLayersOf, detectorNet } from '../vision/classify/nets.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '.cache/dice-data' },
    out: { type: 'string', default: 'models/dice' },
    nets: { type: 'string', default: 'detector,classifier' },
  },
});
mkdirSync(values.out!, { recursive: true });

async function exportNet(name: string, build: (shapes: number[][]) => tf.LayersModel): Promise<void> {
  const shapes = JSON.parse(readFileSync(join(values.data!, `${name}.shapes.json`), 'utf8')) as number[][];
  const model = build(shapes);
  const raw = readFileSync(join(values.data!, `${name}.weights.f32`));
  const all = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
  let o = 0;
  const weights = shapes.map((s) => {
    const n = s.reduce((a, b) => a * b, 1);
    const t = tf.tensor(all.slice(o, o + n), s);
    o += n;
    return t;
  });
  if (o !== all.length) throw new Error(`${name}: ${all.length - o} weights left over`);
  model.setWeights(weights);
  await model.save(
    tf.io.withSaveHandler(async (a) => {
      const bin = `${name}.weights.bin`;
      writeFileSync(join(values.out!, bin), new Uint8Array(a.weightData as ArrayBuffer));
      const json = {
        format: 'layers-model',
        generatedBy: `TensorFlow.js tfjs-layers v${tf.version.tfjs}`,
        convertedBy: 'models/export.ts (weights trained by models/train.py)',
        modelTopology: a.modelTopology,
        weightsManifest: [{ paths: [bin], weights: a.weightSpecs }],
      };
      writeFileSync(join(values.out!, `${name}.json`), JSON.stringify(json));
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  console.log(`${name}: ${o} weights (${(o * 4) / 1024} KiB) -> ${values.out}/${name}.json`);
}

const builders: Record<string, (shapes: number[][]) => tf.LayersModel> = {
  detector: (shapes) => detectorNet(detectorLayersOf(shapes)),
  classifier: (shapes) => classifierNet(classifierLayersOf(shapes)),
};
for (const name of values.nets!.split(',')) {
  if (!builders[name]) throw new Error(`--nets: detector and/or classifier, not ${name}`);
  await exportNet(name, builders[name]);
}
