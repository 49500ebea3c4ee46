/**
 * Scoring a reading against labelled dice, as `schiri eval` reports it. A reported die matches a
 * labelled one by its centre: within half the labelled box's longer side of the label's centre,
 * with a box of between half and twice the label's size (one-to-one, nearest first). Centres,
 * not overlap, because the sets box dice differently: dice-3 boxes the whole die seen at an angle
 * (top face and sides), nell-byler and rune55 look straight down, and a reader may box the top
 * face only; what a referee needs is which die it read, not its outline.
 */
import type { DieReading } from '../../vision/types.ts';
import type { LabelledDie } from './yolo-set.ts';

/** How far a reported centre may lie from the label's, in parts of the label's longer side. */
export const MATCH_CENTRE = 0.5;
/** A reported box this many times larger or smaller than the label's (longer sides) matches no die. */
export const MATCH_SIZE = 2;

/** Distance of the centres in parts of the label's longer side, or null when the two cannot match. */
export function matchDistance(box: [number, number, number, number], label: [number, number, number, number]): number | null {
  const side = Math.max(label[2], label[3]);
  const ratio = Math.max(box[2], box[3]) / side;
  if (!(ratio >= 1 / MATCH_SIZE && ratio <= MATCH_SIZE)) return null;
  const d = Math.hypot(box[0] + box[2] / 2 - label[0] - label[2] / 2, box[1] + box[3] / 2 - label[1] - label[3] / 2) / side;
  return d <= MATCH_CENTRE ? d : null;
}

export interface ImageScore {
  labelled: number;
  reported: number;
  /** Reported dice that match a labelled die. */
  found: number;
  /** Found with the right value. */
  right: number;
  /** Found but reported unreadable (value null). */
  unreadable: number;
  /** confusion[true value][predicted]: predicted 1..6, 0 = unreadable, 7 = missed; row 0 = phantom. */
  confusion: number[][];
}

export function emptyConfusion(): number[][] {
  return Array.from({ length: 7 }, () => new Array<number>(8).fill(0));
}

/** Which reported die matches which labelled one: label index to die index (one to one, nearest first). */
export function matchDice(dice: DieReading[], labels: LabelledDie[]): Map<number, number> {
  const pairs: [number, number, number][] = [];
  dice.forEach((d, i) => labels.forEach((l, j) => {
    const dist = matchDistance(d.box, l.box);
    if (dist !== null) pairs.push([dist, i, j]);
  }));
  pairs.sort((a, b) => a[0] - b[0]);
  const usedD = new Set<number>();
  const matched = new Map<number, number>();
  for (const [, i, j] of pairs) {
    if (usedD.has(i) || matched.has(j)) continue;
    usedD.add(i);
    matched.set(j, i);
  }
  return matched;
}

export function scoreImage(dice: DieReading[], labels: LabelledDie[]): ImageScore {
  const matched = matchDice(dice, labels);
  const confusion = emptyConfusion();
  let right = 0;
  let unreadable = 0;
  for (const [j, i] of matched) {
    const v = dice[i].value;
    confusion[labels[j].value][v ?? 0]++;
    if (v === labels[j].value) right++;
    if (v === null) unreadable++;
  }
  const usedD = new Set(matched.values());
  labels.forEach((l, j) => matched.has(j) || confusion[l.value][7]++);
  dice.forEach((d, i) => usedD.has(i) || confusion[0][d.value ?? 0]++);
  return { labelled: labels.length, reported: dice.length, found: usedD.size, right, unreadable, confusion };
}

/**
 * Scoring against the values a photo shows, where a set gives no boxes (a values-only set): the
 * reported values that the labelled ones hold (as multisets) are found and right; the other
 * reported dice, surest first, are paired with the labelled values left (found, wrong value or
 * unreadable); what is reported beyond the labelled count is a phantom, what is labelled beyond
 * the reported count is missed. Lenient where a photo shows several dice (a right value counts
 * wherever it was read); exact where it shows one die or none.
 */
export function scoreValues(dice: DieReading[], values: number[]): ImageScore {
  const confusion = emptyConfusion();
  const left = [...values];
  const unmatched: DieReading[] = [];
  for (const d of dice) {
    const at = d.value === null ? -1 : left.indexOf(d.value);
    if (at < 0) unmatched.push(d);
    else {
      left.splice(at, 1);
      confusion[d.value!][d.value!]++;
    }
  }
  const right = dice.length - unmatched.length;
  unmatched.sort((a, b) => b.confidence - a.confidence);
  let unreadable = 0;
  unmatched.forEach((d, i) => {
    const row = i < left.length ? left[i] : 0;
    confusion[row][d.value ?? 0]++;
    if (row !== 0 && d.value === null) unreadable++;
  });
  for (const v of left.slice(unmatched.length)) confusion[v][7]++;
  return { labelled: values.length, reported: dice.length, found: right + Math.min(unmatched.length, left.length), right, unreadable, confusion };
}

export interface SetScore {
  images: number;
  labelled: number;
  reported: number;
  found: number;
  right: number;
  unreadable: number;
  /** Found with the right value / labelled. */
  recall: number;
  /** Found / labelled (whatever the value). */
  detectionRecall: number;
  /** Found / reported. */
  precision: number;
  /** Reported dice that match no labelled die, per image. */
  phantomsPerFrame: number;
  /** Right / found. */
  valueAccuracy: number;
  /** Right / (found - unreadable): how often a value the reader does give is right. */
  givenValueAccuracy: number;
  imagesAllRight: number;
  imagesAllRightShare: number;
  confusion: number[][];
  medianMs: number;
  p95Ms: number;
}

export function scoreSet(images: { score: ImageScore; ms: number }[]): SetScore {
  const sum = (f: (s: ImageScore) => number) => images.reduce((n, x) => n + f(x.score), 0);
  const labelled = sum((s) => s.labelled);
  const reported = sum((s) => s.reported);
  const found = sum((s) => s.found);
  const right = sum((s) => s.right);
  const confusion = emptyConfusion();
  for (const { score } of images) score.confusion.forEach((row, i) => row.forEach((n, j) => (confusion[i][j] += n)));
  const allRight = images.filter(({ score: s }) => s.right === s.labelled && s.reported === s.labelled).length;
  const ms = images.map((x) => x.ms).sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0;
  // No dice labelled or none reported: nothing to be wrong about, but nothing shown either (NaN).
  const ratio = (a: number, b: number) => (b === 0 ? NaN : a / b);
  return {
    images: images.length,
    labelled,
    reported,
    found,
    right,
    unreadable: sum((s) => s.unreadable),
    recall: ratio(right, labelled),
    detectionRecall: ratio(found, labelled),
    precision: ratio(found, reported),
    phantomsPerFrame: ratio(reported - found, images.length),
    valueAccuracy: ratio(right, found),
    givenValueAccuracy: ratio(right, found - sum((s) => s.unreadable)),
    imagesAllRight: allRight,
    imagesAllRightShare: ratio(allRight, images.length),
    confusion,
    medianMs: q(0.5),
    p95Ms: q(0.95),
  };
}
