import * as tf from '@tensorflow/tfjs';
import { createRng } from '../engine/core/rng.ts';
import { duelBoard } from '../vision/board/board.ts';
import { findMarkers } from '../vision/board/markers.ts';
import { readMiwin } from '../vision/miwin/read.ts';
import { Settler } from '../vision/settle/settle.ts';
import { boardLayer } from '../vision/synth/layers.ts';
import { miwinTable } from '../vision/synth/miwin.ts';
import { cameraOver, renderScene, withNoise } from '../vision/synth/scene.ts';
import { loadCommitted, randomTable } from '../models/miwin/eval.ts';
import { fmt, time } from './timing.ts';

/** Per-frame costs at 640x480 on one core: Miwin reading, settle detection, marker finding (1 px/mm). */
export default async function bench(): Promise<void> {
  await tf.setBackend('cpu');
  const classifier = await loadCommitted();
  const rng = createRng(9);
  const table = miwinTable({ dice: randomTable(rng) }, rng, createRng);
  console.log(`readMiwin, 3 dice, tfjs cpu backend: ${fmt(await time(() => readMiwin(table, classifier), 40))}`);

  // Never still long enough to read: the cost every frame pays while the table is watched.
  const settler = new Settler({ stillMs: Infinity });
  let t = 0;
  const noisy = Array.from({ length: 8 }, () => withNoise(table, 3, rng));
  const still = await time(() => settler.push({ ...noisy[t % 8], time: 33 * t++ }, () => readMiwin(table, classifier)), 100);
  console.log(`Settler.push per frame (no read): ${fmt(still)}`);

  const board = duelBoard();
  const [w, h] = board.size;
  const frame = renderScene({ width: 640, height: 480, camera: cameraOver([w / 2 - 320, h / 2 - 240, 640, 480], 640, 480, { turn: 0.3 }), table: [38, 92, 62], layers: [boardLayer(board)], noise: 3, rng });
  console.log(`findMarkers: ${fmt(await time(() => findMarkers(frame), 30))}`);
}
