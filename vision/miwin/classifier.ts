import * as tf from '@tensorflow/tfjs';
import { CROP } from './crop.ts';
import { MIWIN_CLASSES, type MiwinDie } from './dice.ts';

/** The TF.js layers model as files hold it: model.json parsed, and its weights.bin. */
export interface MiwinWeights {
  modelJson: { modelTopology: object; weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[] };
  weights: ArrayBuffer;
}

export interface MiwinGuess {
  die: MiwinDie;
  value: number;
  /** Softmax probability of the best (die, face) pair. */
  confidence: number;
}

/**
 * The trained classifier (models/miwin/): crops in, (die, face) pairs out. Loading takes the
 * files' contents, not paths, so Node reads them from disk and a Worker fetches them.
 */
export class MiwinClassifier {
  private constructor(private readonly model: tf.LayersModel) {}

  static async load(w: MiwinWeights): Promise<MiwinClassifier> {
    const artifacts: tf.io.ModelArtifacts = {
      modelTopology: w.modelJson.modelTopology,
      weightSpecs: w.modelJson.weightsManifest.flatMap((g) => g.weights),
      weightData: w.weights,
    };
    return new MiwinClassifier(await tf.loadLayersModel(tf.io.fromMemory(artifacts)));
  }

  /** Each crop's probabilities of the 18 (die, face) pairs, in MIWIN_CLASSES order. `crops` holds n crops of CROP*CROP*3 floats (cropDie). */
  probabilities(crops: Float32Array): Float32Array[] {
    const n = crops.length / (CROP * CROP * 3);
    if (n === 0) return [];
    const probs = tf.tidy(() => (this.model.predict(tf.tensor4d(crops, [n, CROP, CROP, 3])) as tf.Tensor).dataSync());
    const k = MIWIN_CLASSES.length;
    return Array.from({ length: n }, (_, i) => Float32Array.from(probs.subarray(i * k, (i + 1) * k)));
  }

  /** The best (die, face) pair of each crop. */
  classify(crops: Float32Array): MiwinGuess[] {
    return this.probabilities(crops).map((p) => best(p, MIWIN_CLASSES.map((_, c) => c)));
  }
}

/** The likeliest of the classes `among` (indices into MIWIN_CLASSES), its probability among those. */
export function best(p: Float32Array, among: number[]): MiwinGuess {
  let top = among[0];
  let sum = 0;
  for (const c of among) {
    if (p[c] > p[top]) top = c;
    sum += p[c];
  }
  return { ...MIWIN_CLASSES[top], confidence: p[top] / (sum || 1) };
}
