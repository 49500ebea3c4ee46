/**
 * The pieces of teaching replayed over candidate dumps (models/trials/replay/candidate-dump.ts): which photos a
 * set's first N labelled dice teach, what those photos show the die bar, and the raise chosen on
 * them as vision/adapt/teach.ts chooseBias chooses it. Used by models/trials/replay/teach-replay.ts and
 * models/trials/replay/raise-guard-replay.ts.
 */
import { matchDistance } from '../../../cli/lib/score.ts';
import { bestRaise, BIASES, countPlacesWithoutDie, nearFloor, PHANTOM_COST } from '../../../vision/adapt/bias.ts';
import { clearOf, placesWithoutDie } from '../../../vision/adapt/near.ts';
import { argmaxValue, type DieRule, type DumpPhoto } from './candidate-replay.ts';
import { logit } from './die-verifier.ts';

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** A die rule with its log-odds raised by `s`. */
export const shifted = (rule: DieRule, s: number): DieRule => (s === 0 ? rule : (c, p) => sigmoid(logit(rule(c, p)) + s));

/** A set's photos split where its first `n` labelled dice end: the taught photos and the rest. */
export function taughtSplit(photos: DumpPhoto[], n: number): [DumpPhoto[], DumpPhoto[]] {
  let k = 0;
  for (let dice = 0; k < photos.length && dice < n; k++) dice += photos[k].labels.length;
  return [photos.slice(0, k), photos.slice(k)];
}

export interface TaughtBox {
  die: number;
  /** The value the players gave it; 0: no die. */
  value: number;
  read: number;
}

/**
 * What the taught photos show: each labelled die at the candidate on it (if the reader looked
 * there), the reported boxes and the surest near boxes touching no die as places without one.
 */
export function taughtBoxes(photos: DumpPhoto[], rule: DieRule, bar: number): TaughtBox[] {
  const floor = nearFloor(bar);
  const out: TaughtBox[] = [];
  for (const p of photos) {
    // Surest first, as read.ts reports its near boxes.
    const looked = p.candidates
      .map((c) => ({ box: c.box, probs: c.probs, die: rule(c, p) }))
      .filter((x) => x.die >= floor)
      .sort((a, b) => b.die - a.die);
    for (const l of p.labels) {
      const on = looked.map((x) => ({ ...x, d: matchDistance(x.box, l.box) })).filter((x) => x.d !== null).sort((a, b) => a.d! - b.d!)[0];
      if (on) out.push({ die: on.die, value: l.value, read: argmaxValue(on.probs) });
    }
    const labelled = p.labels.map((l) => l.box);
    const reported = clearOf(looked.filter((x) => x.die >= bar), labelled);
    const near = placesWithoutDie(looked.filter((x) => x.die < bar), labelled);
    for (const x of [...reported, ...near]) out.push({ die: x.die, value: 0, read: 0 });
  }
  return out;
}

/** As vision/adapt/teach.ts chooseBias, over the replayed die scores; `phantomCost` as bias.ts PHANTOM_COST unless given. */
export function chooseRaise(boxes: TaughtBox[], bar: number, phantomCost = PHANTOM_COST): number {
  const scores = BIASES.map((s) => boxes.reduce((a, b) => {
    const up = sigmoid(logit(b.die) + s) >= bar;
    return a + (b.value > 0 ? (up && b.read === b.value ? 1 : 0) : up ? -phantomCost : 0);
  }, 0));
  return bestRaise(scores, countPlacesWithoutDie(boxes));
}
