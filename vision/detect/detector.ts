/**
 * Die proposals from the detector network: local maxima of its "die centred here" map at each
 * pyramid level, each with the box its offset and size outputs describe (in frame pixels).
 */
import { forward, tf, unitTensor } from '../tf.ts';
import { DET_MAX, DET_MIN, DET_SIZE_UNIT, DET_STRIDE } from '../classify/nets.ts';
import type { Box } from './boxes.ts';
import type { LevelInput } from './levels.ts';

export interface Proposal {
  box: Box;
  /** Detector score 0..1. */
  score: number;
  /** The pyramid level it was found at. */
  factor: number;
}

/** Proposals scoring at least `minScore` at one pyramid level, boxes in frame pixels. */
export function propose(model: tf.LayersModel, input: LevelInput, minScore: number): Proposal[] {
  // A level with less than one output cell (a thumbnail shrunk 4x) has no die to find, and its
  // pooled-away tensor makes the wasm backend read out of bounds.
  if (input.width < DET_STRIDE || input.height < DET_STRIDE) return [];
  const out = tf.tidy(() => {
    return (forward(model, unitTensor(input.data, [1, input.height, input.width, 3])) as tf.Tensor).squeeze([0]);
  });
  const [H, W] = out.shape;
  const v = out.dataSync();
  out.dispose();
  const f = input.factor;
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
      const cx = (j + v[o + 1]) * DET_STRIDE * f;
      const cy = (i + v[o + 2]) * DET_STRIDE * f;
      // Sizes come out as logarithms (dice of 4 and of 56 px weigh alike in training).
      const w = Math.exp(Math.min(4, v[o + 3])) * DET_SIZE_UNIT * f;
      const h2 = Math.exp(Math.min(4, v[o + 4])) * DET_SIZE_UNIT * f;
      proposals.push({ box: [cx - w / 2, cy - h2 / 2, w, h2], score, factor: f });
    }
  }
  return proposals;
}

/** Longer side of a proposal in its level's pixels. */
export const levelSize = (p: Proposal) => Math.max(p.box[2], p.box[3]) / p.factor;

/**
 * The proposals of several levels as one list: each level speaks for the sizes it was trained on
 * (the finest also for anything smaller, the coarsest for anything bigger), and where two levels
 * propose the same die the higher score stays.
 */
export function mergeLevels(levels: Proposal[][]): Proposal[] {
  const factors = levels.map((l) => l[0]?.factor ?? Infinity);
  const finest = Math.min(...factors);
  const coarsest = Math.max(...levels.map((l) => l[0]?.factor ?? 0));
  const inRange = (p: Proposal) =>
    (p.factor === finest || levelSize(p) >= DET_MIN * 0.8) && (p.factor === coarsest || levelSize(p) <= DET_MAX * 1.25);
  const all = levels.flat().filter(inRange).sort((a, b) => b.score - a.score);
  const kept: Proposal[] = [];
  for (const p of all) {
    const size = Math.max(p.box[2], p.box[3]);
    const same = kept.some((k) => {
      const ks = Math.max(k.box[2], k.box[3]);
      const d = Math.hypot(k.box[0] + k.box[2] / 2 - p.box[0] - p.box[2] / 2, k.box[1] + k.box[3] / 2 - p.box[1] - p.box[3] / 2);
      return k.factor !== p.factor && d < 0.35 * Math.max(size, ks) && Math.max(size, ks) / Math.min(size, ks) < 1.6;
    });
    if (!same) kept.push(p);
  }
  return kept;
}
