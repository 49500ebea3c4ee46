/// <reference types="vite/client" />
/**
 * The camera worker for Miwin's dice: vision/ runs here, off the UI thread. Every frame goes
 * through settle detection; only the frame that settles a still spell is read (only the patches
 * that changed since the position Plus took, miwin-camera.ts), and its reading goes back as the
 * observation. A Miwin dice set the players taught (vision/adapt/miwin.ts:
 * their light and their dice's pip colours) is used for every reading.
 */
import * as tf from '@tensorflow/tfjs';
import { DiceSetError } from '../../vision/adapt/dice-set.ts';
import { prepareMiwin } from '../../vision/adapt/miwin.ts';
import { patchAt } from '../../vision/adapt/sample.ts';
import { MiwinClassifier } from '../../vision/miwin/classifier.ts';
import { readMiwin, type TaughtLook } from '../../vision/miwin/read.ts';
import modelUrl from '../../models/miwin/model.json?url';
import weightsUrl from '../../models/miwin/weights.bin?url';
import type { FrameMessage, LookAnswer, SetAnswer, TeachMessage, VerdictMessage, WorkerMessage } from './protocol.ts';
import { MiwinCamera } from './miwin-camera.ts';
import { frameOf, unreadableFrame } from './looked-frame.ts';
import { answerSet } from './set-answer.ts';

const post = (m: WorkerMessage) => postMessage(m);
let taught: TaughtLook | undefined;

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

/** Reads with the Miwin set of `text` from now on (null: none); a bad set changes nothing. */
function useMiwinSet(text: unknown, classifier: MiwinClassifier): Promise<SetAnswer> {
  return answerSet(
    text,
    () => (taught = undefined),
    (set) => {
      if (set.kind !== 'miwin') throw new DiceSetError({ de: 'Das ist kein Würfelsatz für Miwins Würfel.', en: "This is no dice set for Miwin's dice." });
      const ready = prepareMiwin(classifier, set);
      taught = ready.taught;
      return { set: ready.set, retaught: false };
    },
  );
}

function lookAt(m: unknown, classifier: MiwinClassifier): LookAnswer {
  const frame = frameOf(m);
  if (!frame) return { type: 'look', dice: [], problem: { de: 'Kein Kamerabild zu lesen.', en: 'No camera picture to read.' } };
  try {
    const reading = readMiwin(frame, classifier, { taught });
    return { type: 'look', dice: reading.dice.map((d) => ({ box: d.box, value: d.value, ...(d.miwin ? { die: d.miwin } : {}), patch: patchAt(frame, d.box) })), problem: null };
  } catch (e) {
    return { type: 'look', dice: [], problem: unreadableFrame(e) };
  }
}

/** Settling and the table's reference (miwin-camera.ts), reading with the set in use. */
const camera = ready.then((classifier) => new MiwinCamera((f) => readMiwin(f, classifier, { taught })));

onmessage = async (e: MessageEvent<FrameMessage | VerdictMessage | TeachMessage>) => {
  const classifier = await ready;
  if ('taken' in e.data) return (await camera).verdict(e.data.taken);
  if ('look' in e.data) return post(lookAt(e.data.look, classifier));
  if ('diceSet' in e.data) return post(await useMiwinSet(e.data.diceSet, classifier));
  const { width, height, data, time } = e.data;
  const frame = { width, height, data: new Uint8ClampedArray(data), time };
  try {
    const { moving, stillForMs, observation, problem } = await (await camera).frame(frame);
    post({ type: 'step', moving, stillForMs, observation, ...(problem ? { problem } : {}) });
  } catch (err) {
    post({ type: 'step', moving: false, stillForMs: 0, observation: null, problem: unreadableFrame(err) });
  }
};
