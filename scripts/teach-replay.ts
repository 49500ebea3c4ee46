/**
 * Teaching a table's die bar (issue 18), replayed over candidate dumps (scripts/candidate-dump.ts)
 * of leave-one-set-out fold readers, for a die rule: the classifier's own die probability (what
 * the app's sets adjust today, vision/adapt/bias.ts) or the die verifier fitted on the other folds
 * (scripts/die-verifier.ts). For each set and N, the photos the first N labelled dice lie on are
 * taught as `schiri eval --adapt` teaches them (each labelled die at the candidate on it, if the
 * reader looked there; the reported boxes and the surest four near boxes touching no die as "not a
 * die"), the raise of the die-ness log-odds is chosen as `chooseBias` chooses it, and the photos
 * after the taught ones are scored by `decide()`. An approximation of `schiri eval --adapt` (it
 * scores the candidates of the frame, not the crops of kept patches), to compare rules quickly:
 * it can choose another raise than the app (docs/teach-dice.md, "A replay of the die bar").
 *
 *   npx tsx scripts/teach-replay.ts .cache/dumps/nell-byler.json .cache/dumps/rune55.json .cache/dumps/dice-3.json
 */
import { readFileSync } from 'node:fs';
import { matchDistance } from '../cli/lib/score.ts';
import { bestRaise, BIASES, countPlacesWithoutDie, nearFloor, PHANTOM_COST } from '../vision/adapt/bias.ts';
import { clearOf, placesWithoutDie } from '../vision/adapt/near.ts';
import { DEFAULT_THRESHOLDS } from '../vision/read.ts';
import { argmaxValue, classifierDie, fmt, replay, type DieRule, type Dump, type DumpPhoto } from './candidate-replay.ts';
import { chooseBar, fit, logit, ruleOf } from './die-verifier.ts';

const NS = [6, 12, 24];
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const shifted = (rule: DieRule, s: number): DieRule => (s === 0 ? rule : (c, p) => sigmoid(logit(rule(c, p)) + s));

/** What the taught photos show: each looked-at box with its die score and the value it holds (0: none). */
function taughtBoxes(photos: DumpPhoto[], rule: DieRule, bar: number) {
  const floor = nearFloor(bar);
  const out: { die: number; value: number; read: number }[] = [];
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

/** As vision/adapt/teach.ts chooseBias, over the replayed die scores. */
function chooseRaise(boxes: ReturnType<typeof taughtBoxes>, bar: number): number {
  const scores = BIASES.map((s) => boxes.reduce((a, b) => {
    const up = sigmoid(logit(b.die) + s) >= bar;
    return a + (b.value > 0 ? (up && b.read === b.value ? 1 : 0) : up ? -PHANTOM_COST : 0);
  }, 0));
  return bestRaise(scores, countPlacesWithoutDie(boxes));
}

const dumps: Dump[] = process.argv.slice(2).map((f) => JSON.parse(readFileSync(f, 'utf8')));
console.log('| fold | set | N | rule | raise | read right / precision without -> with |');
console.log('|---|---|---|---|---|---|');
for (const [i, d] of dumps.entries()) {
  const others = dumps.filter((_, j) => j !== i);
  const m = fit(others);
  const verifier = ruleOf(m);
  const rules: [string, DieRule, number][] = [
    ['classifier', classifierDie, DEFAULT_THRESHOLDS.die],
    ['verifier', verifier, chooseBar(others, verifier)],
  ];
  for (const set of [...new Set(d.photos.map((p) => p.set))]) {
    const photos = d.photos.filter((p) => p.set === set);
    for (const n of NS) {
      let k = 0;
      for (let dice = 0; k < photos.length && dice < n; k++) dice += photos[k].labels.length;
      const [taught, rest] = [photos.slice(0, k), photos.slice(k)];
      for (const [name, rule, bar] of rules) {
        const raise = chooseRaise(taughtBoxes(taught, rule, bar), bar);
        const [before] = replay(rest, rule, { die: bar });
        const [after] = replay(rest, shifted(rule, raise), { die: bar });
        console.log(`| ${d.models} | ${set} | ${n} | ${name} (bar ${bar}) | ${raise} | ${fmt(before)} -> ${fmt(after)} |`);
      }
    }
  }
}
