/**
 * Teaching a table's die bar (issue 18), replayed over candidate dumps (models/trials/replay/candidate-dump.ts)
 * of leave-one-set-out fold readers, for a die rule: the classifier's own die probability (what
 * the app's sets adjust today, vision/adapt/bias.ts) or the die verifier fitted on the other folds
 * (models/trials/replay/die-verifier.ts). For each set and N, the photos the first N labelled dice lie on are
 * taught as `schiri eval --adapt` teaches them (each labelled die at the candidate on it, if the
 * reader looked there; the reported boxes and the surest four near boxes touching no die as "not a
 * die"), the raise of the die-ness log-odds is chosen as `chooseBias` chooses it, and the photos
 * after the taught ones are scored by `decide()`. An approximation of `schiri eval --adapt` (it
 * scores the candidates of the frame, not the crops of kept patches), to compare rules quickly:
 * it can choose another raise than the app (docs/teach-dice.md, "A replay of the die bar").
 *
 * `--by-scene`: dice-3's photos (both lists, in the dump's order) are grouped by the scene they
 * show (models/trials/replay/photo-scene.ts) and each scene is taught and scored on its own, without the photos
 * models/dice-3-label-fixes.json names unlabelled; the classifier's rule alone.
 *
 * `--phantom-cost C`: a box reported where the taught rolls hold no die costs C dice read right
 * (default bias.ts PHANTOM_COST; the replays before 7 Dec 2026 were made with 2).
 *
 *   npx tsx models/trials/replay/teach-replay.ts .cache/dumps/nell-byler.json .cache/dumps/rune55.json .cache/dumps/dice-3.json
 *   npx tsx models/trials/replay/teach-replay.ts --by-scene .cache/dumps/dice-3-focusfold-s1.json
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseUnlabelled, withoutUnlabelled } from '../../../cli/lib/yolo-set.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { PHANTOM_COST } from '../../../vision/adapt/bias.ts';
import { DEFAULT_THRESHOLDS } from '../../../vision/read.ts';
import { classifierDie, fmt, replay, type DieRule, type Dump } from './candidate-replay.ts';
import { chooseBar, fit, ruleOf } from './die-verifier.ts';
import { sceneOf } from './photo-scene.ts';
import { chooseRaise, shifted, taughtBoxes, taughtSplit } from './taught-rolls.ts';

const NS = [6, 12, 24];

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'by-scene': { type: 'boolean' }, 'phantom-cost': { type: 'string' } } });
const byScene = values['by-scene'] ?? false;
const cost = values['phantom-cost'] ? Number(values['phantom-cost']) : PHANTOM_COST;
const dumps: Dump[] = positionals.map((f) => JSON.parse(readFileSync(f, 'utf8')));
if (byScene) {
  const cv = await loadCv();
  // The two photos whose labels miss their dice, as `schiri eval --fixes` leaves them out.
  const unlabelled = parseUnlabelled(readFileSync('models/dice-3-label-fixes.json', 'utf8'));
  for (const d of dumps) d.photos = withoutUnlabelled(d.photos, unlabelled);
  for (const p of dumps.flatMap((d) => d.photos)) if (p.set.startsWith('dice-3:')) p.set = `dice-3, ${sceneOf(cv, p.image)}`;
}
console.log('| fold | set | N | rule | raise | read right / precision without -> with |');
console.log('|---|---|---|---|---|---|');
for (const [i, d] of dumps.entries()) {
  const rules: [string, DieRule, number][] = [['classifier', classifierDie, DEFAULT_THRESHOLDS.die]];
  if (!byScene) {
    const others = dumps.filter((_, j) => j !== i);
    const verifier = ruleOf(fit(others));
    rules.push(['verifier', verifier, chooseBar(others, verifier, cost)]);
  }
  for (const set of [...new Set(d.photos.map((p) => p.set))]) {
    const photos = d.photos.filter((p) => p.set === set);
    for (const n of NS) {
      const [taught, rest] = taughtSplit(photos, n);
      for (const [name, rule, bar] of rules) {
        const raise = chooseRaise(taughtBoxes(taught, rule, bar), bar, cost);
        const [before] = replay(rest, rule, { die: bar });
        const [after] = replay(rest, shifted(rule, raise), { die: bar });
        console.log(`| ${d.models} | ${set} | ${n} | ${name} (bar ${bar}) | ${raise} | ${fmt(before)} -> ${fmt(after)} |`);
      }
    }
  }
}
