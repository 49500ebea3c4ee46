/**
 * The distillation trial's table: each fold's own readers (seeds 1-3, scored by score.ts into
 * .cache/loso-focus/FOLD-sK/eval-distill.json) beside the students named, read right / precision.
 * A name scored per seed (detector.sh: .cache/loso-distill/FOLD-NAME-sK) fills every seed's row;
 * one without seeds (classifier.sh, pair.sh: .cache/loso-distill/FOLD-NAME, taught by seed 1) the
 * seed-1 rows.
 * Usage: npx tsx models/trials/distill/table.ts NAME...
 */
import type { SetScore } from '../../../cli/lib/score.ts';
import { evalSets } from '../../loso-folds.ts';

type Sets = Record<string, SetScore>;
const load = (file: string): Sets | null => {
  const sets = evalSets(file);
  return sets && Object.fromEntries(sets.map((s) => [s.name, s.reader]));
};
const cell = (sets: Sets | null, name: string) => (sets?.[name] ? `${sets[name].recall.toFixed(3)} / ${sets[name].precision.toFixed(3)}` : '-');

const names = process.argv.slice(2);
console.log(`| fold: set | seed | the fold's reader | ${names.join(' | ')} |`);
console.log(`|---|---|---|${names.map(() => '---|').join('')}`);
for (const fold of ['nell-byler', 'rune55', 'dice-3']) {
  for (const seed of [1, 2, 3]) {
    const own = load(`.cache/loso-focus/${fold}-s${seed}/eval-distill.json`);
    if (!own) continue;
    const students = names.map((n) => load(`.cache/loso-distill/${fold}-${n}-s${seed}/eval.json`) ?? (seed === 1 ? load(`.cache/loso-distill/${fold}-${n}/eval.json`) : null));
    for (const set of Object.keys(own)) console.log(`| ${fold}: ${set} | ${seed} | ${cell(own, set)} | ${students.map((s) => cell(s, set)).join(' | ')} |`);
  }
}
