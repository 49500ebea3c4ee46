/// <reference types="vite/client" />
/**
 * The camera worker for standard d6 on a printed board (an Engel und Bengel Tafel): every frame
 * goes through settle detection; a frame the Settler asks to read (the one that settles a still
 * spell, and later ones while its reading has a die that could not be read) is calibrated by the
 * board's corner markers (the calibration is kept while they stay put), or by four corners the
 * user clicked where no markers are in view, and read by the dice reader, and each die gets the
 * field under its centre. A dice set the players taught (docs/teach-dice.md) adjusts every reading.
 */
import type { Text } from '../../engine/core/text.ts';
import { BoardTracker, realDice, withFields, type TrackResult } from '../../vision/board/calibration.ts';
import { loadCv } from '../../vision/detect/opencv.ts';
import { read, REFEREE_THRESHOLDS } from '../../vision/read.ts';
import { Settler } from '../../vision/settle/settle.ts';
import { BoardWatch, calibratedView } from '../../vision/change/watch.ts';
import { loadModels, type ModelSource } from '../../vision/tf.ts';
import detectorUrl from '../../models/dice/detector.json?url';
import detectorWeightsUrl from '../../models/dice/detector.weights.bin?url';
import classifierUrl from '../../models/dice/classifier.json?url';
import classifierWeightsUrl from '../../models/dice/classifier.weights.bin?url';
import { parseCornersMessage } from './corners.ts';
import { chooseBackend } from './reader-backend.ts';
import type { BoardMessage, CornersMessage, FrameMessage, PositionMessage, TeachMessage, VerdictMessage, WorkerMessage } from './protocol.ts';
import { parsePosition, seededText } from './position.ts';
import { currentAdapter, lookAt, useSet } from './teach-worker.ts';
import { unreadableFrame } from './looked-frame.ts';

const post = (m: WorkerMessage) => postMessage(m);
const settler = new Settler();
let tracker: BoardTracker | null = null;
/** The board's reference: the frame and dice of the last position the game took (vision/change/). */
const watch = new BoardWatch();
/** Corners just clicked: the table may have settled before them, so a still frame is read again (`Settler.again`, told between frames, never while one is read). */
let reread = false;
/** The size of the frames coming in, once one has: clicks are only meaningful on frames of that size. */
let frameSize: { width: number; height: number } | null = null;

/** The weights are fetched by their own (hashed) URL, not by the name model.json gives them. */
async function model(json: string, weights: string): Promise<ModelSource> {
  const [j, w] = await Promise.all([fetch(json).then((r) => r.json()), fetch(weights).then((r) => r.arrayBuffer())]);
  return { json: j, weights: w };
}

const ready = (async () => {
  const [detector, classifier] = await Promise.all([model(detectorUrl, detectorWeightsUrl), model(classifierUrl, classifierWeightsUrl)]);
  // The build puts TF.js's .wasm files beside this script (vite.config.ts).
  const models = await loadModels({ detector, classifier, wasmPath: new URL('./', self.location.href).href });
  await chooseBackend(models);
  // OpenCV compiles its wasm now, not on the first settled frame.
  await loadCv();
  return models;
})();

ready.then(
  () => post({ type: 'ready' }),
  (e: unknown) => post({ type: 'failed', message: e instanceof Error ? e.message : String(e) }),
);

const NO_BOARD: Record<'none' | 'markers-moved' | 'corners-moved', Text> = {
  none: {
    de: 'Tafel nicht gefunden: alle vier Eckmarken müssen im Bild sein, oder die Ecken anklicken.',
    en: 'Tafel not found: all four corner markers must be in view, or click the corners.',
  },
  'markers-moved': {
    de: 'Die Tafel hat sich bewegt: alle vier Eckmarken müssen wieder im Bild sein.',
    en: 'The Tafel moved: all four corner markers must be in view again.',
  },
  'corners-moved': {
    de: 'Die Tafel oder die Kamera hat sich bewegt: bitte die Ecken neu anklicken.',
    en: 'The Tafel or the camera moved: please click the corners again.',
  },
};

/** The reference no longer fits the picture: the next still table is read whole and judged by the game, as at the start. */
const LOST: Record<'moved' | 'light', Text> = {
  moved: {
    de: 'Kamera oder Brett haben sich bewegt: Schiri nimmt das Brett neu auf. Bitte nichts bewegen, bis die Stellung wieder gelesen ist.',
    en: 'The camera or the board moved: Schiri takes the board in afresh. Please move nothing until the position is read again.',
  },
  light: {
    de: 'Das Licht hat sich geändert: Schiri nimmt das Brett neu auf. Bitte nichts bewegen, bis die Stellung wieder gelesen ist.',
    en: 'The light changed: Schiri takes the board in afresh. Please move nothing until the position is read again.',
  },
};

const noBoard = (track: TrackResult | undefined): Text =>
  NO_BOARD[track?.status !== 'moved' ? 'none' : track.dropped === 'corners' ? 'corners-moved' : 'markers-moved'];

/** Clicked corners, checked again here: the worker trusts nothing it is sent. */
function takeCorners(data: unknown): WorkerMessage {
  const parsed = parseCornersMessage(data);
  if (!parsed.ok) return { type: 'corners', problem: parsed.reason };
  if (!tracker) return { type: 'corners', problem: { de: 'Es ist keine Tafel im Spiel.', en: 'No Tafel is in play.' } };
  const { corners, width, height } = parsed.message;
  if (frameSize && (frameSize.width !== width || frameSize.height !== height)) {
    const size = `${frameSize.width} x ${frameSize.height}`;
    return { type: 'corners', problem: { de: `Die Ecken wurden auf einem Bild von ${width} x ${height} angeklickt, die Kamera liefert ${size}.`, en: `The corners were clicked on a ${width} x ${height} image, the camera delivers ${size}.` } };
  }
  tracker.setCorners(corners);
  watch.reset();
  reread = true;
  return { type: 'corners', problem: null };
}

onmessage = async (e: MessageEvent<FrameMessage | BoardMessage | CornersMessage | VerdictMessage | PositionMessage | TeachMessage>) => {
  if ('position' in e.data) {
    watch.hold(parsePosition(e.data.position));
    return;
  }
  if ('taken' in e.data) {
    watch.verdict(e.data.taken);
    return;
  }
  if ('look' in e.data) {
    post(await lookAt(e.data.look, await ready));
    return;
  }
  if ('diceSet' in e.data) {
    post(await useSet(e.data.diceSet, await ready));
    return;
  }
  if ('board' in e.data) {
    // The same board again (a re-render) keeps its calibration; another board starts afresh.
    if (tracker?.board.id !== e.data.board.id) {
      tracker = new BoardTracker(e.data.board);
      watch.reset();
    }
    return;
  }
  if ('corners' in e.data) {
    post(takeCorners(e.data));
    return;
  }
  const models = await ready;
  const { width, height, data, time } = e.data;
  const frame = { width, height, data: new Uint8ClampedArray(data), time };
  frameSize = { width, height };
  if (reread) settler.again();
  reread = false;
  // Only dice changed since the position the game holds: the table is read as soon as they rest.
  const step = settler.look(frame, () => watch.quick(frame));
  const answer: WorkerMessage = { type: 'step', moving: step.moving, stillForMs: step.stillForMs, observation: null };
  if (step.read) {
    try {
      // Nothing changed round the markers or clicked corners since the reference: the board lies where it lay.
      const steady = watch.steady(frame);
      const track = steady && steady === tracker?.calibration ? undefined : tracker?.update(frame);
      const cal = track ? track.calibration : steady;
      answer.board = cal ? { source: cal.source, boardToImage: cal.boardToImage } : null;
      if (!cal) {
        answer.problem = noBoard(track);
        settler.missed(step.stillForMs);
      } else {
        const view = calibratedView(cal);
        // With a reference, only the patches that changed since the position the game holds are read.
        const seen = await watch.see(frame, view, (f) => read(f, { models, thresholds: REFEREE_THRESHOLDS, adapter: currentAdapter() }), (r) => realDice(cal, r));
        if (seen.lost) {
          // Nothing is guessed from a picture the reference no longer fits: the table is read whole again.
          answer.problem = LOST[seen.lost];
          settler.missed(step.stillForMs);
        } else {
          const observed = settler.took(seen.reading, step.stillForMs);
          if (seen.seeded) answer.told = seededText(seen.seeded);
          if (observed) {
            watch.passed(frame, observed.reading, view);
            answer.observation = withFields(cal, observed.reading);
          }
        }
      }
    } catch (err) {
      answer.problem = unreadableFrame(err);
      settler.missed(step.stillForMs);
    }
  }
  post(answer);
};
