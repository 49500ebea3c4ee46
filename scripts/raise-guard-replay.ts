/**
 * Two guards against a taught die bar that harms the rest of its table (issue 18; dice-3's lists,
 * where a raise chosen on the first rolls took the rest's precision from 0.77 to 0.45 and lower),
 * replayed over the leave-one-set-out readers' candidate dumps with the classifier's die rule:
 *
 * - a dearer phantom: the raise is chosen with a box where the taught rolls have no die costing
 *   8 or 32 dice read right instead of bias.ts PHANTOM_COST (32: the odds of the precision target
 *   0.97, so a raise pays only if what it adds is as precise as the reader must be);
 * - a frame guard: a frame keeps the plain bar where the raise adds more boxes, per box it reads
 *   without the raise (+1), than it added on any taught photo: the raise is trusted only on frames
 *   that look, to it, like the taught ones.
 *
 * Neither is in the app (models/taught-sets.md, "Guards against a harmful raise"). `--raise R`
 * imposes the raise R instead of choosing it (nell-byler's tray chooses 2.5 in `schiri eval --adapt
 * --asked-rolls 3`, which this replay, having no asked roll, cannot reproduce).
 *
 *   npx tsx scripts/raise-guard-replay.ts [--raise R] .cache/dumps/nell-byler-focusfold-s1.json ...
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_THRESHOLDS } from '../vision/read.ts';
import { classifierDie, replay, type Dump, type DumpPhoto, type ReplayScore } from './candidate-replay.ts';
import { chooseRaise, shifted, taughtBoxes, taughtSplit } from './taught-rolls.ts';

const NS = [6, 12, 24];
const COSTS = [8, 32];
const args = process.argv.slice(2);
const imposed = args[0] === '--raise' ? Number(args[1]) : null;
const files = imposed === null ? args : args.slice(2);
const bar = DEFAULT_THRESHOLDS.die;
const rule = classifierDie;

type Tally = Pick<ReplayScore, 'dice' | 'reported' | 'found' | 'right'>;
const none = (): Tally => ({ dice: 0, reported: 0, found: 0, right: 0 });
const add = (a: Tally, b: Tally): Tally => ({ dice: a.dice + b.dice, reported: a.reported + b.reported, found: a.found + b.found, right: a.right + b.right });
const fmt = (s: Tally) => `${(s.right / s.dice).toFixed(3)} / ${(s.found / Math.max(1, s.reported)).toFixed(3)}`;
const one = (p: DumpPhoto, raise: number): Tally => replay([p], shifted(rule, raise), { die: bar })[0];
const sum = (photos: DumpPhoto[], raise: number) => photos.reduce((t, p) => add(t, one(p, raise)), none());
/** Boxes the raise adds to a photo, per box read without it (+1). */
const added = (p: DumpPhoto, raise: number) => (one(p, raise).reported - one(p, 0).reported) / (one(p, 0).reported + 1);

console.log(`| fold | set | N | raise | without -> with | ${COSTS.map((c) => `phantom cost ${c}: raise, with`).join(' | ')} | frame guard: with (frames kept plain) |`);
console.log(`|---|---|---|---|---|${COSTS.map(() => '---|').join('')}---|`);
for (const d of files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Dump)) {
  for (const set of [...new Set(d.photos.map((p) => p.set))]) {
    const photos = d.photos.filter((p) => p.set === set);
    for (const n of NS) {
      const [taught, rest] = taughtSplit(photos, n);
      const boxes = taughtBoxes(taught, rule, bar);
      const raise = imposed ?? chooseRaise(boxes, bar);
      const dearer = COSTS.map((c) => {
        const r = imposed ?? chooseRaise(boxes, bar, c);
        return `${r}, ${fmt(sum(rest, r))}`;
      });
      const cap = Math.max(0, ...taught.map((p) => added(p, raise)));
      const plain = rest.filter((p) => added(p, raise) > cap + 1e-9);
      const guarded = rest.reduce((t, p) => add(t, one(p, plain.includes(p) ? 0 : raise)), none());
      console.log(`| ${d.models} | ${set} | ${n} | ${raise} | ${fmt(sum(rest, 0))} -> ${fmt(sum(rest, raise))} | ${dearer.join(' | ')} | ${fmt(guarded)} (${plain.length} / ${rest.length}) |`);
    }
  }
}
