/**
 * The leave-one-set-out table: each fold's reader (trained without one source, models/loso.sh)
 * scored by `schiri eval` on that source's photos, with the blob counter beside it. A fold is
 * scored once and its figures kept in .cache/loso/NAME/eval.json; this prints them all.
 * Beside the reader's own die bar (0.9) each fold is also scored at the bar LOWER_BAR: one
 * training run's calibration alone moves many of a new table's dice across 0.9 (the model card,
 * "How far one run moves the nell-byler fold"), and the lower bar shows whether a trial moved the
 * reader's curve or only where a run put its dice on it. A diagnostic; the reader's bar stays.
 * Usage: tsx models/loso-table.ts [--fold NAME]   (score that fold now)
 *        tsx models/loso-table.ts --fold NAME --models DIR   (score another reader of that fold,
 *        e.g. models/loso-classifier.sh's, on the fold's sets; its figures go to DIR/eval.json)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { evalFold, evalSets, FOLD_SETS } from './loso-folds.ts';

const { values } = parseArgs({ options: { fold: { type: 'string' }, models: { type: 'string' } } });
if (values.models && !values.fold) throw new Error('--models goes with --fold');
const dirOf = (fold: string) => values.models ?? `.cache/loso/${fold}`;
const folds = values.fold ? [values.fold] : Object.keys(FOLD_SETS);
const LOWER_BAR = 0.7;
const f3 = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? '-' : x.toFixed(3));
const lowerFile = (dir: string) => `${dir}/eval-die${LOWER_BAR}.json`;
if (values.fold) {
  const evaluate = (...more: string[]) => evalFold(values.fold!, dirOf(values.fold!), more);
  writeFileSync(`${dirOf(values.fold)}/eval.json`, evaluate());
  writeFileSync(lowerFile(dirOf(values.fold)), evaluate('--skip-baseline', '--thresholds', JSON.stringify({ die: LOWER_BAR })));
}
console.log(`| left out | scored on | images | dice | read right | precision | value acc. | at the die bar ${LOWER_BAR}: read right | precision | blob counter: read right | precision |`);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const fold of folds) {
  const sets = evalSets(`${dirOf(fold)}/eval.json`);
  if (!sets) continue;
  const lower = evalSets(lowerFile(dirOf(fold))) ?? [];
  for (const s of sets) {
    const [r, b] = [s.reader, s.baseline];
    const l = lower.find((x) => x.name === s.name)?.reader;
    console.log(
      `| ${fold} | ${s.name} | ${r.images} | ${r.labelled} | ${f3(r.recall)} | ${f3(r.precision)} | ${f3(r.valueAccuracy)} | ${f3(l?.recall)} | ${f3(l?.precision)} | ${f3(b?.recall)} | ${f3(b?.precision)} |`,
    );
  }
}
