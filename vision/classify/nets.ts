/**
 * The two small networks of the reader, defined once here so that inference (TF.js) and the
 * weight export (models/train.py writes weights in this layer order and these shapes) agree.
 *
 * - The detector sees the frame shrunk to a level of a pyramid (vision/detect/levels.ts) and
 *   answers, on a grid of DET_STRIDE pixels of its input, "is a die centred here" (sigmoid), the
 *   centre's offset within the cell and the die's width and height (natural logarithms, in
 *   DET_SIZE_UNIT input pixels). It is trained on dice of DET_MIN to DET_MAX input pixels; the pyramid brings the
 *   dice of any frame into that range. Fully convolutional: any input size.
 * - The classifier sees one die crop (CROP x CROP RGB) and answers not-a-die / 1 .. 6.
 *
 * Both use only conv + ReLU + max-pool + global average pool + dense, which PyTorch and TF.js
 * compute identically (no stride-2 padding asymmetry, no flatten order).
 */
import * as tf from '@tensorflow/tfjs';

/** Side of a classifier crop in pixels. */
export const CROP = 48;
/** One detector output cell covers DET_STRIDE pixels of the detector's input. */
export const DET_STRIDE = 4;
/** Unit of the detector's size outputs, in pixels of its input (the outputs are logarithms of it). */
export const DET_SIZE_UNIT = 16;
/** Die sizes (longer box side, detector input pixels) a pyramid level answers for. */
export const DET_MIN = 4;
export const DET_MAX = 32;
/** Classifier classes: 0 = not a die, k = face value k. */
export const CLASSES = 7;

export interface ConvSpec {
  name: string;
  filters: number;
  kernel: number;
  dilation?: number;
  /** Max-pool 2x2 after this layer. */
  pool?: boolean;
  /** No ReLU (the output layer). */
  linear?: boolean;
  /**
   * Depthwise-separable (a k x k filter per input channel, then a 1 x 1 conv mixing them): a
   * trial of a cheaper detector (models/train.py --det-separable).
   */
  separable?: boolean;
}

/**
 * Receptive field 50 input pixels: a die of DET_MAX with the table around it. Plain 3x3 convs
 * after two poolings, no dilation: PyTorch trains dilated convs five times slower on the CPU.
 */
export const DETECTOR_LAYERS: ConvSpec[] = [
  { name: 'd1', filters: 16, kernel: 3, pool: true },
  { name: 'd2', filters: 24, kernel: 3, pool: true },
  { name: 'd3', filters: 32, kernel: 3 },
  { name: 'd4', filters: 32, kernel: 3 },
  { name: 'd5', filters: 32, kernel: 3 },
  { name: 'd6', filters: 32, kernel: 3 },
  { name: 'd7', filters: 32, kernel: 3 },
  { name: 'dout', filters: 5, kernel: 1, linear: true },
];

export const CLASSIFIER_LAYERS: ConvSpec[] = [
  { name: 'c1', filters: 16, kernel: 3, pool: true },
  { name: 'c2', filters: 32, kernel: 3, pool: true },
  { name: 'c3', filters: 48, kernel: 3 },
  { name: 'c4', filters: 64, kernel: 3, pool: true },
  { name: 'c5', filters: 96, kernel: 3 },
];

function convStack(model: tf.Sequential, layers: ConvSpec[], inputShape: number[]): void {
  layers.forEach((l, i) => {
    const common = {
      name: l.name,
      filters: l.filters,
      kernelSize: l.kernel,
      dilationRate: l.dilation ?? 1,
      padding: 'same' as const,
      activation: l.linear ? ('linear' as const) : ('relu' as const),
      ...(i === 0 ? { inputShape } : {}),
    };
    model.add(l.separable ? tf.layers.separableConv2d(common) : tf.layers.conv2d(common));
    if (l.pool) model.add(tf.layers.maxPooling2d({ name: `${l.name}_pool`, poolSize: 2, strides: 2 }));
  });
}

export function detectorNet(layers: ConvSpec[] = DETECTOR_LAYERS): tf.Sequential {
  const m = tf.sequential({ name: 'dice_detector' });
  convStack(m, layers, [null, null, 3] as unknown as number[]);
  return m;
}

/**
 * A network's layers as trained weights have them: each conv's width from its kernel's shape
 * ([k, k, in, out], then its bias; a separable conv: [k, k, in, 1], [1, 1, in, out], bias), so a
 * trial's wider, narrower or separable network (models/train.py --cls-width, --det-filters,
 * --det-separable) exports as it was trained. `extra`: weight arrays after the convs (the
 * classifier's dense layer).
 */
function layersOf(base: ConvSpec[], shapes: number[][], extra: number, what: string): ConvSpec[] {
  let at = 0;
  const layers = base.map((l) => {
    const [kernel, next] = [shapes[at], shapes[at + 1]];
    const separable = l.kernel > 1 && kernel?.[3] === 1 && next?.length === 4 && next[0] === 1;
    at += separable ? 3 : 2;
    return separable ? { ...l, filters: next[3], separable } : { ...l, filters: kernel?.[3] };
  });
  if (at + extra !== shapes.length || layers.some((l) => !(l.filters > 0))) {
    throw new Error(`a ${what} has ${2 * base.length + extra} weight arrays (3 for a separable conv), not ${shapes.length}`);
  }
  return layers;
}

export const classifierLayersOf = (shapes: number[][]) => layersOf(CLASSIFIER_LAYERS, shapes, 2, 'classifier');
export const detectorLayersOf = (shapes: number[][]) => layersOf(DETECTOR_LAYERS, shapes, 0, 'detector');

/** The classifier; `layers` other than CLASSIFIER_LAYERS only for trials (classifierLayersOf). */
export function classifierNet(layers: ConvSpec[] = CLASSIFIER_LAYERS): tf.Sequential {
  const m = tf.sequential({ name: 'dice_classifier' });
  convStack(m, layers, [CROP, CROP, 3]);
  m.add(tf.layers.globalAveragePooling2d({ name: 'gap' }));
  m.add(tf.layers.dense({ name: 'fc', units: CLASSES, activation: 'softmax' }));
  return m;
}
