/**
 * Chooses the pip layout veto's tolerance and size ratio on dumped training-list dice (dump.ts),
 * leaving one whole source out: for each source, the setting is chosen on the other sources and
 * measured on it. A setting's cost is the share of right values it vetoes; what it buys is the
 * share of wrong values it vetoes, measured on the reader's own wrong values (few on its training
 * lists) and on the network's second choice for every die (the value a wrong reading would
 * most likely give).
 *
 *   npx tsx models/trials/pip-layout/choose.ts DUMP.json [MAX_COST]
 */
import { readFileSync } from 'node:fs';
import { layoutFits, type LayoutMeasure } from '../../../vision/classify/layout.ts';

interface Row { set: string; truth: number; read: number | null; probs: number[]; layout: LayoutMeasure }
const [file, maxCostText = '0.01'] = process.argv.slice(2);
const rows: Row[] = JSON.parse(readFileSync(file, 'utf8'));
const maxCost = Number(maxCostText);
const sets = [...new Set(rows.map((r) => r.set))];
const grid = [1, 2, 3, 4].flatMap((minCount) => [0.05, 0.1, 0.15, 0.2, 0.3].flatMap((tolerance) => [1.5, 2, 3].map((sizeRatio) => ({ tolerance, sizeRatio, minCount }))));
const second = (p: number[]) => [1, 2, 3, 4, 5, 6].sort((a, b) => p[b] - p[a])[1];

function measure(rs: Row[], t: { tolerance: number; sizeRatio: number; minCount: number }) {
  const vetoes = (r: Row, v: number) => r.layout.count >= t.minCount && r.layout.count !== v && layoutFits(r.layout, t);
  const right = rs.filter((r) => r.read === r.truth);
  const wrong = rs.filter((r) => r.read !== null && r.read !== r.truth);
  const other = rs.map((r) => (second(r.probs) === r.truth ? [1, 2, 3, 4, 5, 6].sort((a, b) => r.probs[b] - r.probs[a])[0] : second(r.probs)));
  return {
    dice: rs.length,
    cost: right.filter((r) => vetoes(r, r.truth)).length / right.length,
    wrong: wrong.length,
    caught: wrong.filter((r) => vetoes(r, r.read!)).length,
    secondCaught: rs.filter((r, i) => other[i] !== r.truth && vetoes(r, other[i])).length / rs.length,
    clean: rs.filter((r) => layoutFits(r.layout, t)).length / rs.length,
    cleanRight: rs.filter((r) => layoutFits(r.layout, t) && r.layout.count === r.truth).length / Math.max(1, rs.filter((r) => layoutFits(r.layout, t)).length),
  };
}
const f = (x: number) => x.toFixed(3);
console.log('| set | least pips | tolerance | size ratio | dice | right vetoed | wrong caught | 2nd choice caught | clean layouts | clean and its count right |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const s of sets) for (const t of grid) {
  const m = measure(rows.filter((r) => r.set === s), t);
  console.log(`| ${s} | ${t.minCount} | ${t.tolerance} | ${t.sizeRatio} | ${m.dice} | ${f(m.cost)} | ${m.caught}/${m.wrong} | ${f(m.secondCaught)} | ${f(m.clean)} | ${f(m.cleanRight)} |`);
}
console.log(`\nLeave one source out: the setting with the most second choices caught at a cost <= ${maxCost} on every other source\n`);
for (const out of sets) {
  const rest = sets.filter((s) => s !== out);
  const ok = grid.filter((t) => rest.every((s) => measure(rows.filter((r) => r.set === s), t).cost <= maxCost));
  const pick = ok.sort((a, b) => rest.reduce((n, s) => n + measure(rows.filter((r) => r.set === s), b).secondCaught, 0) - rest.reduce((n, s) => n + measure(rows.filter((r) => r.set === s), a).secondCaught, 0))[0];
  if (!pick) { console.log(`${out}: no setting within the cost on ${rest.join(', ')}`); continue; }
  const m = measure(rows.filter((r) => r.set === out), pick);
  console.log(`left out ${out}: chosen least pips ${pick.minCount}, tolerance ${pick.tolerance}, size ratio ${pick.sizeRatio}; on ${out}: right vetoed ${f(m.cost)}, wrong caught ${m.caught}/${m.wrong}, second choices caught ${f(m.secondCaught)}`);
}
