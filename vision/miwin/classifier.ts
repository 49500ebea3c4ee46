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

  /** `crops` holds n crops of CROP*CROP*3 floats (cropDie). */
  classify(crops: Float32Array): MiwinGuess[] {
    const n = crops.length / (CROP * CROP * 3);
    if (n === 0) return [];
    const probs = tf.tidy(() => (this.model.predict(tf.tensor4d(crops, [n, CROP, CROP, 3])) as tf.Tensor).dataSync());
    const k = MIWIN_CLASSES.length;
    return Array.from({ length: n }, (_, i) => {
      let best = 0;
      for (let c = 1; c < k; c++) if (probs[i * k + c] > probs[i * k + best]) best = c;
      return { ...MIWIN_CLASSES[best], confidence: probs[i * k + best] };
    });
  }
}
