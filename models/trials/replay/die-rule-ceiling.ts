/**
 * What any die rule can reach with a reader's candidates (models/trials/die-verifier/README.md, "A die verifier"):
 * per set of each dump (models/trials/replay/candidate-dump.ts), the classifier's die probability at a sweep of
 * bars, and a perfect die/not-die call (every candidate on a labelled die kept, the rest dropped,
 * the values still the classifier's); then, for the dice the detector proposed, which value the
 * classifier's surest candidate on each gives (rows: the labelled value).
 *
 *   npx tsx models/trials/replay/die-rule-ceiling.ts .cache/dumps/nell-byler.json .cache/dumps/rune55.json .cache/dumps/dice-3.json
 */
import { readFileSync } from 'node:fs';
import { argmaxValue, classifierDie, fmt, onDie, replay, surestOn, type Dump } from './candidate-replay.ts';

const BARS = [0.1, 0.2, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98];
console.log(`| set | perfect die call: read right / precision (found) | classifier at the bar ${BARS.join(' | ')} |`);
console.log(`|---|---|${BARS.map(() => '---|').join('')}`);
for (const f of process.argv.slice(2)) {
  const d: Dump = JSON.parse(readFileSync(f, 'utf8'));
  // Kept candidates keep the classifier's order among themselves (NMS takes the surer first).
  const perfect = replay(d.photos, (c, p) => (onDie(c, p) ? 0.5 + 0.5 * (1 - c.probs[0]) : 0), { die: 0.5 });
  const sweep = BARS.map((die) => replay(d.photos, classifierDie, { die }));
  perfect.forEach((s, k) => console.log(`| ${s.set} | ${fmt(s)} (${(s.found / s.dice).toFixed(3)}) | ${sweep.map((r) => fmt(r[k])).join(' | ')} |`));
}

const VALUES = [1, 2, 3, 4, 5, 6];
for (const f of process.argv.slice(2)) {
  const d: Dump = JSON.parse(readFileSync(f, 'utf8'));
  const confusion = VALUES.map(() => VALUES.map(() => 0));
  for (const p of d.photos) {
    for (const l of p.labels) {
      const on = surestOn(p, l);
      if (on) confusion[l.value - 1][argmaxValue(on.probs) - 1]++;
    }
  }
  console.log(`\n${d.models} on ${d.sets}: labelled value (rows) read as (columns), the surest candidate on each proposed die`);
  console.log(`| value | ${VALUES.join(' | ')} | wrong |`);
  console.log(`|---|${VALUES.map(() => '---|').join('')}---|`);
  confusion.forEach((row, i) => console.log(`| ${i + 1} | ${row.join(' | ')} | ${(1 - row[i] / Math.max(1, row.reduce((a, b) => a + b, 0))).toFixed(2)} |`));
}
