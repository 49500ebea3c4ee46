/// <reference types="vite/client" />
/**
 * The camera worker for Miwin's dice: vision/ runs here, off the UI thread. Every frame goes
 * through settle detection; only the frame that settles a still spell is read, and its reading
 * goes back as the observation.
 */
import * as tf from '@tensorflow/tfjs';
import { MiwinClassifier } from '../../vision/miwin/classifier.ts';
import { readMiwin } from '../../vision/miwin/read.ts';
import { Settler } from '../../vision/settle/settle.ts';
import modelUrl from '../../models/miwin/model.json?url';
import weightsUrl from '../../models/miwin/weights.bin?url';
import type { FrameMessage, WorkerMessage } from './protocol.ts';

const post = (m: WorkerMessage) => postMessage(m);
const settler = new Settler();

const ready = (async () => {
  // The model is small (three crops a frame): the plain JS backend keeps the worker free of
  // extra .wasm files and is fast enough here.
  await tf.setBackend('cpu');
  const [modelJson, weights] = await Promise.all([fetch(modelUrl).then((r) => r.json()), fetch(weightsUrl).then((r) => r.arrayBuffer())]);
  return MiwinClassifier.load({ modelJson, weights });
})();

ready.then(
  () => post({ type: 'ready' }),
  (e: unknown) => post({ type: 'failed', message: e instanceof Error ? e.message : String(e) }),
);

onmessage = async (e: MessageEvent<FrameMessage>) => {
  const classifier = await ready;
  const { width, height, data, time } = e.data;
  const frame = { width, height, data: new Uint8ClampedArray(data), time };
  const step = settler.push(frame, (f) => readMiwin(f, classifier));
  post({ type: 'step', moving: step.moving, stillForMs: step.stillForMs, observation: step.observation?.reading ?? null });
};
