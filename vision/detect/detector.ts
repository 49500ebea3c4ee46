/**
 * Die proposals from the detector network: local maxima of its "die centred here" map, each with
 * the box its offset and size outputs describe (in source pixels).
 */
import { tf } from '../tf.ts';
import { DET_SIZE_UNIT, DET_STRIDE } from '../classify/nets.ts';
import type { Box } from './boxes.ts';

export interface Proposal {
  box: Box;
  /** Detector score 0..1. */
  score: number;
}

/** Proposals scoring at least `minScore` from the detector input (RGB bytes, width x height). */
export function propose(model: tf.LayersModel, input: { data: Uint8Array; width: number; height: number }, minScore: number): Proposal[] {
  const out = tf.tidy(() => {
    const x = tf.tensor(input.data, [1, input.height, input.width, 3], 'int32').toFloat().div(255);
    return (model.predict(x) as tf.Tensor).squeeze([0]);
  });
  const [H, W] = out.shape;
  const v = out.dataSync();
  out.dispose();
  const heat = (i: number, j: number) => v[(i * W + j) * 5];
  const proposals: Proposal[] = [];
  for (let i = 0; i < H; i++) {
    for (let j = 0; j < W; j++) {
      const h = heat(i, j);
      const score = 1 / (1 + Math.exp(-h));
      if (score < minScore) continue;
      let peak = true;
      for (let di = -1; di <= 1 && peak; di++) {
        for (let dj = -1; dj <= 1; dj++) {
          const a = i + di;
          const b = j + dj;
          if ((di || dj) && a >= 0 && b >= 0 && a < H && b < W && heat(a, b) > h) {
            peak = false;
            break;
          }
        }
      }
      if (!peak) continue;
      const o = (i * W + j) * 5;
      const cx = (j + v[o + 1]) * DET_STRIDE;
      const cy = (i + v[o + 2]) * DET_STRIDE;
      const w = Math.max(4, v[o + 3] * DET_SIZE_UNIT);
      const h2 = Math.max(4, v[o + 4] * DET_SIZE_UNIT);
      proposals.push({ box: [cx - w / 2, cy - h2 / 2, w, h2], score });
    }
  }
  return proposals;
}
