/**
 * Several classifiers of one fold as one: the probabilities of each candidate averaged over dumps
 * of models/trials/replay/candidate-dump.ts made with the same detector (so the same candidates, in the same
 * order), replayed through `decide()` as `schiri eval` scores it. Prints each dump's own figures
 * (they reproduce `schiri eval`) and the average's: read right / precision (value accuracy of
 * found dice), per set.
 *
 *   npx tsx models/trials/replay/ensemble-replay.ts .cache/dumps/dice-3.json .cache/dumps/dice-3-seed2.json
 */
import { readFileSync } from 'node:fs';
import { classifierDie, replay, type Dump, type ReplayScore } from './candidate-replay.ts';

const files = process.argv.slice(2);
if (files.length < 2) throw new Error('usage: npx tsx models/trials/replay/ensemble-replay.ts DUMP DUMP [DUMP...]');
const dumps = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Dump);
const figures = (rows: ReplayScore[]) =>
  rows.map((s) => `${s.set} ${(s.right / s.dice).toFixed(3)} / ${(s.found / s.reported).toFixed(3)} (${(s.right / s.found).toFixed(3)})`).join('   ');
for (const d of dumps) console.log(`${d.models}: ${figures(replay(d.photos, classifierDie))}`);
const [first, ...others] = dumps;
const photos = first.photos.map((p, i) => ({
  ...p,
  candidates: p.candidates.map((c, j) => {
    const same = others.map((d) => d.photos[i]?.candidates[j]);
    if (same.some((o) => o?.box.join() !== c.box.join())) throw new Error(`the dumps' candidates differ at ${p.image}: made with different detectors?`);
    return { ...c, probs: c.probs.map((x, k) => (x + same.reduce((s, o) => s + o!.probs[k], 0)) / dumps.length) };
  }),
}));
console.log(`the ${dumps.length} averaged: ${figures(replay(photos, classifierDie))}`);
