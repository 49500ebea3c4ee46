/**
 * Can a small "is it a die" verifier, fitted on how readers behave on tables they never saw, do
 * better than the classifier's own die probability? Each dump (models/trials/replay/candidate-dump.ts) is a
 * leave-one-set-out fold reader on its left-out set. Nested: for each fold, a logistic regression
 * on the candidates' features is fitted on the other folds' dumps only, its bar chosen there, and
 * it is scored on the fold's own dump by `decide()` (models/trials/replay/candidate-replay.ts). Nothing is
 * chosen on the dump it is scored on.
 *
 *   npx tsx models/trials/die-verifier/verifier.ts .cache/dumps/nell-byler.json .cache/dumps/rune55.json .cache/dumps/dice-3.json
 *   npx tsx models/trials/die-verifier/verifier.ts --fit-all --apply .cache/dumps/shipped-rune55-unseen.json DUMPS...
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { classifierDie, fmt, replay, type Dump } from '../replay/candidate-replay.ts';
import { BAR_PHANTOM_COST, BARS, chooseBar, FEATURES, fit, ruleOf } from '../replay/die-verifier.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'fit-all': { type: 'boolean' }, apply: { type: 'string' }, features: { type: 'string' }, cost: { type: 'string' } },
});
/** A phantom costs this many dice read right when a bar is chosen. */
const COST = values.cost ? Number(values.cost) : BAR_PHANTOM_COST;
const names = values.features ? values.features.split(',') : Object.keys(FEATURES);
const dumps: Dump[] = positionals.map((f) => JSON.parse(readFileSync(f, 'utf8')));
const label = (d: Dump) => d.models;
console.log(`features: ${names.join(', ')}; phantom cost ${COST}`);
if (values['fit-all']) {
  const m = fit(dumps, names);
  const rule = ruleOf(m, names);
  const bar = chooseBar(dumps, rule, COST);
  console.log(`fitted on ${dumps.map(label).join(', ')}; bar ${bar}`);
  console.log(`weights (standardised): ${names.map((n, j) => `${n} ${m.w[j].toFixed(2)}`).join(', ')}, bias ${m.b.toFixed(2)}`);
  if (values.apply) {
    const target: Dump = JSON.parse(readFileSync(values.apply, 'utf8'));
    for (const [a, b] of replay(target.photos, classifierDie).map((s, i) => [s, replay(target.photos, rule, { die: bar })[i]])) {
      console.log(`| ${target.models} | ${a.set} | ${fmt(a)} | ${fmt(b)} |`);
    }
  }
} else {
  console.log('| left-out fold | set | classifier (bar 0.9) | verifier fitted on the other folds (bar chosen there) | verifier at each bar ' + BARS.join(' / ') + ' |');
  console.log('|---|---|---|---|---|');
  for (const [i, d] of dumps.entries()) {
    const others = dumps.filter((_, j) => j !== i);
    const m = fit(others, names);
    const rule = ruleOf(m, names);
    const bar = chooseBar(others, rule, COST);
    const base = replay(d.photos, classifierDie);
    const mine = replay(d.photos, rule, { die: bar });
    const sweep = BARS.map((b) => replay(d.photos, rule, { die: b }));
    base.forEach((s, k) => console.log(`| ${label(d)} | ${s.set} | ${fmt(s)} | ${fmt(mine[k])} (bar ${bar}) | ${sweep.map((r) => fmt(r[k])).join(' ; ')} |`));
    console.log(`   weights: ${names.map((n, j) => `${n} ${m.w[j].toFixed(2)}`).join(', ')}`);
  }
}
