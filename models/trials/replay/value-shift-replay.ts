/**
 * Could a table's taught dice put right the values a reader misreads there (issue 18), as the die
 * bar puts right its die-ness? Replayed over candidate dumps (models/trials/replay/candidate-dump.ts): each
 * value's log-probability shifted by one number for the whole table, the six shifts chosen on the
 * taught dice (the labelled dice of the first photos holding N, as `schiri eval --adapt` teaches)
 * by greedy steps that each read more taught dice right, and scored on the dice of the photos after
 * them that the reader reports (die probability at its bar 0.9). Also the best shifts in hindsight,
 * chosen on the whole set: what such a shift could reach at all.
 *
 *   npx tsx models/trials/replay/value-shift-replay.ts .cache/dumps/nell-byler.json .cache/dumps/rune55.json .cache/dumps/dice-3.json
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_THRESHOLDS } from '../../../vision/read.ts';
import { surestOn, type Dump, type DumpPhoto } from './candidate-replay.ts';

const VALUES = [1, 2, 3, 4, 5, 6];
const STEPS = [-3, -2.5, -2, -1.5, -1, -0.5, 0.5, 1, 1.5, 2, 2.5, 3];
const NS = [6, 12, 24];
type Shifts = number[]; // index k: value k's shift (index 0 unused)

/** The reported dice of the photos: the classifier's probabilities and the labelled value. */
function reportedDice(photos: DumpPhoto[]) {
  return photos.flatMap((p) => p.labels.flatMap((l) => {
    const on = surestOn(p, l, DEFAULT_THRESHOLDS.die);
    return on ? [{ probs: on.probs, value: l.value }] : [];
  }));
}
type Dice = ReturnType<typeof reportedDice>;

const valueOf = (probs: number[], s: Shifts) => VALUES.reduce((a, k) => (Math.log(probs[k]) + s[k] > Math.log(probs[a]) + s[a] ? k : a));
const right = (dice: Dice, s: Shifts) => dice.filter((d) => valueOf(d.probs, s) === d.value).length;

/**
 * From no shift, the single value's step that reads the most more dice right, again and again
 * while one does; of a run of equally good steps the middle (a margin, as the die bar takes).
 */
function chooseShifts(dice: Dice): Shifts {
  const s: Shifts = Array(7).fill(0);
  let now = right(dice, s);
  for (;;) {
    let best = { gain: 0, k: 0, step: 0 };
    for (const k of VALUES) {
      const gains = STEPS.map((step) => right(dice, s.map((x, j) => (j === k ? x + step : x))) - now);
      const gain = Math.max(...gains);
      if (gain <= best.gain) continue;
      const first = gains.indexOf(gain);
      let last = first;
      while (last + 1 < STEPS.length && gains[last + 1] === gain && Math.sign(STEPS[last + 1]) === Math.sign(STEPS[first])) last++;
      best = { gain, k, step: STEPS[STEPS[first] > 0 ? Math.floor((first + last) / 2) : Math.ceil((first + last) / 2)] };
    }
    if (best.gain <= 0) return s;
    s[best.k] += best.step;
    now += best.gain;
  }
}

const none: Shifts = [0, 0, 0, 0, 0, 0, 0];
const shiftsText = (s: Shifts) => (s.every((x) => x === 0) ? 'none' : VALUES.filter((k) => s[k] !== 0).map((k) => `${k}: ${s[k] > 0 ? '+' : ''}${s[k]}`).join(', '));
console.log('| reader: set | taught | taught dice reported (read right) | shifts chosen | rest: values right of reported dice, without -> with |');
console.log('|---|---|---|---|---|');
for (const f of process.argv.slice(2)) {
  const d: Dump = JSON.parse(readFileSync(f, 'utf8'));
  for (const set of [...new Set(d.photos.map((p) => p.set))]) {
    const photos = d.photos.filter((p) => p.set === set);
    const all = reportedDice(photos);
    const hindsight = chooseShifts(all);
    console.log(`| ${d.models}: ${set} | all (hindsight) | ${all.length} (${right(all, none)}) | ${shiftsText(hindsight)} | ${right(all, none)} -> ${right(all, hindsight)} of ${all.length} |`);
    for (const n of NS) {
      let k = 0;
      for (let dice = 0; k < photos.length && dice < n; k++) dice += photos[k].labels.length;
      const [taught, rest] = [reportedDice(photos.slice(0, k)), reportedDice(photos.slice(k))];
      const s = chooseShifts(taught);
      console.log(`| ${d.models}: ${set} | ${n} | ${taught.length} (${right(taught, none)}) | ${shiftsText(s)} | ${right(rest, none)} -> ${right(rest, s)} of ${rest.length} |`);
    }
  }
}
