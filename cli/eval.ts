import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { readImage, ImageFileError } from './lib/image-file.ts';
import { applyLabelFixes, listSet, parseLabelFixes, readLabels, type LabelFix } from './lib/yolo-set.ts';
import { loadModelsFromDisk } from './lib/models.ts';
import { MATCH_IOU, scoreImage, scoreSet, type ImageScore, type SetScore } from './lib/score.ts';
import { DEFAULT_THRESHOLDS, read, type ReadThresholds } from '../vision/read.ts';
import type { Text } from '../engine/core/text.ts';
import { parsed, printError, textOf, UsageError } from './args.ts';

const HELP = `usage: schiri eval IMAGES LABELS [--list FILE] [--json] [--thresholds JSON] [--models DIR] [--errors]

Scores the dice reader on a YOLO-labelled set (LABELS/NAME.txt for IMAGES/NAME.jpg, one line
"class cx cy w h" a die, class k = value k+1). A reported die matches a labelled one when their
boxes overlap by IoU >= ${MATCH_IOU} (one-to-one, best overlap first).
  --list FILE        only the images named in FILE (one a line), e.g. test.txt
  --json             the figures as one JSON object
  --thresholds JSON  override reader thresholds, e.g. '{"die":0.6}' (tune on train only)
  --models DIR       the reader's networks from DIR (detector.json, classifier.json), not
                     the committed models/dice (to compare retrained weights)
  --fixes FILE       labels corrected where they do not match the photo
                     (models/nell-byler-label-fixes.json: what was found and how)
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
  try {
    return await evaluate(args);
  } catch (e) {
    printError('eval', textOf(e));
    return e instanceof UsageError ? 2 : 1;
  }
}

/** --thresholds: a JSON object of known threshold names, each a number of at least 0. */
function thresholdsOption(json: string | undefined): Partial<ReadThresholds> {
  if (json === undefined) return {};
  const bad = (why: Text) => new UsageError({ de: `--thresholds: ${why.de}`, en: `--thresholds: ${why.en}` });
  let o: unknown;
  try {
    o = JSON.parse(json);
  } catch {
    throw bad({ de: 'kein JSON', en: 'not JSON' });
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw bad({ de: 'erwartet ein Objekt wie {"die":0.6}', en: 'expected an object like {"die":0.6}' });
  const known = Object.keys(DEFAULT_THRESHOLDS);
  for (const [k, v] of Object.entries(o)) {
    if (!known.includes(k)) throw bad({ de: `unbekannter Name "${k}" (bekannt: ${known.join(', ')})`, en: `unknown name "${k}" (known: ${known.join(', ')})` });
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw bad({ de: `"${k}" muss eine Zahl ab 0 sein`, en: `"${k}" must be a number of at least 0` });
  }
  return o as Partial<ReadThresholds>;
}

async function evaluate(args: string[]): Promise<number> {
  const { values, positionals } = parsed(() =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        list: { type: 'string' },
        json: { type: 'boolean' },
        thresholds: { type: 'string' },
        errors: { type: 'boolean' },
        models: { type: 'string' },
        fixes: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const [imagesDir, labelsDir, extra] = positionals;
  if (!imagesDir || !labelsDir || extra) throw new UsageError({ de: `IMAGES und LABELS erwartet\n${HELP}`, en: `expected IMAGES and LABELS\n${HELP}` });
  const thresholds = thresholdsOption(values.thresholds);
  let set;
  try {
    set = listSet(imagesDir, labelsDir, values.list);
  } catch (e) {
    const m = (e as Error).message;
    throw new UsageError({ de: `Bildersatz nicht lesbar: ${m}`, en: `cannot list the image set: ${m}` });
  }
  let fixes: LabelFix[] = [];
  try {
    if (values.fixes) fixes = parseLabelFixes(readFileSync(values.fixes, 'utf8'));
  } catch (e) {
    throw new UsageError({ de: `Korrekturen nicht lesbar: ${(e as Error).message}`, en: `cannot read the label fixes: ${(e as Error).message}` });
  }
  let models;
  try {
    models = await loadModelsFromDisk(values.models);
  } catch (e) {
    throw new UsageError({ de: `Modelle nicht lesbar: ${(e as Error).message}`, en: `cannot load the models: ${(e as Error).message}` });
  }
  const scored: { file: string; score: ImageScore; ms: number }[] = [];
  let failed = 0;
  for (const [i, item] of set.entries()) {
    try {
      const frame = readImage(item.image, i);
      const labels = applyLabelFixes(item.image, readLabels(item.label, frame.width, frame.height), fixes);
      const reading = await read(frame, { models, thresholds });
      scored.push({ file: item.image, score: scoreImage(reading.dice, labels), ms: reading.elapsedMs });
    } catch (e) {
      failed++;
      const m = (e as Error).message;
      printError('eval', e instanceof ImageFileError ? e.text : { de: `${item.label}: ${m}`, en: `${item.label}: ${m}` });
    }
  }
  const s = scoreSet(scored);
  console.log(values.json ? JSON.stringify({ ...s, failed }) : report(s));
  if (values.errors) {
    for (const x of scored) {
      const c = x.score;
      if (c.right !== c.labelled || c.reported !== c.labelled) {
        console.error(`${x.file}: labelled ${c.labelled}, reported ${c.reported}, found ${c.found}, right ${c.right}, unreadable ${c.unreadable}`);
      }
    }
  }
  return failed ? 1 : 0;
}
