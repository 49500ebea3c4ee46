/**
 * The boxes a taught dice set holds, picked from a dump of models/trials/replay/candidate-dump.ts by `schiri eval
 * --adapt`'s rules (cli/lib/adapt-eval.ts) on the dump's candidates: the first N labelled dice in
 * list order, each at the box the reader reported for it or else at the box round it that it looked
 * at just under its bar (else missed); on those photos the reported boxes on no labelled die and
 * the surest near boxes clear of every die as "not a die" (vision/adapt/near.ts, as eval and the
 * app take them; `near` decided as read.ts decides it). No roll is asked for (`--asked-rolls`).
 * With `n` = ALL every labelled die and every near box clear of a die is taken.
 * Used by models/trials/table-finetune/residual-head-replay.ts and models/trials/table-finetune/.
 */
import { matchDice } from '../../../cli/lib/score.ts';
import type { Box } from '../../../vision/detect/boxes.ts';
import { decide, DEFAULT_THRESHOLDS } from '../../../vision/read.ts';
import { nearFloor } from '../../../vision/adapt/bias.ts';
import { clearOf, nearRound, placesWithoutDie } from '../../../vision/adapt/near.ts';
import { asCandidate, type DumpCandidate, type DumpPhoto } from '../replay/candidate-replay.ts';

/** Every die and box of a set: teachFirst's `n` for fitting on all of it. */
export const ALL = Number.MAX_SAFE_INTEGER;
const FLOOR = nearFloor(DEFAULT_THRESHOLDS.die);

export interface TaughtBox {
  /** 1-6, or 0 for "not a die". */
  value: number;
  /** The photo's index in the set: one photo is one roll. */
  roll: number;
  /** A labelled die the reader never looked at: no box, no crops. */
  missed?: true;
  box: Box | null;
  /** Each turn's features (the dump's, if it has them) and probabilities. */
  features: Float32Array[];
  probs: Float32Array[];
}

const sameBox = (a: Box, b: Box) => a.every((v, i) => v === b[i]);

function turnsOf(c: DumpCandidate, value: number, roll: number): TaughtBox {
  return { value, roll, box: c.box, features: (c.turnFeatures ?? []).map((f) => Float32Array.from(f)), probs: c.turnProbs.map((p) => Float32Array.from(p)) };
}

/** The taught boxes of the first `n` labelled dice of `photos`, and the index of the last photo taught from. */
export function teachFirst(photos: DumpPhoto[], n: number): { taught: TaughtBox[]; last: number } {
  const taught: TaughtBox[] = [];
  let labelled = 0;
  let last = -1;
  for (const [roll, p] of photos.entries()) {
    if (labelled >= n) break;
    last = roll;
    const candidates = p.candidates.map((c) => asCandidate(c));
    // As read.ts reads with `near`: the reported dice, then the boxes decided at the lower floor that are not among them.
    const dice = decide(candidates, DEFAULT_THRESHOLDS);
    const reported = new Set(dice.map((d) => d.box.join(',')));
    const near = decide(candidates, { ...DEFAULT_THRESHOLDS, die: FLOOR }).filter((d) => !reported.has(d.box.join(',')));
    const dumped = (box: Box) => p.candidates.find((k) => sameBox(k.box, box));
    const pairs = matchDice(dice, p.labels);
    for (let j = 0; j < Math.min(p.labels.length, n - labelled); j++) {
      const l = p.labels[j];
      const i = pairs.get(j);
      const box = i !== undefined ? dice[i].box : nearRound(l.box, near)?.box;
      const c = box && dumped(box);
      taught.push(c ? turnsOf(c, l.value, roll) : { value: l.value, roll, missed: true, box: null, features: [], probs: [] });
    }
    labelled += Math.min(p.labels.length, n - labelled);
    const matched = new Set(pairs.values());
    const places = n === ALL ? clearOf(near, p.labels.map((l) => l.box)) : placesWithoutDie(near, p.labels.map((l) => l.box));
    for (const d of [...dice.filter((_, i) => !matched.has(i)), ...places]) {
      const c = dumped(d.box);
      if (c) taught.push(turnsOf(c, 0, roll));
    }
  }
  return { taught, last };
}
