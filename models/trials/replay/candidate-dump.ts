/**
 * Every proposal the reader looks at on a list of labelled photos, written to a JSON file, so that
 * decision rules can be replayed over them in seconds (models/trials/die-verifier/verifier.ts) instead of reading the
 * photos again. Each candidate is what `examine()` gives (box, detector score, the classifier's
 * probabilities as the reader takes them, the pip count) plus each of the four turns'
 * probabilities on its own, also where the reader kept the first turn alone; each photo carries
 * its labels (label fixes applied). Replaying `decide()` over a dump gives `schiri eval`'s read
 * right and precision exactly. With `--features`, each turn's `gap` features too (the input of the
 * classifier's last layer, what a taught dice set works on: vision/adapt/), for replaying a
 * table's adaptation over them.
 *
 *   npx tsx models/trials/replay/candidate-dump.ts --models .cache/loso/nell-byler --sets nell-byler:test \
 *     --fixes models/nell-byler-label-fixes.json --out .cache/dumps/nell-byler.json
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { diceRoot, namedSet, readLabelledPhoto } from '../../../cli/lib/dice-sets.ts';
import { loadModelsFromDisk } from '../../../cli/lib/models.ts';
import { parseLabelFixes, type LabelFix } from '../../../cli/lib/yolo-set.ts';
import { classify, classifyWithFeatures } from '../../../vision/classify/classifier.ts';
import { allTurnsOfBox } from '../../../vision/classify/crop.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { DEFAULT_THRESHOLDS, examine, TURNS } from '../../../vision/read.ts';
import type { Dump } from './candidate-replay.ts';

const { values } = parseArgs({
  options: { sets: { type: 'string' }, fixes: { type: 'string' }, models: { type: 'string' }, out: { type: 'string' }, features: { type: 'boolean' } },
});
if (!values.sets || !values.out) throw new Error('usage: npx tsx models/trials/replay/candidate-dump.ts --sets FOLDER:LIST,... --out FILE [--models DIR] [--fixes FILE] [--features]');
const root = diceRoot();
if (!root) throw new Error('no dice photos on this machine');
const fixes: LabelFix[] = values.fixes ? parseLabelFixes(readFileSync(values.fixes, 'utf8')) : [];
const cv = await loadCv();
const models = await loadModelsFromDisk(values.models);
const dump: Dump = { models: values.models ?? 'models/dice', sets: values.sets, photos: [] };
const t0 = Date.now();
for (const spec of values.sets.split(',')) {
  const set = namedSet(root, spec.trim());
  for (const [index, item] of set.items.entries()) {
    const { frame, labels } = readLabelledPhoto(item, index, fixes);
    const rgb = frameToRgb(cv, frame);
    try {
      // minDie 0: every proposal over the proposal bar is kept.
      const candidates = examine(cv, rgb, models, DEFAULT_THRESHOLDS.proposal);
      // The turns one by one: the same crops examine looks at (cut the same way, deterministic).
      const crops = candidates.flatMap((c) => allTurnsOfBox(cv, rgb, c.box));
      const { probs, features } = values.features ? classifyWithFeatures(models.classifier, crops) : { probs: classify(models.classifier, crops), features: null };
      const turnsOf = <T>(rows: ArrayLike<T>[], i: number) => Array.from({ length: TURNS }, (_, k) => Array.from(rows[i * TURNS + k]));
      dump.photos.push({
        set: set.name,
        image: item.image,
        size: [frame.width, frame.height],
        labels: labels.map((l) => ({ box: l.box, value: l.value })),
        candidates: candidates.map((c, i) => ({
          box: c.box,
          score: c.score,
          probs: Array.from(c.probs),
          turnProbs: turnsOf(probs, i),
          pips: c.face.pips,
          ...(features ? { turnFeatures: turnsOf(features, i).map((f) => f.map((v) => Math.round(v * 1e4) / 1e4)) } : {}),
        })),
      });
    } finally {
      rgb.delete();
    }
  }
  console.error(`${set.name}: ${set.items.length} photos, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, JSON.stringify(dump));
