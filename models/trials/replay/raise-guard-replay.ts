/**
 * Three guards against a taught die bar that harms the rest of its table (issue 18; dice-3's lists,
 * where a raise chosen on the first rolls took the rest's precision from 0.77 to 0.45 and lower),
 * replayed over the leave-one-set-out readers' candidate dumps with the classifier's die rule:
 *
 * - a dearer phantom: the raise is chosen with a box where the taught rolls have no die costing
 *   8 or 32 dice read right instead of bias.ts PHANTOM_COST (32: the odds of the precision target
 *   0.97, so a raise pays only if what it adds is as precise as the reader must be);
 * - a frame guard: a frame keeps the plain bar where the raise adds more boxes, per box it reads
 *   without the raise (+1), than it added on any taught photo: the raise is trusted only on frames
 *   that look, to it, like the taught ones;
 * - a scene guard: a frame keeps the plain bar where its colours (a hue-saturation histogram of
 *   the photo shrunk to 64 x 64) lie further from every taught photo's (Bhattacharyya distance)
 *   than 99 % of the pairs of nell-byler's training photos, one tray, lie from each other.
 *
 * And the one the app has: a picture of the table or board without dice among the taught rolls
 * (the teaching dialog asks board players for one), its boxes taught as places without a die.
 * No list here holds such a picture, so each photo of the rest plays it in turn, its labelled dice
 * hidden (only its boxes clear of them are taught, as a photo without them would show them), and
 * the other photos of the rest are scored; the column sums those runs.
 *
 * The first three are not in the app (models/taught-sets.md, "Guards against a harmful raise"). `--raise R`
 * imposes the raise R instead of choosing it (nell-byler's tray chooses 2.5 in `schiri eval --adapt
 * --asked-rolls 3`, which this replay, having no asked roll, cannot reproduce).
 *
 * `--phantom-cost C`: the cost of the unguarded raise and the guards' (default bias.ts PHANTOM_COST,
 * 8 since 7 Dec 2026; the tables of sessions 41-42 were made with 2).
 *
 *   npx tsx models/trials/replay/raise-guard-replay.ts [--raise R] [--phantom-cost C] .cache/dumps/nell-byler-focusfold-s1.json ...
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { diceDataDir } from '../../../cli/lib/yolo-set.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { PHANTOM_COST } from '../../../vision/adapt/bias.ts';
import { DEFAULT_THRESHOLDS } from '../../../vision/read.ts';
import { classifierDie, fmt, replay, type Dump, type DumpPhoto, type ReplayScore } from './candidate-replay.ts';
import { smallHsv } from './photo-scene.ts';
import { chooseRaise, shifted, taughtBoxes, taughtSplit } from './taught-rolls.ts';

const NS = [6, 12, 24];
const COSTS = [8, 32];
const { values, positionals: files } = parseArgs({ allowPositionals: true, options: { raise: { type: 'string' }, 'phantom-cost': { type: 'string' } } });
const imposed = values.raise === undefined ? null : Number(values.raise);
const cost = values['phantom-cost'] ? Number(values['phantom-cost']) : PHANTOM_COST;
const bar = DEFAULT_THRESHOLDS.die;
const rule = classifierDie;

type Tally = Pick<ReplayScore, 'dice' | 'reported' | 'found' | 'right'>;
const none = (): Tally => ({ dice: 0, reported: 0, found: 0, right: 0 });
const add = (a: Tally, b: Tally): Tally => ({ dice: a.dice + b.dice, reported: a.reported + b.reported, found: a.found + b.found, right: a.right + b.right });
const scores = new WeakMap<DumpPhoto, Map<number, Tally>>();
/** One photo read with the bar raised by `raise`, kept: every guard asks for the same few. */
function one(p: DumpPhoto, raise: number): Tally {
  const byRaise = scores.get(p) ?? new Map<number, Tally>();
  scores.set(p, byRaise);
  if (!byRaise.has(raise)) byRaise.set(raise, replay([p], shifted(rule, raise), { die: bar })[0]);
  return byRaise.get(raise)!;
}
const sum = (photos: DumpPhoto[], raise: number) => photos.reduce((t, p) => add(t, one(p, raise)), none());
const cv = await loadCv();
const histograms = new Map<string, any>();
/** The photo's hue-saturation histogram (16 x 8 bins) at 64 x 64 pixels, kept per path. */
function histogram(path: string): any {
  if (!histograms.has(path)) {
    const hsv = smallHsv(cv, path);
    const [hist, mask, vec] = [new cv.Mat(), new cv.Mat(), new cv.MatVector()];
    vec.push_back(hsv);
    cv.calcHist(vec, [0, 1], mask, hist, [16, 8], [0, 180, 0, 256]);
    cv.normalize(hist, hist, 1, 0, cv.NORM_L1);
    for (const m of [hsv, mask, vec]) m.delete();
    histograms.set(path, hist);
  }
  return histograms.get(path);
}
const sceneDistance = (a: string, b: string) => cv.compareHist(histogram(a), histogram(b), cv.HISTCMP_BHATTACHARYYA);
/** The same-table bound: the 99th percentile of the distances between nell-byler's training photos. */
function sameTableBound(): number {
  const dir = diceDataDir();
  if (!dir) throw new Error("no nell-byler photos (../shared/data/dice)");
  const paths = readFileSync(`${dir}/train.txt`, 'utf8').split('\n').filter(Boolean).map((f) => `${dir}/images/${f}`);
  const pairs = paths.flatMap((a, i) => paths.slice(i + 1).map((b) => sceneDistance(a, b))).sort((x, y) => x - y);
  return pairs[Math.floor(0.99 * (pairs.length - 1))];
}
const bound = sameTableBound();

/** Boxes the raise adds to a photo, per box read without it (+1). */
const added = (p: DumpPhoto, raise: number) => (one(p, raise).reported - one(p, 0).reported) / (one(p, 0).reported + 1);

console.log(`| fold | set | N | raise | without -> with | ${COSTS.map((c) => `phantom cost ${c}: raise, with`).join(' | ')} | frame guard: with (frames kept plain) | scene guard (bound ${bound.toFixed(3)}): with (frames kept plain) | board picture: without -> with (raise changed) |`);
console.log(`|---|---|---|---|---|${COSTS.map(() => '---|').join('')}---|---|---|`);
for (const d of files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Dump)) {
  for (const set of [...new Set(d.photos.map((p) => p.set))]) {
    const photos = d.photos.filter((p) => p.set === set);
    for (const n of NS) {
      const [taught, rest] = taughtSplit(photos, n);
      const boxes = taughtBoxes(taught, rule, bar);
      const raise = imposed ?? chooseRaise(boxes, bar, cost);
      const dearer = COSTS.map((c) => {
        const r = imposed ?? chooseRaise(boxes, bar, c);
        return `${r}, ${fmt(sum(rest, r))}`;
      });
      const cap = Math.max(0, ...taught.map((p) => added(p, raise)));
      const plain = rest.filter((p) => added(p, raise) > cap + 1e-9);
      const guarded = rest.reduce((t, p) => add(t, one(p, plain.includes(p) ? 0 : raise)), none());
      const far = rest.filter((p) => Math.min(...taught.map((t) => sceneDistance(p.image, t.image))) > bound);
      const sceneGuarded = rest.reduce((t, p) => add(t, one(p, far.includes(p) ? 0 : raise)), none());
      const boards = rest.map((b) => {
        const r = imposed ?? chooseRaise([...boxes, ...taughtBoxes([b], rule, bar).filter((x) => x.value === 0)], bar, cost);
        const others = rest.filter((p) => p !== b);
        return { changed: r !== raise, without: sum(others, raise), with: sum(others, r) };
      });
      const board = `${fmt(boards.reduce((t, b) => add(t, b.without), none()))} -> ${fmt(boards.reduce((t, b) => add(t, b.with), none()))} (${boards.filter((b) => b.changed).length} / ${rest.length})`;
      console.log(`| ${d.models} | ${set} | ${n} | ${raise} | ${fmt(sum(rest, 0))} -> ${fmt(sum(rest, raise))} | ${dearer.join(' | ')} | ${fmt(guarded)} (${plain.length} / ${rest.length}) | ${fmt(sceneGuarded)} (${far.length} / ${rest.length}) | ${board} |`);
    }
  }
}
