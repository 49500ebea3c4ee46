/**
 * The pip layout veto on photo sets: each photo read once (examine), then decided with and
 * without the veto, plain (value 0) and as the camera referee reads (value 0.6), and scored as
 * `schiri eval` scores (boxes, or values for a values-only set): one summary row per variant and
 * set, and the confusion matrices.
 *
 *   npx tsx models/trials/pip-layout/compare.ts SET... > OUT.md
 */
import { readFileSync } from 'node:fs';
import { diceRoot, namedSet, readLabelledPhoto } from '../../../cli/lib/dice-sets.ts';
import { readImage } from '../../../cli/lib/image-file.ts';
import { loadModelsFromDisk } from '../../../cli/lib/models.ts';
import { scoreImage, scoreSet, scoreValues, type ImageScore } from '../../../cli/lib/score.ts';
import { parseLabelFixes } from '../../../cli/lib/yolo-set.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { decide, examine, DEFAULT_THRESHOLDS, REFEREE_THRESHOLDS } from '../../../vision/read.ts';

const LAYOUT = Number(process.env.LAYOUT ?? 0.15);
const variants = {
  plain: { ...DEFAULT_THRESHOLDS, layout: 0 },
  'plain + layout': { ...DEFAULT_THRESHOLDS, layout: LAYOUT },
  referee: { ...DEFAULT_THRESHOLDS, value: REFEREE_THRESHOLDS.value!, layout: 0 },
  'referee + layout': { ...DEFAULT_THRESHOLDS, value: REFEREE_THRESHOLDS.value!, layout: LAYOUT },
};
const fixes = ['models/nell-byler-label-fixes.json', 'models/dice-3-label-fixes.json'].flatMap((f) => parseLabelFixes(readFileSync(f, 'utf8')));
const models = await loadModelsFromDisk();
const cv = await loadCv();
const f3 = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(3));
console.log('| set | reader | images | dice | read right | precision | phantoms / frame | value acc. of found | of values given | unreadable |\n|---|---|---|---|---|---|---|---|---|---|');
for (const spec of process.argv.slice(2)) {
  const scores = new Map<string, { score: ImageScore; ms: number }[]>(Object.keys(variants).map((k) => [k, []]));
  for (const [index, item] of namedSet(diceRoot()!, spec).items.entries()) {
    const { frame, score } = item.values
      ? { frame: readImage(item.image, index), score: (d: Parameters<typeof scoreValues>[0]) => scoreValues(d, item.values!) }
      : (() => {
          const { frame, labels } = readLabelledPhoto(item, index, fixes);
          return { frame, score: (d: Parameters<typeof scoreImage>[0]) => scoreImage(d, labels) };
        })();
    const rgb = frameToRgb(cv, frame);
    const cands = examine(cv, rgb, models, DEFAULT_THRESHOLDS.proposal, { minDie: DEFAULT_THRESHOLDS.die, layout: true });
    rgb.delete();
    for (const [k, th] of Object.entries(variants)) scores.get(k)!.push({ score: score(decide(cands, th)), ms: 0 });
  }
  const confusions: string[] = [];
  for (const [k, list] of scores) {
    const s = scoreSet(list);
    console.log(`| ${spec} | ${k} | ${s.images} | ${s.labelled} | ${f3(s.recall)} | ${f3(s.precision)} | ${f3(s.phantomsPerFrame)} | ${f3(s.valueAccuracy)} | ${f3(s.givenValueAccuracy)} | ${s.unreadable} |`);
    confusions.push(`${spec}, ${k} (rows: labelled value, ph = phantom; columns: 1-6, ?, missed):\n` + s.confusion.map((r, i) => `${i === 0 ? 'ph' : i} ${[...r.slice(1, 7), r[0], r[7]].map((n) => String(n).padStart(4)).join('')}`).join('\n'));
  }
  console.error(confusions.join('\n\n') + '\n');
}
