/**
 * The detector alone, before the classifier: on each set, the share of labelled dice that some
 * proposal (score >= the reader's proposal bar) matches by `schiri eval`'s rule, the proposals a
 * photo (the classifier's work), and how well the best matching box fits the label (IoU, and its
 * longer side against the label's). A detector trial that keeps these keeps what the classifier
 * is given to find.
 * Usage: npx tsx bench/detector-proposals.ts MODELS_DIR SET[,SET...]   e.g. .cache/loso/dice-3 dice-3:test
 * (nell-byler's two mislabelled photos with their checked labels, as everywhere else).
 */
import { readFileSync } from 'node:fs';
import { diceRoot, namedSet, readLabelledPhoto } from '../cli/lib/dice-sets.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { matchDistance } from '../cli/lib/score.ts';
import { parseLabelFixes } from '../cli/lib/yolo-set.ts';
import { DEFAULT_THRESHOLDS, proposeAll } from '../vision/read.ts';
import { iou } from '../vision/detect/boxes.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { frameToRgb } from '../vision/detect/frame.ts';

const [dir, sets] = process.argv.slice(2);
if (!dir || !sets) throw new Error('usage: npx tsx bench/detector-proposals.ts MODELS_DIR SET[,SET...]');
if (sets.includes('rune55:unseen')) throw new Error('rune55:unseen is for testing only');
const cv = await loadCv();
const fixes = parseLabelFixes(readFileSync('models/nell-byler-label-fixes.json', 'utf8'));
const models = await loadModelsFromDisk(dir);
const side = (b: readonly number[]) => Math.max(b[2], b[3]);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? NaN;
for (const name of sets.split(',')) {
  const items = namedSet(diceRoot()!, name).items;
  let labelled = 0;
  let proposals = 0;
  const fits: { iou: number; ratio: number }[] = [];
  for (const [i, item] of items.entries()) {
    const { frame, labels } = readLabelledPhoto(item, i, fixes);
    const rgb = frameToRgb(cv, frame);
    const ps = proposeAll(cv, rgb, models.detector, DEFAULT_THRESHOLDS.proposal);
    rgb.delete();
    proposals += ps.length;
    labelled += labels.length;
    for (const l of labels) {
      const best = ps.filter((p) => matchDistance(p.box, l.box) !== null).sort((a, b) => iou(b.box, l.box) - iou(a.box, l.box))[0];
      if (best) fits.push({ iou: iou(best.box, l.box), ratio: side(best.box) / side(l.box) });
    }
  }
  const ratios = fits.map((f) => f.ratio);
  console.log(
    `${dir} ${name}: ${fits.length} of ${labelled} dice proposed (${(fits.length / labelled).toFixed(3)}), ` +
      `${(proposals / items.length).toFixed(1)} proposals a photo, best box IoU mean ${(fits.reduce((s, f) => s + f.iou, 0) / fits.length).toFixed(3)}, ` +
      `its side / the label's median ${quantile(ratios, 0.5).toFixed(3)} (10 % ${quantile(ratios, 0.1).toFixed(2)}, 90 % ${quantile(ratios, 0.9).toFixed(2)})`,
  );
}
