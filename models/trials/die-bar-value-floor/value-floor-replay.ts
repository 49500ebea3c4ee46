/**
 * The camera referee's value floor (vision/read.ts REFEREE_THRESHOLDS) replayed over dumps of
 * models/trials/replay/candidate-dump.ts (models/trials/die-bar-value-floor/README.md, "The die bar and the referee's value floor on the
 * folds"): of the dice the reader finds at the die bar, how many wrong values each floor leaves and
 * how many right ones it turns into "unreadable". Dumps of the same sets (a fold's seeds) are summed.
 *
 *   npx tsx models/trials/die-bar-value-floor/value-floor-replay.ts .cache/dumps/*-focusfold-s*.json
 */
import { readFileSync } from 'node:fs';
import { matchDice } from '../../../cli/lib/score.ts';
import { decide, DEFAULT_THRESHOLDS } from '../../../vision/read.ts';
import { asCandidate, pooledProbs, type Dump } from '../replay/candidate-replay.ts';

const FLOORS = [0.5, 0.6, 0.7, 0.8];
const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: npx tsx models/trials/die-bar-value-floor/value-floor-replay.ts DUMP.json ...');

interface Tally { right: number; wrong: number; left: number[]; lost: number[]; phantoms: number }
const bySets = new Map<string, Tally>();
for (const f of files) {
  const d = JSON.parse(readFileSync(f, 'utf8')) as Dump;
  const t = bySets.get(d.sets) ?? { right: 0, wrong: 0, left: FLOORS.map(() => 0), lost: FLOORS.map(() => 0), phantoms: 0 };
  bySets.set(d.sets, t);
  for (const p of d.photos) {
    const candidates = p.candidates.map((c) => asCandidate(c, pooledProbs(c)));
    const found = decide(candidates, DEFAULT_THRESHOLDS);
    // The floor changes a die's value, never whether it is reported, so the dice line up one to one.
    const floored = FLOORS.map((value) => decide(candidates, { ...DEFAULT_THRESHOLDS, value }));
    const pairs = matchDice(found, p.labels);
    t.phantoms += found.length - pairs.size;
    for (const [j, i] of pairs) {
      const right = found[i].value === p.labels[j].value;
      if (right) t.right++;
      else t.wrong++;
      floored.forEach((dice, k) => {
        const readable = dice[i].value !== null;
        if (right && !readable) t.lost[k]++;
        if (!right && readable) t.left[k]++;
      });
    }
  }
}

console.log(`| sets | found, value right / wrong | ${FLOORS.map((v) => `floor ${v}: wrong left, right lost`).join(' | ')} |`);
console.log(`|---|---|${FLOORS.map(() => '---|').join('')}`);
for (const [sets, t] of bySets) {
  console.log(`| ${sets} | ${t.right} / ${t.wrong} | ${FLOORS.map((_, k) => `${t.left[k]}, ${t.lost[k]}`).join(' | ')} |`);
}
