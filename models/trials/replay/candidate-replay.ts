/**
 * Replaying the reader's decision over a dump of models/trials/replay/candidate-dump.ts: the same `decide()` and
 * the same matching as `schiri eval`, with the die probability of each candidate given by a rule
 * (the classifier's own, or a verifier's), so a rule is scored on thousands of candidates in a
 * second. Scoring with the classifier's own die probability gives `schiri eval`'s figures, but for
 * the rare proposal that `examine()` drops after its first turn and the pooled turns would have
 * lifted over the bar (vision/read.ts; a box in 7 of 18 dumps): the dump keeps every
 * proposal, so its replay can report one die more than eval.
 */
import { matchDice, matchDistance } from '../../../cli/lib/score.ts';
import type { LabelledDie } from '../../../cli/lib/yolo-set.ts';
import type { Box } from '../../../vision/detect/boxes.ts';
import { decide, DEFAULT_THRESHOLDS, poolTurns, turnsTaken, type Candidate, type ReadThresholds } from '../../../vision/read.ts';

export interface DumpCandidate {
  box: Box;
  score: number;
  /** The probabilities the reader takes (`examine`: the four turns' mean, or the first turn alone where it is sure): index 0 not a die, k value k. */
  probs: number[];
  /** Each turn's own probabilities, in the order `examine` turns the crop (0, 90, 180, 270 degrees). */
  turnProbs: number[][];
  pips: number;
  /** With candidate-dump's `--features`: each turn's `gap` features (the classifier's last layer's input), to 4 decimals. */
  turnFeatures?: number[][];
}

export interface DumpPhoto {
  set: string;
  image: string;
  size: [number, number];
  labels: LabelledDie[];
  candidates: DumpCandidate[];
}

export interface Dump {
  models: string;
  sets: string;
  photos: DumpPhoto[];
}

/** A candidate's die probability under some rule. */
export type DieRule = (c: DumpCandidate, photo: DumpPhoto) => number;

export const classifierDie: DieRule = (c) => 1 - c.probs[0];

/** Each turn's die probability. */
export const turnDie = (c: DumpCandidate) => c.turnProbs.map((p) => 1 - p[0]);

/** A candidate's probabilities (index 0 not a die, k value k) under some rule. */
export type ProbsRule = (c: DumpCandidate, photo: DumpPhoto) => ArrayLike<number>;

/** The reader's own probabilities: the dumped turns pooled as `examine()` pools them. */
export const pooledProbs = (c: DumpCandidate): ArrayLike<number> => poolTurns(turnsTaken(c.turnProbs));

/** A dumped candidate as `decide()` takes it, with the given probabilities (the dump keeps no colours). */
export const asCandidate = (c: DumpCandidate, probs: ArrayLike<number> = c.probs): Candidate => ({
  box: c.box,
  score: c.score,
  probs: Float32Array.from(probs),
  face: { pips: c.pips, body: [0, 0, 0], pip: [0, 0, 0] },
});

/** The value (1-6) a candidate's probabilities make likeliest. */
export const argmaxValue = (probs: number[]) => [1, 2, 3, 4, 5, 6].reduce((a, b) => (probs[b] > probs[a] ? b : a));

export interface ReplayScore {
  set: string;
  photos: number;
  dice: number;
  reported: number;
  found: number;
  right: number;
}

/** The candidate on a labelled die the classifier is surest is a die (eval's matching), if any reaches `minDie`. */
export function surestOn(p: DumpPhoto, label: LabelledDie, minDie = 0): DumpCandidate | undefined {
  return p.candidates.filter((c) => 1 - c.probs[0] >= minDie && matchDistance(c.box, label.box) !== null).sort((a, b) => a.probs[0] - b.probs[0])[0];
}

/** Whether a candidate lies on a labelled die (any value), by `schiri eval`'s matching. */
export const onDie = (c: DumpCandidate, p: DumpPhoto) => p.labels.some((l) => matchDistance(c.box, l.box) !== null);

/**
 * `decide()` over each photo with the rule's die probability: the values' probabilities keep
 * their shares of the die probability, so only which boxes are dice changes.
 */
export function replay(photos: DumpPhoto[], rule: DieRule, th: Partial<ReadThresholds> = {}): ReplayScore[] {
  return replayProbs(
    photos,
    (c, p) => {
      const die = Math.min(1, Math.max(0, rule(c, p)));
      const old = 1 - c.probs[0];
      return c.probs.map((x, k) => (k === 0 ? 1 - die : old > 0 ? (x * die) / old : die / 6));
    },
    th,
  );
}

/** `decide()` over each photo with each candidate's probabilities given by the rule, scored as `schiri eval` scores. */
export function replayProbs(photos: DumpPhoto[], rule: ProbsRule, th: Partial<ReadThresholds> = {}): ReplayScore[] {
  const t = { ...DEFAULT_THRESHOLDS, ...th };
  const bySet = new Map<string, ReplayScore>();
  for (const p of photos) {
    const s = bySet.get(p.set) ?? { set: p.set, photos: 0, dice: 0, reported: 0, found: 0, right: 0 };
    bySet.set(p.set, s);
    const dice = decide(p.candidates.map((c) => asCandidate(c, rule(c, p))), t);
    const labels = p.labels;
    const pairs = matchDice(dice, labels);
    s.photos++;
    s.dice += labels.length;
    s.reported += dice.length;
    s.found += pairs.size;
    for (const [j, i] of pairs) if (dice[i].value === labels[j].value) s.right++;
  }
  return [...bySet.values()];
}

export const fmt = (s: Pick<ReplayScore, 'dice' | 'reported' | 'found' | 'right'>) => `${(s.right / s.dice).toFixed(3)} / ${(s.found / Math.max(1, s.reported)).toFixed(3)}`;
