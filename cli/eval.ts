import { parseArgs } from 'node:util';
import { readImage, ImageFileError } from './lib/image-file.ts';
import { listSet, readLabels } from './lib/yolo-set.ts';
import { loadModelsFromDisk } from './lib/models.ts';
import { MATCH_IOU, scoreImage, scoreSet, type ImageScore, type SetScore } from './lib/score.ts';
import { read, type ReadThresholds } from '../vision/read.ts';

const HELP = `usage: schiri eval IMAGES LABELS [--list FILE] [--json] [--thresholds JSON] [--errors]

Scores the dice reader on a YOLO-labelled set (LABELS/NAME.txt for IMAGES/NAME.jpg, one line
"class cx cy w h" a die, class k = value k+1). A reported die matches a labelled one when their
boxes overlap by IoU >= ${MATCH_IOU} (one-to-one, best overlap first).
  --list FILE        only the images named in FILE (one a line), e.g. test.txt
  --json             the figures as one JSON object
  --thresholds JSON  override reader thresholds, e.g. '{"die":0.6}' (tune on train only)
  --errors           list the images not read completely right
Figures: recall = found with the right value / labelled; precision = found / reported;
value accuracy = right / found (an unreadable die counts as not right); images completely
right = every die found with its value and nothing else reported; time = read() per frame.`;

function pct(x: number): string {
  return (x * 100).toFixed(1) + ' %';
}

function report(s: SetScore): string {
  const head = ['true\\read', '1', '2', '3', '4', '5', '6', '?', 'missed'];
  const rows = s.confusion.map((row, i) => [i === 0 ? 'phantom' : String(i), ...row.slice(1, 7), row[0], row[7]]);
  const table = [head, ...rows].map((r) => r.map((c) => String(c).padStart(7)).join(' ')).join('\n');
  return [
    `images ${s.images}, labelled dice ${s.labelled}, reported ${s.reported}, found ${s.found}, right ${s.right}, unreadable ${s.unreadable}`,
    `per-die recall (found, value right) ${s.recall.toFixed(4)}`,
    `detection recall (found)            ${s.detectionRecall.toFixed(4)}`,
    `precision (found / reported)        ${s.precision.toFixed(4)}`,
    `value accuracy of found dice        ${s.valueAccuracy.toFixed(4)}`,
    `  of dice given a value (not "?")   ${s.givenValueAccuracy.toFixed(4)}`,
    `images completely right             ${s.imagesAllRight}/${s.images} (${pct(s.imagesAllRightShare)})`,
    `time per frame                      median ${s.medianMs.toFixed(1)} ms, p95 ${s.p95Ms.toFixed(1)} ms`,
    '',
    'confusion (rows: labelled value, "phantom" = reported where no die is; columns: value read)',
    table,
  ].join('\n');
}

export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        list: { type: 'string' },
        json: { type: 'boolean' },
        thresholds: { type: 'string' },
        errors: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    console.error(`schiri eval: ${(e as Error).message}\n${HELP}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(HELP);
    return 0;
  }
  const [imagesDir, labelsDir, extra] = parsed.positionals;
  if (!imagesDir || !labelsDir || extra) {
    console.error(`schiri eval: expected IMAGES and LABELS\n${HELP}`);
    return 2;
  }
  let thresholds: Partial<ReadThresholds> = {};
  if (parsed.values.thresholds) {
    try {
      thresholds = JSON.parse(parsed.values.thresholds);
    } catch {
      console.error('schiri eval: --thresholds is not JSON');
      return 2;
    }
  }
  let set;
  try {
    set = listSet(imagesDir, labelsDir, parsed.values.list);
  } catch (e) {
    console.error(`schiri eval: ${(e as Error).message}`);
    return 2;
  }
  const models = await loadModelsFromDisk();
  const scored: { file: string; score: ImageScore; ms: number }[] = [];
  let failed = 0;
  for (const [i, item] of set.entries()) {
    try {
      const frame = readImage(item.image, i);
      const labels = readLabels(item.label, frame.width, frame.height);
      const reading = await read(frame, { models, thresholds });
      scored.push({ file: item.image, score: scoreImage(reading.dice, labels), ms: reading.elapsedMs });
    } catch (e) {
      failed++;
      console.error(`schiri eval: ${e instanceof ImageFileError ? e.message : `${item.label}: ${(e as Error).message}`}`);
    }
  }
  const s = scoreSet(scored);
  console.log(parsed.values.json ? JSON.stringify({ ...s, failed }) : report(s));
  if (parsed.values.errors) {
    for (const x of scored) {
      const c = x.score;
      if (c.right !== c.labelled || c.reported !== c.labelled) {
        console.error(`${x.file}: labelled ${c.labelled}, reported ${c.reported}, found ${c.found}, right ${c.right}, unreadable ${c.unreadable}`);
      }
    }
  }
  return failed ? 1 : 0;
}
