import * as tf from '@tensorflow/tfjs';
import { CROP } from '../../vision/miwin/crop.ts';
import { MIWIN_CLASSES } from '../../vision/miwin/dice.ts';

/**
 * A small CNN over a 32x32 RGB crop of one die, one softmax over the 18 (die, face) pairs of
 * Miwin's dice: identity (pip colour) and value (pip count) come out together, and a value a die
 * does not have cannot be predicted. Three conv blocks reach the whole face, which counting needs.
 */
export function miwinModel(): tf.LayersModel {
  const m = tf.sequential();
  m.add(tf.layers.conv2d({ inputShape: [CROP, CROP, 3], filters: 12, kernelSize: 3, padding: 'same', activation: 'relu' }));
  m.add(tf.layers.maxPooling2d({ poolSize: 2 }));
  m.add(tf.layers.conv2d({ filters: 24, kernelSize: 3, padding: 'same', activation: 'relu' }));
  m.add(tf.layers.maxPooling2d({ poolSize: 2 }));
  m.add(tf.layers.conv2d({ filters: 32, kernelSize: 3, padding: 'same', activation: 'relu' }));
  m.add(tf.layers.maxPooling2d({ poolSize: 2 }));
  m.add(tf.layers.flatten());
  m.add(tf.layers.dropout({ rate: 0.3 }));
  m.add(tf.layers.dense({ units: 64, activation: 'relu' }));
  m.add(tf.layers.dense({ units: MIWIN_CLASSES.length, activation: 'softmax' }));
  return m;
}
