/**
 * The dice reader: a frame in, its dice out. The same code runs in Node (CLI, tests, bench) and
 * in a Web Worker of the renderer; the caller loads the models once (`loadModels`) and passes them.
 *
 * 1. The detector network, on the frame shrunk four times, proposes die centres and sizes.
 * 2. OpenCV cuts each proposal out as a square crop; the classifier network says "not a die" or
 *    the value 1..6. Its probabilities give the die score and the value's confidence.
 * 3. Overlapping dice are merged (non-maximum suppression).
 * 4. Classical pip counting on the die's face cross-checks the value and measures the body and pip
 *    colours. Where the network is unsure, or unsure and contradicted by the pips, the die is
 *    reported with value null and a reason instead of a guess.
 */
import type { DieReading, Frame, Reading } from './types.ts';
import type { Models } from './tf.ts';
import { loadCv } from './detect/opencv.ts';
import { detectorInput, frameToRgb } from './detect/frame.ts';
import { propose } from './detect/detector.ts';
import { iou, type Box } from './detect/boxes.ts';
import { classify } from './classify/classifier.ts';
import { CONTEXT, cropSquare } from './classify/crop.ts';
import { analyseFace, PIP_CROP } from './classify/pips.ts';
import { nameColour } from './colour/names.ts';

export interface ReadThresholds {
  /** Detector score a proposal needs to be looked at by the classifier. */
  proposal: number;
  /** Classifier probability of "a die" (1 - p(not a die)) to report a die. */
  die: number;
  /** Value confidence below which the die is reported unreadable. */
  value: number;
  /** Value confidence below which a pip count that disagrees makes the die unreadable. */
  crossCheck: number;
  /** IoU above which two dice are one. */
  nms: number;
}

/** Chosen on nell-byler train.txt (see models/README.md); never on the test split. */
export const DEFAULT_THRESHOLDS: ReadThresholds = { proposal: 0.1, die: 0.5, value: 0.5, crossCheck: 0.8, nms: 0.3 };

export interface ReadOptions {
  models: Models;
  thresholds?: Partial<ReadThresholds>;
}

export async function read(frame: Frame, opts: ReadOptions): Promise<Reading> {
  const t0 = performance.now();
  const th = { ...DEFAULT_THRESHOLDS, ...opts.thresholds };
  const cv = await loadCv();
  const rgb = frameToRgb(cv, frame);
  try {
    const proposals = propose(opts.models.detector, detectorInput(cv, rgb), th.proposal);
    const centre = (b: Box) => [b[0] + b[2] / 2, b[1] + b[3] / 2] as const;
    const crops = proposals.map((p) => {
      const [cx, cy] = centre(p.box);
      return cropSquare(cv, rgb, cx, cy, Math.max(p.box[2], p.box[3]) * CONTEXT);
    });
    const probs = classify(opts.models.classifier, crops);
    const found = proposals
      .map((p, i) => ({ box: p.box, probs: probs[i], die: 1 - probs[i][0] }))
      .filter((d) => d.die >= th.die)
      .sort((a, b) => b.die - a.die);
    const kept: typeof found = [];
    for (const d of found) if (!kept.some((k) => iou(k.box, d.box) > th.nms)) kept.push(d);

    const dice: DieReading[] = kept.map((d) => {
      const [cx, cy] = centre(d.box);
      let best = 1;
      for (let v = 2; v <= 6; v++) if (d.probs[v] > d.probs[best]) best = v;
      const confidence = d.probs[best] / d.die;
      const face = analyseFace(cropSquare(cv, rgb, cx, cy, Math.max(d.box[2], d.box[3]), 0, PIP_CROP));
      let unreadable: string | undefined;
      if (confidence < th.value) unreadable = 'unsure';
      else if (face.pips !== best && confidence < th.crossCheck) unreadable = `pips disagree (network ${best}, pips ${face.pips})`;
      const box = d.box.map(Math.round) as Box;
      return {
        value: unreadable ? null : best,
        confidence: Number(confidence.toFixed(3)),
        box,
        centre: [Math.round(cx), Math.round(cy)],
        body: nameColour(face.body),
        pips: nameColour(face.pip),
        ...(unreadable ? { unreadable } : {}),
      };
    });
    return { dice, obstructed: false, elapsedMs: performance.now() - t0, time: frame.time };
  } finally {
    rgb.delete();
  }
}
