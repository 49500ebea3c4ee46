/**
 * The leave-one-set-out table: each fold's reader (trained without one source, models/loso.sh)
 * scored by `schiri eval` on that source's photos, with the blob counter beside it. A fold is
 * scored once and its figures kept in .cache/loso/NAME/eval.json; this prints them all.
 * Usage: tsx models/loso-table.ts [--fold NAME]   (score that fold now)
 *        tsx models/loso-table.ts --fold NAME --models DIR   (score another reader of that fold,
 *        e.g. models/loso-classifier.sh's, on the fold's sets; its figures go to DIR/eval.json)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { FOLD_SETS } from './loso-folds.ts';

const { values } = parseArgs({ options: { fold: { type: 'string' }, models: { type: 'string' } } });
if (values.models && !values.fold) throw new Error('--models goes with --fold');
const dirOf = (fold: string) => values.models ?? `.cache/loso/${fold}`;
const folds = values.fold ? [values.fold] : Object.keys(FOLD_SETS);
const f3 = (x: number | null) => (x === null || Number.isNaN(x) ? '-' : x.toFixed(3));
if (values.fold) {
  const sets = FOLD_SETS[values.fold];
  if (!sets) throw new Error(`--fold: one of ${Object.keys(FOLD_SETS).join(', ')}`);
  // nell-byler's two mislabelled photos are scored with their checked labels, as everywhere else.
  const fixes = values.fold === 'nell-byler' ? ['--fixes', 'models/nell-byler-label-fixes.json'] : [];
  const out = execFileSync(process.execPath, ['bin/schiri.js', 'eval', '--sets', sets, '--models', dirOf(values.fold), '--json', ...fixes], { encoding: 'utf8', maxBuffer: 1 << 26 });
  writeFileSync(`${dirOf(values.fold)}/eval.json`, out);
}
console.log('| left out | scored on | images | dice | read right | precision | value acc. | blob counter: read right | precision |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const fold of folds) {
  const file = `${dirOf(fold)}/eval.json`;
  if (!existsSync(file)) continue;
  for (const s of JSON.parse(readFileSync(file, 'utf8')).sets) {
    const [r, b] = [s.reader, s.baseline];
    console.log(`| ${fold} | ${s.name} | ${r.images} | ${r.labelled} | ${f3(r.recall)} | ${f3(r.precision)} | ${f3(r.valueAccuracy)} | ${f3(b?.recall ?? null)} | ${f3(b?.precision ?? null)} |`);
  }
}
