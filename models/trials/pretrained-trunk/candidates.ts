/**
 * Every candidate a fold's reader looks at on its left-out photos (examine(): proposals scoring
 * at least the reader's proposal threshold, classified by the fold's own classifier in four
 * turns), with the photo's labels and the trunk's features of each candidate's crop as examine()
 * takes it (first turn). head.py swaps the classifier's answers for a head's on the features;
 * score.ts decides and scores exactly as `schiri eval` does.
 *   tsx models/trials/pretrained-trunk/candidates.ts FOLD TRUNK OUT_DIR MODELS_DIR
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { loadModelsFromDisk } from '../../../cli/lib/models.ts';
import { diceRoot, namedSet, readLabelledPhoto } from '../../../cli/lib/dice-sets.ts';
import { parseLabelFixes } from '../../../cli/lib/yolo-set.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { cropOfBox } from '../../../vision/classify/crop.ts';
import { DEFAULT_THRESHOLDS, examine } from '../../../vision/read.ts';
import { FOLD_SETS } from '../../loso-folds.ts';
import { batchedFeatures, joined, loadTrunk, trunkName } from './trunk.ts';

const [fold, trunkArg, out, modelsDir] = process.argv.slice(2);
const specs = FOLD_SETS[fold]?.split(',');
const root = diceRoot();
if (!specs || !root) throw new Error(`a fold (${Object.keys(FOLD_SETS).join(', ')}) and the dice photos are needed`);
const reader = await loadModelsFromDisk(`.cache/loso/${fold}`);
const trunk = await loadTrunk(trunkName(trunkArg), modelsDir);
const fixes = parseLabelFixes(readFileSync('models/nell-byler-label-fixes.json', 'utf8'));
const cv = await loadCv();
const sets = [];
const rows: Float32Array[] = [];
for (const spec of specs) {
  const images = [];
  for (const item of namedSet(root, spec).items) {
    const { frame, labels } = readLabelledPhoto(item, 0, fixes);
    const rgb = frameToRgb(cv, frame);
    try {
      // Four turns for every crop, as the reader took them when this trial was run.
      const cands = examine(cv, rgb, reader, DEFAULT_THRESHOLDS.proposal, { sureAtOnce: Infinity });
      const crops = cands.map((c) => cropOfBox(cv, rgb, c.box));
      rows.push(...batchedFeatures(trunk, crops));
      images.push({ image: item.image, labels, cands: cands.map((c) => ({ box: c.box, score: c.score, probs: Array.from(c.probs), face: c.face })) });
    } finally {
      rgb.delete();
    }
  }
  sets.push({ spec, images });
  console.log(`${fold} ${trunkArg}: ${spec}, ${images.length} photos, ${images.reduce((a, im) => a + im.cands.length, 0)} candidates`);
}
mkdirSync(out, { recursive: true });
writeFileSync(`${out}/candidates.json`, JSON.stringify(sets));
writeFileSync(`${out}/eval_f.bin`, joined(rows));
