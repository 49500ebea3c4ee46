import type { Tafel } from '../../engine/engel-und-bengel/tafel.ts';
import type { HuhDie } from '../../engine/himmel-und-hoelle/state.ts';
import { tafelObservation } from '../../renderer/games/engel-und-bengel/camera.ts';
import { duelObservation } from '../../renderer/games/himmel-und-hoelle/camera.ts';
import { duelBoard, placedTafelBoard, type Board } from '../../vision/board/board.ts';
import { BoardTracker, realDice, withFields } from '../../vision/board/calibration.ts';
import { read, REFEREE_THRESHOLDS } from '../../vision/read.ts';
import type { Models } from '../../vision/tf.ts';
import type { Frame } from '../../vision/types.ts';
import { SIDE_COLOURS } from './duel-video.ts';
import { throughFakeCamera } from './y4m.ts';

/**
 * A fixture frame as the camera worker has it before the dice get their fields: through what
 * Chromium's fake camera does to it, the board's markers, `read` with the referee's thresholds, no
 * die on a marker. Null where the board is not found.
 */
export async function boardRead(frame: Frame, board: Board, models: Models) {
  const seen = throughFakeCamera(frame);
  const track = new BoardTracker(board).update(seen);
  if (!track.calibration) return null;
  return { seen, calibration: track.calibration, reading: realDice(track.calibration, await read(seen, { models, thresholds: REFEREE_THRESHOLDS })) };
}

/**
 * A fixture frame read in Node as the app reads it (for the reader-check scripts and
 * bench/fixture-dice.ts): `boardRead`, then the field under each die. Null where the board is not found.
 */
async function fieldsSeen(frame: Frame, board: Board, models: Models) {
  const r = await boardRead(frame, board, models);
  return r && withFields(r.calibration, r.reading);
}

/** What the Engel und Bengel screen makes of a frame of `tafel` (null: the Tafel not found). */
export async function tafelSeen(frame: Frame, tafel: Tafel, models: Models) {
  const fields = await fieldsSeen(frame, placedTafelBoard(tafel), models);
  return fields && tafelObservation(fields);
}

/** What the duel's screen makes of a frame of its board, Himmel white and Hölle red (null: the board not found). */
export async function duelSeen(frame: Frame, models: Models) {
  const fields = await fieldsSeen(frame, duelBoard(), models);
  return fields && duelObservation(fields, SIDE_COLOURS);
}

/** A duel die as text (side, place, pips), so that boards compare as sorted lists. */
export const duelKey = (d: HuhDie) => `${d.side}${d.at}${d.pips}`;

/** Whether two boards hold the same dice, each on the same place with the same pips, in any order. */
export const sameDuelDice = (a: readonly HuhDie[], b: readonly HuhDie[]) => a.map(duelKey).sort().join() === b.map(duelKey).sort().join();
