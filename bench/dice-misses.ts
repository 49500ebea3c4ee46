/**
 * Where the reader's misses are, die by die: what a dice set taught at the table would have to
 * put right (issue 18). Each labelled die of each photo is counted once, by the first thing that
 * went wrong for it:
 *   right          found, with its value
 *   wrong value    found, with another value
 *   "?"            found, reported unreadable (under the value floor, or pips disagree)
 *   not proposed   the detector put no proposal on it, even at a score of 0.01
 *   under proposal the detector's proposals on it all score under the proposal threshold
 *   under die      proposals above it, but the classifier's die probability of each is under
 *                  the die threshold
 *   merged away    a proposal on it passed both, but it was merged into a surer box (NMS, a
 *                  nested box) or that box was matched to a neighbouring die
 * and every reported box that matches no labelled die is a phantom. Matching is `schiri eval`'s
 * (cli/lib/score.ts): the same photos, labels and thresholds give the same read right.
 *
 *   npx tsx bench/dice-misses.ts --sets dice-3:valid,nell-byler:test \
 *     [--fixes models/nell-byler-label-fixes.json] [--thresholds JSON] [--from N] [--models DIR]
 *
 * Two rows a set: with `schiri eval`'s thresholds (DEFAULT_THRESHOLDS and --thresholds), and with
 * the camera's on top (REFEREE_THRESHOLDS: the value floor that makes a die "?").
 * --from N leaves out each set's first N photos (the photos `schiri eval --adapt` teaches from).
 * --models DIR reads with the networks in DIR (a leave-one-set-out fold's), not models/dice.
 * Slow: every proposal down to a score of 0.01 goes through the classifier.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { diceRoot, namedSet, readLabelledPhoto } from '../cli/lib/dice-sets.ts';
import { parseLabelFixes, type LabelFix } from '../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { matchDice, matchDistance } from '../cli/lib/score.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { frameToRgb } from '../vision/detect/frame.ts';
import { decide, DEFAULT_THRESHOLDS, examine, REFEREE_THRESHOLDS, type ReadThresholds } from '../vision/read.ts';

/** The lowest proposal score looked at: under it the detector is said not to have proposed the die. */
const FLOOR = 0.01;

const KINDS = ['right', 'wrong value', '"?"', 'not proposed', 'under proposal', 'under die', 'merged away'] as const;
type Kind = (typeof KINDS)[number];

const { values } = parseArgs({
  options: { sets: { type: 'string' }, fixes: { type: 'string' }, thresholds: { type: 'string' }, from: { type: 'string' }, models: { type: 'string' } },
});
if (!values.sets) throw new Error('usage: npx tsx bench/dice-misses.ts --sets FOLDER:LIST,... [--fixes FILE] [--thresholds JSON] [--from N] [--models DIR]');
const root = diceRoot();
if (!root) throw new Error('no dice photos on this machine');
const evalTh: ReadThresholds = { ...DEFAULT_THRESHOLDS, ...(values.thresholds ? JSON.parse(values.thresholds) : {}) };
const rows: { name: string; th: ReadThresholds }[] = [
  { name: 'eval', th: evalTh },
  { name: 'camera', th: { ...evalTh, ...REFEREE_THRESHOLDS } },
];
const fixes: LabelFix[] = values.fixes ? parseLabelFixes(readFileSync(values.fixes, 'utf8')) : [];
const from = Number(values.from ?? 0);
const cv = await loadCv();
const models = await loadModelsFromDisk(values.models);

for (const r of rows) console.log(`${r.name}: ${JSON.stringify(r.th)}`);
if (from) console.log(`each set's first ${from} photos left out`);
console.log(`\n| set | thresholds | photos | dice | ${KINDS.join(' | ')} | phantoms |`);
console.log(`|---|---|---|---|${KINDS.map(() => '---|').join('')}---|`);
for (const spec of values.sets.split(',')) {
  const set = namedSet(root, spec.trim());
  const counts = rows.map(() => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>);
  const phantoms = rows.map(() => 0);
  let dice = 0;
  let photos = 0;
  for (const [index, item] of set.items.entries()) {
    if (index < from) continue;
    const { frame, labels } = readLabelledPhoto(item, index, fixes);
    const rgb = frameToRgb(cv, frame);
    try {
      const candidates = examine(cv, rgb, models, FLOOR);
      photos++;
      dice += labels.length;
      rows.forEach(({ th }, r) => {
        const read = decide(candidates.filter((c) => c.score >= th.proposal), th);
        const pairs = matchDice(read, labels);
        phantoms[r] += read.length - pairs.size;
        labels.forEach((l, j) => {
          const i = pairs.get(j);
          let kind: Kind;
          if (i !== undefined) kind = read[i].value === l.value ? 'right' : read[i].value === null ? '"?"' : 'wrong value';
          else {
            const near = candidates.filter((c) => matchDistance(c.box, l.box) !== null);
            const proposed = near.filter((c) => c.score >= th.proposal);
            if (near.length === 0) kind = 'not proposed';
            else if (proposed.length === 0) kind = 'under proposal';
            else if (proposed.every((c) => 1 - c.probs[0] < th.die)) kind = 'under die';
            else kind = 'merged away';
          }
          counts[r][kind]++;
        });
      });
    } finally {
      rgb.delete();
    }
  }
  rows.forEach((row, r) => console.log(`| ${set.name} | ${row.name} | ${photos} | ${dice} | ${KINDS.map((k) => counts[r][k]).join(' | ')} | ${phantoms[r]} |`));
}
