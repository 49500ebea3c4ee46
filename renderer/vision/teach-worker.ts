/**
 * The teaching side of the d6 camera worker (dice-worker.ts): the dice set in use, made ready for
 * the reader from its file text, and a frame read for the players to confirm, each die with the
 * patch of the frame a dice set keeps of it. Runs in the worker, so teaching (the taught dice
 * through the classifier) never stalls the screen. Everything arrives as text or a frame and is
 * checked here: a dice set only through `parseDiceSet`.
 */
import { cutPatch } from '../../vision/adapt/patch.ts';
import { prepare } from '../../vision/adapt/teach.ts';
import { frameToRgb } from '../../vision/detect/frame.ts';
import { loadCv } from '../../vision/detect/opencv.ts';
import { read, REFEREE_THRESHOLDS, type Adapter } from '../../vision/read.ts';
import type { Models } from '../../vision/tf.ts';
import type { DieReading } from '../../vision/types.ts';
import type { LookAnswer, SetAnswer } from './protocol.ts';
import { frameOf, unreadableFrame } from './looked-frame.ts';
import { answerSet } from './set-answer.ts';

let adapter: Adapter | undefined;

/** The adjustment of the dice set in use, for every reading of the worker (none: the plain reader). */
export const currentAdapter = (): Adapter | undefined => adapter;

/**
 * Uses the dice set of `text` (null: none) from now on. A set taught on other classifier weights
 * is taught again from its kept pictures (teach.ts `prepare`); the answer carries the set as it
 * now stands, to be stored.
 */
export function useSet(text: unknown, models: Models): Promise<SetAnswer> {
  return answerSet(
    text,
    () => (adapter = undefined),
    async (set) => {
      const ready = prepare(await loadCv(), models.classifier, set);
      adapter = ready.adapter;
      return ready;
    },
  );
}

/** The frame read as the game would read it (with the set in use), each die with its patch, and the boxes just under the die bar. */
export async function lookAt(m: unknown, models: Models): Promise<LookAnswer> {
  const frame = frameOf(m);
  if (!frame) return { type: 'look', dice: [], problem: { de: 'Kein Kamerabild zu lesen.', en: 'No camera picture to read.' } };
  try {
    const reading = await read(frame, { models, thresholds: REFEREE_THRESHOLDS, adapter, near: true });
    const cv = await loadCv();
    const rgb = frameToRgb(cv, frame);
    try {
      const looked = (d: DieReading) => ({ box: d.box, value: d.value, patch: cutPatch(cv, rgb, d.box) });
      return { type: 'look', dice: reading.dice.map(looked), near: (reading.near ?? []).map(looked), problem: null };
    } finally {
      rgb.delete();
    }
  } catch (e) {
    return { type: 'look', dice: [], problem: unreadableFrame(e) };
  }
}
