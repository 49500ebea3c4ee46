/**
 * How the reader pools a crop's quarter turns, replayed over dumps of models/trials/replay/candidate-dump.ts
 * (models/trials/turn-pooling/README.md, "The turns pooled by their geometric mean"): the arithmetic mean of the
 * turns' probabilities (the reader until 5 Dec 2026) against `poolTurns` (their normalised
 * geometric mean, the reader since), both with the first turn alone where it is sure. Per set:
 * read right / precision at a sweep of die bars; the best read right at each precision; and, with
 * dumps of several folds, each dump at the bar chosen on the other folds' dumps (die-verifier.ts
 * chooseBar, on the pooled die probability) against the bar 0.9.
 *
 *   npx tsx models/trials/replay/turn-pooling-replay.ts .cache/dumps/nell-byler.json .cache/dumps/rune55.json .cache/dumps/dice-3.json
 */
import { readFileSync } from 'node:fs';
import { turnsTaken } from '../../../vision/read.ts';
import { fmt, pooledProbs, replayProbs, type Dump, type DumpCandidate } from './candidate-replay.ts';
import { chooseBar, gain } from './die-verifier.ts';

const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: npx tsx models/trials/replay/turn-pooling-replay.ts DUMP.json ...');
const dumps = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Dump);

const mean = (turns: number[][]) => turns[0].map((_, j) => turns.reduce((a, q) => a + q[j], 0) / turns.length);
const POOLINGS = [
  { name: 'arithmetic mean', probs: (c: DumpCandidate) => mean(turnsTaken(c.turnProbs)) },
  { name: 'geometric mean (poolTurns)', probs: (c: DumpCandidate) => Array.from(pooledProbs(c)) },
];
const BARS = [0.5, 0.7, 0.8, 0.9, 0.95, 0.98];
const LEVELS = [0.8, 0.9, 0.95, 0.97, 0.99];

for (const [i, d] of dumps.entries()) {
  console.log(`\n${files[i]} (${d.models} on ${d.sets})`);
  console.log(`| pooling | set | ${BARS.map((b) => `bar ${b}`).join(' | ')} | ${LEVELS.map((l) => `best at precision >= ${l}`).join(' | ')} |`);
  console.log(`|---|---|${BARS.map(() => '---|').join('')}${LEVELS.map(() => '---|').join('')}`);
  for (const p of POOLINGS) {
    const sweep = BARS.map((die) => replayProbs(d.photos, p.probs, { die }));
    const fine = Array.from({ length: 100 }, (_, k) => replayProbs(d.photos, p.probs, { die: 0.3 + k * 0.007 }));
    sweep[0].forEach((s, k) => {
      const best = LEVELS.map((lv) => {
        const ok = fine.map((f) => f[k]).filter((f) => f.found / Math.max(1, f.reported) >= lv);
        return ok.length ? Math.max(...ok.map((f) => f.right / f.dice)).toFixed(3) : '-';
      });
      console.log(`| ${p.name} | ${s.set} | ${sweep.map((r) => fmt(r[k])).join(' | ')} | ${best.join(' | ')} |`);
    });
  }
}

// The bar is chosen on the dumps of the other folds (other sets), never on another seed of the same
// fold: a seed shares its fold's table, so choosing on it would be tuning on the table scored.
const otherFolds = (i: number) => dumps.filter((d) => d.sets !== dumps[i].sets);
if (dumps.some((_, i) => otherFolds(i).length)) {
  console.log('\nEach dump at the die bar chosen on the other folds\' dumps (read right less two a phantom), and its score there against the bar 0.9:');
  for (const p of POOLINGS) {
    const die = (c: DumpCandidate) => 1 - p.probs(c)[0];
    dumps.forEach((d, i) => {
      if (!otherFolds(i).length) return;
      const bar = chooseBar(otherFolds(i), die);
      const at = (b: number) => replayProbs(d.photos, p.probs, { die: b });
      console.log(`  ${p.name}: ${files[i]} bar ${bar}: ${at(bar).map((s) => `${s.set} ${fmt(s)}`).join(', ')}; score ${gain(at(bar)).toFixed(3)} against ${gain(at(0.9)).toFixed(3)} at 0.9`);
    });
  }
}
