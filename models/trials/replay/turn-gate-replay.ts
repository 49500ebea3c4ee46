/**
 * Fewer turns where the classifier is already sure, replayed over dumps of
 * models/trials/replay/candidate-dump.ts: the classifier's three more turns are about a quarter of a frame's
 * time (models/speed.md), and two turns for every crop read fewer dice right. Here a
 * proposal keeps its first turn alone when that turn is sure (its likeliest class, die value or
 * "not a die", at least the gate), or, second rule, the first and the opposite turn (0 and 180
 * degrees) when both are sure of the same class; every other proposal is classified four times as
 * now. Prints, a set and gate, `schiri eval`'s read right / precision (and with the camera
 * referee's value floor) and the crops classified against four turns (the first turn of every
 * proposal, more turns for those whose first turn can still reach the die bar, as `examine` does).
 *
 *   npx tsx models/trials/replay/turn-gate-replay.ts DUMP.json ...
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_THRESHOLDS, poolTurns, REFEREE_THRESHOLDS, TURNS } from '../../../vision/read.ts';
import { fmt, replayProbs, type Dump, type DumpCandidate, type ProbsRule } from './candidate-replay.ts';

const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: npx tsx models/trials/replay/turn-gate-replay.ts DUMP.json ...');

/** `examine`'s bar: a first turn under it is not turned further. */
const BAR = TURNS * DEFAULT_THRESHOLDS.die - (TURNS - 1) - 1e-6;
const survives = (c: DumpCandidate) => 1 - c.turnProbs[0][0] >= BAR;
const sureOf = (p: number[], gate: number) => {
  const top = p.indexOf(Math.max(...p));
  return p[top] >= gate ? top : -1;
};

interface Gate {
  name: string;
  probs: ProbsRule;
  /** Crops classified for this candidate. */
  crops: (c: DumpCandidate) => number;
}

/** The four turns pooled as `examine` pools them (to the bit), whatever the reader that made the dump took. */
const allTurns = (c: DumpCandidate) => poolTurns(c.turnProbs);
const four: Gate = { name: 'four turns', probs: allTurns, crops: (c) => (survives(c) ? TURNS : 1) };
const firstAlone = (gate: number): Gate => ({
  name: `first turn alone when sure >= ${gate}`,
  probs: (c) => (sureOf(c.turnProbs[0], gate) >= 0 ? c.turnProbs[0] : allTurns(c)),
  crops: (c) => (!survives(c) || sureOf(c.turnProbs[0], gate) >= 0 ? 1 : TURNS),
});
const opposite = TURNS / 2;
const twoAgree = (gate: number): Gate => {
  const agree = (c: DumpCandidate) => {
    const a = sureOf(c.turnProbs[0], gate);
    return a >= 0 && a === sureOf(c.turnProbs[opposite], gate);
  };
  return {
    name: `0 and 180 degrees when both sure >= ${gate}`,
    probs: (c) => (agree(c) ? poolTurns([c.turnProbs[0], c.turnProbs[opposite]]) : allTurns(c)),
    crops: (c) => (!survives(c) ? 1 : agree(c) ? 2 : TURNS),
  };
};
const gates = [four, ...[0.99, 0.95, 0.9, 0.8].map(firstAlone), ...[0.95, 0.9, 0.8].map(twoAgree)];

for (const file of files) {
  const dump = JSON.parse(readFileSync(file, 'utf8')) as Dump;
  const all = dump.photos.flatMap((p) => p.candidates);
  const base = all.reduce((n, c) => n + four.crops(c), 0);
  console.log(`\n${file} (${dump.models}; ${dump.photos.length} photos, ${all.length} proposals, ${base} crops classified with four turns)`);
  for (const g of gates) {
    const referee = replayProbs(dump.photos, g.probs, REFEREE_THRESHOLDS);
    const crops = all.reduce((n, c) => n + g.crops(c), 0);
    const scores = replayProbs(dump.photos, g.probs).map((s, i) => `${s.set} ${fmt(s)} (referee ${fmt(referee[i])})`);
    console.log(`  ${g.name.padEnd(42)} ${scores.join(', ')}; crops ${(crops / base).toFixed(3)}`);
  }
}
