/**
 * The dice reader: a frame in, its dice out. The same code runs in Node (CLI, tests, bench) and
 * in a Web Worker of the renderer; the caller loads the models once (`loadModels`) and passes them.
 *
 * 1. The detector network proposes die centres and sizes on a pyramid of the frame (levels.ts),
 *    so dice are found at the size they appear: a 640 x 480 webcam frame and a 12 MP photo alike.
 * 2. OpenCV cuts each proposal out as a square crop; the classifier network says "not a die" or
 *    the value 1..6. Its probabilities give the die score and the value's confidence.
 * 3. Overlapping dice are merged (non-maximum suppression).
 * 4. Classical pip counting on the die's face cross-checks the value and measures the body and pip
 *    colours. Where the network is unsure, or unsure and contradicted by the pips, the die is
 *    reported with value null and a reason instead of a guess.
 */
import type { Adapter, DieReading, Frame, Reading, Unreadable } from './types.ts';
import type { Models } from './tf.ts';
import { loadCv, type Cv } from './detect/opencv.ts';
import { frameToRgb } from './detect/frame.ts';
import { levelSize, mergeLevels, propose, type Proposal } from './detect/detector.ts';
import { levelInput, pyramid, pyramidFactors, type LevelInput } from './detect/levels.ts';
import { DET_MIN } from './classify/nets.ts';
import { iou, overlapOfSmaller, type Box } from './detect/boxes.ts';
import { classify, classifyWithFeatures } from './classify/classifier.ts';
import { cropSquare, cropTurnsOfBox, TURNS } from './classify/crop.ts';
import { analyseFace, PIP_CROP, type FaceAnalysis } from './classify/pips.ts';
import { nameColour } from './colour/names.ts';
import { nearFloor } from './adapt/bias.ts';

export interface ReadThresholds {
  /** Detector score a proposal needs to be looked at by the classifier. */
  proposal: number;
  /** Classifier probability of "a die" (1 - p(not a die)) to report a die. */
  die: number;
  /** Value confidence below which the die is reported unreadable. */
  value: number;
  /** Value confidence below which a pip count that disagrees makes the die unreadable. */
  crossCheck: number;
  /**
   * The pip count picks the network's second most likely value over its first when that second
   * value has at least this share of the first's probability (above 1: never).
   */
  pipSwap: number;
  /** IoU above which two dice are one. */
  nms: number;
  /**
   * Share of the smaller box inside the other above which two dice are one, whatever their IoU:
   * a box drawn round a die and part of the table beside it (IoU 0.26 with the die's own box on
   * the Tafel fixture) is not a second die. Dice lying side by side share a sliver at most.
   */
  nested: number;
}

/** Chosen on nell-byler train.txt (see models/README.md); never on the test split. */
export const DEFAULT_THRESHOLDS: ReadThresholds = { proposal: 0.1, die: 0.9, value: 0, crossCheck: 0, pipSwap: 1.1, nms: 0.3, nested: 0.5 };

/**
 * What the camera referee reads with: a die whose value the network gives less than 0.6 of its
 * die probability is reported unreadable, not guessed. A wrong value can play a wrong legal
 * move; an unreadable die only asks the players to look. Chosen on a held-out fifth of
 * nell-byler's train.txt for the reader before 2 Dec 2026; checked again on the leave-one-set-out
 * folds of 6 Dec (models/trials/die-bar-value-floor/README.md, "The die bar and the referee's value floor on the folds"): on
 * tables the reader never saw, 0.6 turns 66-90 % of the wrong values into "unreadable" for 3-25 %
 * of the right ones (0.5: 42-75 % for 1-17 %; 0.7: 75-94 % for 7-34 %).
 */
export const REFEREE_THRESHOLDS: Partial<ReadThresholds> = { value: 0.6 };

export type { Adapter } from './types.ts';

export interface ReadOptions {
  models: Models;
  thresholds?: Partial<ReadThresholds>;
  /** A taught dice set's adjustment of the classifier (none: the network's own answers). */
  adapter?: Adapter;
  /**
   * Also report, as `near`, the boxes below the die bar that a taught set could still lift over it
   * (vision/adapt/bias.ts `nearFloor`): teaching keeps those of a confirmed roll that hold no die.
   */
  near?: boolean;
}

/** A proposal looked at by the classifier and the pip counter, before any decision. */
export interface Candidate {
  box: Box;
  /** Detector score. */
  score: number;
  /** Classifier probabilities: index 0 not a die, k value k. */
  probs: Float32Array;
  face: FaceAnalysis;
}

export { TURNS };

/**
 * A crop whose first orientation already gives one class at least this probability is not turned:
 * the other turns are the classifier's largest cost, and where it is this sure they hardly ever
 * change a reading. Chosen by replaying every candidate's four turns (models/trials/replay/turn-gate-replay.ts)
 * on the same-table lists (no reading changed) and on each leave-one-set-out fold's left-out
 * photos (two more dice read right on one fold, one more box that is no die on another): the
 * model card's "The first turn alone where it is sure".
 */
export const SURE_AT_ONCE = 0.95;

/** The least probability a turn's class is taken to have: a softmax can round a class to 0 in float32. */
const LEAST_PROBABILITY = 1e-7;

/**
 * A crop's turns' probabilities pooled: their normalised geometric mean (the softmax of the turns'
 * mean log-probabilities, i.e. of their mean logits): the turns are four views of one die, and
 * pooling their evidence makes a crop that every turn calls the same die surer than the turns'
 * arithmetic mean, and one whose turns see different values less sure. On the leave-one-set-out folds
 * this reads 0.005-0.033 more dice right at the die bar, with a bar chosen on the other folds too
 * (model card, "The turns pooled by their geometric mean").
 */
export function poolTurns(turns: ArrayLike<number>[]): Float32Array {
  const pooled = new Float32Array(turns[0].length);
  if (turns.length === 1) {
    pooled.set(turns[0]);
    return pooled;
  }
  const logs = Array.from({ length: pooled.length }, (_, j) => turns.reduce((a, q) => a + Math.log(Math.max(LEAST_PROBABILITY, q[j])), 0) / turns.length);
  const top = Math.max(...logs);
  let sum = 0;
  logs.forEach((l, j) => (sum += pooled[j] = Math.exp(l - top)));
  for (let j = 0; j < pooled.length; j++) pooled[j] /= sum;
  return pooled;
}

/** Whether the upright crop's probabilities alone are what the reader takes (SURE_AT_ONCE). */
export function sureUpright(upright: ArrayLike<number>, sureAtOnce = SURE_AT_ONCE): boolean {
  return Math.max(...Array.from(upright)) >= sureAtOnce;
}

/** The turns whose probabilities examine pools: the upright one alone where it is sure, else all (upright first). */
export function turnsTaken<T extends ArrayLike<number>>(turns: T[], sureAtOnce = SURE_AT_ONCE): T[] {
  return sureUpright(turns[0], sureAtOnce) ? [turns[0]] : turns;
}

/** A crop's probabilities as examine takes them from all its turns' (upright first). */
export function probsOfTurns(turns: ArrayLike<number>[], sureAtOnce = SURE_AT_ONCE): Float32Array {
  return poolTurns(turnsTaken(turns, sureAtOnce));
}

const centre = (b: Box) => [b[0] + b[2] / 2, b[1] + b[3] / 2] as const;

/** A proposal the detector is fairly sure of: its size tells the dice's size in the frame. */
const SURE = 0.3;

/**
 * The detector's proposals over the pyramid. The finer level 2 is always looked at in frames up to
 * 1280 px long (a webcam's), where it is cheap and finds the small dice of a camera far from
 * the table (on every 8th photo of dice-3's train list it took the share of dice with a
 * proposal from 0.840 to 0.949, at 85 proposals a photo instead of 25); in
 * bigger frames only when the coarser levels found no die they are sure of, or mostly dice at the
 * small end of their range (a die-size estimate from the first pass), and the level stays within
 * 1280 px.
 */
export function proposeAll(cv: Cv, rgb: any, detector: Models['detector'], minProposal: number, stage: Stage = untimed): Proposal[] {
  const factors = pyramidFactors(rgb.cols, rgb.rows);
  const look = (input: LevelInput) =>
    stage(`detector level ${input.factor} (${input.width}x${input.height}, tensor + net + decode)`, () => propose(detector, input, minProposal));
  const levels = stage('pyramid: resize (cv.resize)', () => pyramid(cv, rgb, factors)).map(look);
  const finer = factors[0] / 2;
  const long = Math.max(rgb.cols, rgb.rows);
  if (finer >= 2 && long / finer <= 1280) {
    const sizes = levels[0]
      .filter((p) => p.score >= SURE)
      .map(levelSize)
      .sort((a, b) => a - b);
    const unsure = levels.every((l) => l.every((p) => p.score < SURE));
    const small = sizes.length > 0 && sizes[Math.floor(sizes.length / 2)] < 1.6 * DET_MIN;
    if (long / finer <= 640 || unsure || small) levels.unshift(look(stage('pyramid: resize (cv.resize)', () => levelInput(cv, rgb, finer))));
  }
  return stage('merge levels', () => mergeLevels(levels));
}

/**
 * Runs one named stage of the reader: bench/reader-profile.ts times each (`count`: how many
 * proposals, crops or dice it handles); the reader itself passes none.
 */
export type Stage = <R>(name: string, fn: () => R, count?: number) => R;
const untimed: Stage = (_name, fn) => fn();

/** The names of the stages whose counts the profiler reports (proposals cut, more turns classified). */
export const STAGES = {
  squares: 'crops, the square of every proposal (cv.warpAffine)',
  moreTurns: `classifier, ${TURNS - 1} more turns of the unsure survivors`,
} as const;

export interface ExamineOptions {
  /** Keep only proposals that can still be a die of this score (default 0: all). */
  minDie?: number;
  /** The first turn's likeliest class probability from which it is kept alone (default SURE_AT_ONCE; above 1: never). */
  sureAtOnce?: number;
  /** A taught dice set's adjustment of the classifier. */
  adapter?: Adapter;
  /** Runs each stage (proposeAll's, the crops, the classifier, the pip counter): a profiler's timers. */
  stage?: Stage;
}

/** Every proposal of the detector scoring at least `minProposal` that can still be a die of score `minDie`, classified and pip-counted. */
export function examine(cv: Cv, rgb: any, models: Models, minProposal: number, opts: ExamineOptions = {}): Candidate[] {
  const { minDie = 0, sureAtOnce = SURE_AT_ONCE, adapter, stage = untimed } = opts;
  const look = (name: string, crops: Uint8Array[]) =>
    stage(
      name,
      () => {
        if (!adapter || crops.length === 0) return classify(models.classifier, crops);
        const { probs, features } = classifyWithFeatures(models.classifier, crops);
        return adapter(features, probs);
      },
      crops.length,
    );
  const proposals = proposeAll(cv, rgb, models.detector, minProposal, stage);
  // Each crop is classified in its TURNS quarter turns (upright alone, where that is sureAtOnce)
  // and the probabilities pooled (poolTurns): a die reads the same turned, and pooling evens out
  // the classifier's preferences for some angles. Each die's square is cut once for all its turns.
  // A printed board makes the detector propose dozens of boxes at a low score. An arithmetic mean
  // of the turns could reach minDie only if the first orientation alone reached TURNS * minDie -
  // (TURNS - 1); the pooled turns have no such bound (three turns sure of one value can outvote
  // the first), but dropping whatever falls short of it after one look changed no reading at the
  // die bar on the folds (at 0.95 three of rune55's 774 dice; model card) and, with later fold
  // readers, a box in 7 of 18 candidate dumps of sessions 38-39 (8 boxes: 5 no die, 3 a die, 2 of
  // those read right; models/trials.md): nearly the same dice for a fraction of the classifier's
  // work.
  const bar = TURNS * minDie - (TURNS - 1) - 1e-6;
  const cuts: ReturnType<typeof cropTurnsOfBox>[] = [];
  try {
    stage(STAGES.squares, () => proposals.forEach((p) => cuts.push(cropTurnsOfBox(cv, rgb, p.box))), proposals.length);
    const uprights = stage('crops, first turn (roi, INTER_AREA)', () => cuts.map((c) => c.turn(0)));
    const first = look('classifier, first turn of every proposal', uprights);
    const looked = proposals.map((p, i) => ({ p, cut: cuts[i], first: first[i] })).filter((x) => 1 - x.first[0] >= bar);
    const unsure = looked.filter((x) => !sureUpright(x.first, sureAtOnce));
    const turned = stage(`crops, ${TURNS - 1} more turns (cv.rotate, INTER_AREA)`, () => unsure.flatMap((x) => Array.from({ length: TURNS - 1 }, (_, k) => x.cut.turn(k + 1))));
    const rest = look(STAGES.moreTurns, turned);
    const more = new Map(unsure.map((x, i) => [x, rest.slice(i * (TURNS - 1), (i + 1) * (TURNS - 1))]));
    return looked.map((x) => {
      const { box, score } = x.p;
      const probs = poolTurns([x.first, ...(more.get(x) ?? [])]);
      const pipCrop = stage('pip crop (cv.warpAffine)', () => cropSquare(cv, rgb, ...centre(box), Math.max(box[2], box[3]), 0, PIP_CROP));
      const face = stage('pip counting (analyseFace)', () => analyseFace(pipCrop));
      return { box, score, probs, face };
    });
  } finally {
    for (const c of cuts) c.delete();
  }
}

/** Which candidates are dice, and what each shows or why it cannot be read. */
export function decide(candidates: Candidate[], th: ReadThresholds): DieReading[] {
  const found = candidates
    .map((c) => ({ ...c, die: 1 - c.probs[0] }))
    .filter((c) => c.die >= th.die)
    .sort((a, b) => b.die - a.die);
  const kept: typeof found = [];
  const side = (b: Box) => Math.max(b[2], b[3]);
  // A smaller box centred on a surer die is part of it (a pip, a side face seen at an angle).
  const partOf = (k: Box, d: Box) => side(d) < 0.75 * side(k) && Math.hypot(centre(k)[0] - centre(d)[0], centre(k)[1] - centre(d)[1]) < 0.5 * side(k);
  for (const d of found) if (!kept.some((k) => iou(k.box, d.box) > th.nms || overlapOfSmaller(k.box, d.box) > th.nested || partOf(k.box, d.box))) kept.push(d);
  return kept.map((d) => {
    const [cx, cy] = centre(d.box);
    const [first, second] = [1, 2, 3, 4, 5, 6].sort((a, b) => d.probs[b] - d.probs[a]);
    const best = d.face.pips === second && d.probs[second] >= th.pipSwap * d.probs[first] ? second : first;
    const confidence = d.probs[best] / d.die;
    let unreadable: Unreadable | undefined;
    if (confidence < th.value) unreadable = 'unsure';
    else if (d.face.pips !== best && confidence < th.crossCheck) unreadable = 'pips-disagree';
    return {
      value: unreadable ? null : best,
      confidence: Number(confidence.toFixed(3)),
      // Not rounded: a taught die's patch is cut at this box and gives the crops read here (patch-size.ts).
      box: [...d.box] as Box,
      centre: [Math.round(cx), Math.round(cy)],
      body: nameColour(d.face.body),
      pips: nameColour(d.face.pip),
      ...(unreadable ? { unreadable } : {}),
    };
  });
}

/** Throws when `frame` is not `width` x `height` RGBA pixels. */
export function checkFrame(frame: Frame): void {
  const { width, height, data } = frame;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0) || data?.length !== width * height * 4) {
    throw new Error(`not a frame: expected ${width} x ${height} RGBA pixels (${width * height * 4} bytes), got ${data?.length} bytes`);
  }
}

export async function read(frame: Frame, opts: ReadOptions): Promise<Reading> {
  const t0 = performance.now();
  const th = { ...DEFAULT_THRESHOLDS, ...opts.thresholds };
  checkFrame(frame);
  const cv = await loadCv();
  const rgb = frameToRgb(cv, frame);
  try {
    const floor = opts.near ? nearFloor(th.die) : th.die;
    const candidates = examine(cv, rgb, opts.models, th.proposal, { minDie: floor, adapter: opts.adapter });
    const dice = decide(candidates, th);
    if (!opts.near) return { dice, obstructed: false, elapsedMs: performance.now() - t0, time: frame.time };
    // The surer boxes are decided first either way, so every die is among these too.
    const reported = new Set(dice.map((d) => d.box.join(',')));
    const near = decide(candidates, { ...th, die: floor }).filter((d) => !reported.has(d.box.join(',')));
    return { dice, near, obstructed: false, elapsedMs: performance.now() - t0, time: frame.time };
  } finally {
    rgb.delete();
  }
}
