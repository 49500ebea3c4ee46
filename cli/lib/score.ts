/**
 * Scoring a reading against labelled dice, as `schiri eval` reports it. A reported die matches a
 * labelled one when their boxes overlap by IoU >= 0.5 (one-to-one, best overlaps first).
 */
import type { DieReading } from '../../vision/types.ts';
import { iou } from '../../vision/detect/boxes.ts';
import type { LabelledDie } from './yolo-set.ts';

export const MATCH_IOU = 0.5;

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

export function scoreImage(dice: DieReading[], labels: LabelledDie[]): ImageScore {
  const pairs: [number, number, number][] = [];
  dice.forEach((d, i) => labels.forEach((l, j) => {
    const o = iou(d.box, l.box);
    if (o >= MATCH_IOU) pairs.push([o, i, j]);
  }));
  pairs.sort((a, b) => b[0] - a[0]);
  const usedD = new Set<number>();
  const usedL = new Set<number>();
  const confusion = emptyConfusion();
  let right = 0;
  let unreadable = 0;
  for (const [, i, j] of pairs) {
    if (usedD.has(i) || usedL.has(j)) continue;
    usedD.add(i);
    usedL.add(j);
    const v = dice[i].value;
    confusion[labels[j].value][v ?? 0]++;
    if (v === labels[j].value) right++;
    if (v === null) unreadable++;
  }
  labels.forEach((l, j) => usedL.has(j) || confusion[l.value][7]++);
  dice.forEach((d, i) => usedD.has(i) || confusion[0][d.value ?? 0]++);
  return { labelled: labels.length, reported: dice.length, found: usedD.size, right, unreadable, confusion };
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
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
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
    valueAccuracy: ratio(right, found),
    givenValueAccuracy: ratio(right, found - sum((s) => s.unreadable)),
    imagesAllRight: allRight,
    imagesAllRightShare: ratio(allRight, images.length),
    confusion,
    medianMs: q(0.5),
    p95Ms: q(0.95),
  };
}
