import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { ImageFileError } from './lib/image-file.ts';
import { listSet, parseFixesFile, withoutUnlabelled, type LabelFix, type SetItem, type UnlabelledPhoto } from './lib/yolo-set.ts';
import { diceRoot, namedSet, readLabelledPhoto } from './lib/dice-sets.ts';
import { loadModelsFromDisk } from './lib/models.ts';
import { MATCH_CENTRE, MATCH_SIZE, scoreImage, scoreSet, scoreValues, type ImageScore, type SetScore } from './lib/score.ts';
import { readImage } from './lib/image-file.ts';
import type { DieReading, Frame } from '../vision/types.ts';
import { DEFAULT_THRESHOLDS, read, type ReadThresholds } from '../vision/read.ts';
import { countBlobs } from '../vision/baseline/blob-counter.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import type { Text } from '../engine/core/text.ts';
import { parsed, printError, textOf, UsageError } from './args.ts';
import { adaptRuns, type AdaptResult, type CheckSet, type LabelledFrame, type Scored } from './lib/adapt-eval.ts';
import { ADAPT_PARTS, APP_PARTS, type AdaptParts } from '../vision/adapt/teach.ts';

const HELP = `usage: schiri eval --sets FOLDER:LIST,... [--data DIR] [options]
       schiri eval IMAGES LABELS [--list FILE] [options]

Scores the dice reader on YOLO-labelled photos (LABELS/NAME.txt for IMAGES/NAME.jpg, one line
"class cx cy w h" a die, class k = value k+1), each set on its own, with the classic blob
counter (vision/baseline/) scored in the same run as a reference. A reported die matches a
labelled one by its centre: within ${MATCH_CENTRE} of the label's longer side, its box between
1/${MATCH_SIZE} and ${MATCH_SIZE} times the label's size (one-to-one, nearest first).
  --sets LIST        sets by name, comma-separated: FOLDER:LIST is the images of
                     DIR/FOLDER/LIST.txt, e.g. nell-byler:test,dice-3:test,rune55:unseen; a
                     folder with values.json and no labels/ is scored by the values each
                     photo shows (the values read that it holds are right, the other dice
                     read, surest first, take the values left, the rest are phantoms)
  --data DIR         where the set folders are (default ../shared/data/dice beside the
                     project, or SCHIRI_DICE_ROOT)
  --list FILE        with IMAGES LABELS: only the images named in FILE (one a line)
  --json             the figures as one JSON object
  --thresholds JSON  override reader thresholds, e.g. '{"die":0.6}' (tune on train lists only)
  --models DIR       the reader's networks from DIR, not the committed models/dice
  --fixes FILE[,FILE...]  labels corrected where they do not match the photo, and photos
                     whose labels miss their dice left out (models/nell-byler-label-fixes.json,
                     models/dice-3-label-fixes.json: what was found and how)
  --skip-baseline    leave the blob counter out
  --errors           list the images not read completely right
  --adapt N[,N...]   teach a dice set from the first N labelled dice of each set (as players
                     would: the label's value at the reader's box, at a box it looked at just
                     under its die bar, or at the labelled box where it missed the die; its other
                     boxes on those photos, and a few just under the bar, as "not a die"), then
                     read the photos after the taught ones without and with it; a row per N, all
                     from one reading of the photos (docs/teach-dice.md)
  --check-on SETS    with --adapt: also read these sets (folder:list,...) with each set taught,
                     to see that a set taught on one table does not make another worse
  --adapt-with PART  with --adapt: what the set adjusts: bar (the table's die bar), examples
                     (the taught dice's likeness), both, net (the classifier's last layer
                     fine-tuned on the taught crops, kept where the replay on the taught rolls
                     reads them better beyond chance) or net+bar (as the app does: the default)
  --asked-rolls K    with --adapt: where the taught photos show too few places without a die
                     and the teaching dialog asks for one more roll, teach the next photo whole,
                     up to K times (default 0)
Figures: read right (recall) = found with the right value / labelled; precision = found /
reported; phantoms per frame = reported dice matching no labelled die, per image; value
accuracy = right / found (an unreadable die counts as not right), "of values given" = right /
(found - unreadable); images
completely right = every die found with its value and nothing else reported; time = one read
per frame, decoding not included.`;

const f3 = (x: number) => (Number.isNaN(x) ? '  -  ' : x.toFixed(3));

function report(s: SetScore): string {
  const head = ['true\\read', '1', '2', '3', '4', '5', '6', '?', 'missed'];
  const rows = s.confusion.map((row, i) => [i === 0 ? 'phantom' : String(i), ...row.slice(1, 7), row[0], row[7]]);
  const table = [head, ...rows].map((r) => r.map((c) => String(c).padStart(7)).join(' ')).join('\n');
  return [
    `images ${s.images}, labelled dice ${s.labelled}, reported ${s.reported}, found ${s.found}, right ${s.right}, unreadable ${s.unreadable}`,
    `read right (found, value right) / labelled  ${f3(s.recall)}`,
    `found (any value) / labelled                ${f3(s.detectionRecall)}`,
    `precision (found / reported)                ${f3(s.precision)}`,
    `phantoms per frame (reported, no die there) ${f3(s.phantomsPerFrame)}`,
    `value accuracy of found dice                ${f3(s.valueAccuracy)}`,
    `  of dice given a value (not "?")           ${f3(s.givenValueAccuracy)}`,
    `images completely right                     ${s.imagesAllRight}/${s.images}`,
    `time per frame                              median ${s.medianMs.toFixed(1)} ms, p95 ${s.p95Ms.toFixed(1)} ms`,
    '',
    'confusion (rows: labelled value, "phantom" = reported where no die is; columns: value read)',
    table,
  ].join('\n');
}

interface SetResult {
  name: string;
  reader: SetScore;
  baseline?: SetScore;
  misread: string[];
}

function summary(results: SetResult[]): string {
  const head = '| set | images | dice | read right | precision | phantoms / frame | value acc. | of values given | unreadable | images right | median ms | blob counter: read right | precision | phantoms / frame |';
  const rule = '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const rows = results.map(({ name, reader: r, baseline: b }) =>
    `| ${name} | ${r.images} | ${r.labelled} | ${f3(r.recall)} | ${f3(r.precision)} | ${f3(r.phantomsPerFrame)} | ${f3(r.valueAccuracy)} | ${f3(r.givenValueAccuracy)} | ${r.unreadable} | ${r.imagesAllRight}/${r.images} | ${r.medianMs.toFixed(1)} | ${b ? f3(b.recall) : '-'} | ${b ? f3(b.precision) : '-'} | ${b ? f3(b.phantomsPerFrame) : '-'} |`,
  );
  return [head, rule, ...rows].join('\n');
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

/** --adapt: whole numbers of dice to teach from, 1 to 1000 each. */
function adaptOption(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const ns = text.split(',').map((x) => x.trim());
  if (!ns.every((x) => /^\d+$/.test(x) && Number(x) >= 1 && Number(x) <= 1000)) {
    throw new UsageError({ de: `--adapt: ganze Zahlen von 1 bis 1000 erwartet, durch Kommas getrennt, nicht "${text}"`, en: `--adapt: expected whole numbers from 1 to 1000, comma-separated, not "${text}"` });
  }
  return ns.map(Number);
}

/** Each set and N: what was taught, and the rest of the set read without and with the dice set. */
function adaptReport(runs: AdaptResult[]): string {
  const arrow = (a: number, b: number) => `${f3(a)} → ${f3(b)}`;
  const scores = ({ without: a, with: b }: Scored) =>
    `${a.labelled} (${a.images}) | ${arrow(a.recall, b.recall)} | ${arrow(a.precision, b.precision)} | ${arrow(a.valueAccuracy, b.valueAccuracy)} | ${a.imagesAllRight} → ${b.imagesAllRight}`;
  const head = '| set | N | photos taught | dice scored (photos) | read right without → with | precision | value acc. | images right | adapting s (CPU s) | die-ness raised by | tuned layer kept for (replay scores: shipped / values / die-ness / both, boxes read better and worse) | sureness (left out by roll) | places without a die taken for one (left out by roll) |';
  const rule = '|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const kept = (r: AdaptResult) => {
    if (!r.tuned) return '-';
    const { use, scores, better, worse } = r.tuned;
    const what = use.dieness && use.values ? 'die-ness and values' : use.dieness ? 'die-ness' : use.values ? 'values' : 'nothing';
    return scores ? `${what} (${scores.map((s, u) => (u === 0 ? s : `${s} +${better![u]} -${worse![u]}`)).join(' / ')})` : what;
  };
  const rows = runs.map((r) => {
    const t = r.taught;
    return `| ${r.set} | ${r.n}${r.asked ? ` + ${r.asked} ${r.asked > 1 ? 'rolls' : 'roll'} asked (${t.labelled} dice)` : ''} | ${t.photos} (${t.notDice} + ${t.nearNotDice} boxes as not a die, ${t.underBar} dice under the bar, ${t.labelled - t.atReaderBox - t.underBar} missed at their label) | ${scores(r)} | ${(r.adaptMs / 1000).toFixed(2)} (${(r.adaptCpuMs / 1000).toFixed(2)}) | ${r.bias} | ${kept(r)} | ${r.sure.before} → ${r.sure.after} of ${r.sure.dice} | ${r.sure.places === undefined ? '-' : `${r.sure.placesTakenBefore} → ${r.sure.placesTakenAfter} of ${r.sure.places}`} |`;
  });
  const checks = runs.flatMap((r) => r.checks.map((c) => `| ${r.set} | ${r.n} | ${c.set} | ${scores(c)} |`));
  const checkTable = checks.length
    ? ['', 'Other sets read with each taught set:', '', '| taught on | N | read on | dice (photos) | read right without → with | precision | value acc. | images right |', '|---|---|---|---|---|---|---|---|', ...checks]
    : [];
  return [head, rule, ...rows, ...checkTable].join('\n');
}

/** The sets to score, each with its images; a usage error names what cannot be found. */
function setsOf(positionals: string[], values: { sets?: string; data?: string; list?: string }): { name: string; items: SetItem[] }[] {
  const cannot = (m: string) => new UsageError({ de: `Bildersatz nicht lesbar: ${m}`, en: `cannot list the image set: ${m}` });
  let sets: { name: string; items: SetItem[] }[];
  if (values.sets !== undefined) {
    if (positionals.length) throw new UsageError({ de: `--sets oder IMAGES LABELS, nicht beides\n${HELP}`, en: `--sets or IMAGES LABELS, not both\n${HELP}` });
    const root = values.data ?? diceRoot();
    if (!root) throw new UsageError({ de: 'Datenordner nicht gefunden: --data DIR angeben', en: 'data folder not found: give --data DIR' });
    try {
      sets = values.sets.split(',').map((s) => namedSet(root, s.trim()));
    } catch (e) {
      throw cannot((e as Error).message);
    }
  } else {
    const [imagesDir, labelsDir, extra] = positionals;
    if (!imagesDir || !labelsDir || extra) throw new UsageError({ de: `IMAGES und LABELS erwartet\n${HELP}`, en: `expected IMAGES and LABELS\n${HELP}` });
    try {
      sets = [{ name: imagesDir, items: listSet(imagesDir, labelsDir, values.list) }];
    } catch (e) {
      throw cannot((e as Error).message);
    }
  }
  const empty = sets.find((s) => s.items.length === 0);
  if (empty) throw new UsageError({ de: `${empty.name}: keine Bilder darin`, en: `${empty.name}: holds no images` });
  return sets;
}

/** A photo decoded, and how a reading of it is scored: by its labelled boxes, or by its values where the set gives no boxes. */
function truthOf(item: SetItem, index: number, fixes: LabelFix[]): { frame: Frame; score: (dice: DieReading[]) => ImageScore } {
  const shown = item.values;
  if (shown) return { frame: readImage(item.image, index), score: (dice) => scoreValues(dice, shown) };
  const { frame, labels } = readLabelledPhoto(item, index, fixes);
  return { frame, score: (dice) => scoreImage(dice, labels) };
}

async function evaluate(args: string[]): Promise<number> {
  const { values, positionals } = parsed(() =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        sets: { type: 'string' },
        data: { type: 'string' },
        list: { type: 'string' },
        json: { type: 'boolean' },
        thresholds: { type: 'string' },
        errors: { type: 'boolean' },
        models: { type: 'string' },
        fixes: { type: 'string' },
        'skip-baseline': { type: 'boolean' },
        adapt: { type: 'string' },
        'check-on': { type: 'string' },
        'adapt-with': { type: 'string' },
        'asked-rolls': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const thresholds = thresholdsOption(values.thresholds);
  const adaptNs = adaptOption(values.adapt);
  if (values['check-on'] !== undefined && !adaptNs) throw new UsageError({ de: '--check-on gibt es nur mit --adapt.', en: '--check-on goes only with --adapt.' });
  const parts = (values['adapt-with'] ?? APP_PARTS) as AdaptParts;
  if (!ADAPT_PARTS.includes(parts) || (values['adapt-with'] !== undefined && !adaptNs)) {
    const choices = (or: string) => `${ADAPT_PARTS.slice(0, -1).join(', ')} ${or} ${ADAPT_PARTS.at(-1)}`;
    throw new UsageError({ de: `--adapt-with: ${choices('oder')}, nur mit --adapt; nicht "${values['adapt-with']}"`, en: `--adapt-with: ${choices('or')}, only with --adapt; not "${values['adapt-with']}"` });
  }
  const askedText = values['asked-rolls'];
  if (askedText !== undefined && (!adaptNs || !/^\d{1,3}$/.test(askedText) || Number(askedText) > 100)) {
    throw new UsageError({ de: `--asked-rolls: eine ganze Zahl von 0 bis 100, nur mit --adapt; nicht "${askedText}"`, en: `--asked-rolls: a whole number from 0 to 100, only with --adapt; not "${askedText}"` });
  }
  const askedRolls = Number(askedText ?? 0);
  const fixes: LabelFix[] = [];
  const unlabelled: UnlabelledPhoto[] = [];
  try {
    for (const file of values.fixes?.split(',') ?? []) {
      const parsed = parseFixesFile(readFileSync(file.trim(), 'utf8'));
      fixes.push(...parsed.fixes);
      unlabelled.push(...parsed.unlabelled);
    }
  } catch (e) {
    throw new UsageError({ de: `Korrekturen nicht lesbar: ${(e as Error).message}`, en: `cannot read the label fixes: ${(e as Error).message}` });
  }
  // A photo whose labels miss its dice would count every die read on it as a phantom.
  const leaveOut = (set: { name: string; items: SetItem[] }) => {
    const items = withoutUnlabelled(set.items, unlabelled);
    const n = set.items.length - items.length;
    if (n) printError('eval', { de: `${set.name}: ${n} Foto(s) ausgelassen, ihren Labels fehlen ihre Würfel (--fixes)`, en: `${set.name}: ${n} photo(s) left out, their labels miss their dice (--fixes)` });
    return { ...set, items };
  };
  const sets = setsOf(positionals, values).map(leaveOut);
  const checkSets = values['check-on'] !== undefined ? setsOf([], { sets: values['check-on'], data: values.data }).map(leaveOut) : [];
  let models;
  try {
    models = await loadModelsFromDisk(values.models);
  } catch (e) {
    throw new UsageError({ de: `Modelle nicht lesbar: ${(e as Error).message}`, en: `cannot load the models: ${(e as Error).message}` });
  }
  const valuesOnly = [...sets, ...checkSets].find((s) => s.items.some((item) => item.values));
  if (adaptNs && valuesOnly) throw new UsageError({ de: `--adapt braucht Würfel mit Kästen; ${valuesOnly.name} gibt nur Augenzahlen`, en: `--adapt needs dice with boxes; ${valuesOnly.name} gives values only` });
  const cv = await loadCv();
  let failed = 0;
  if (adaptNs) {
    // A photo that cannot be read is said once, however often the runs come back to it.
    const bad = new Set<string>();
    // Each photo is decoded when it is read, so a set of any size runs in little memory.
    const photosOf = (items: SetItem[]) =>
      function* (from = 0): Generator<LabelledFrame> {
        for (let index = from; index < items.length; index++) {
          const item = items[index];
          if (bad.has(item.image)) continue;
          try {
            yield { index, ...readLabelledPhoto(item, index, fixes) };
          } catch (e) {
            bad.add(item.image);
            const m = (e as Error).message;
            printError('eval', e instanceof ImageFileError ? e.text : { de: `${item.label}: ${m}`, en: `${item.label}: ${m}` });
          }
        }
      };
    const checks: CheckSet[] = checkSets.map((c) => ({ name: c.name, photos: photosOf(c.items) }));
    const runs: AdaptResult[] = [];
    for (const set of sets) runs.push(...(await adaptRuns(cv, models, set.name, photosOf(set.items), adaptNs, thresholds, checks, parts, askedRolls)));
    console.log(values.json ? JSON.stringify({ adapt: runs, failed: bad.size }) : adaptReport(runs));
    return bad.size ? 1 : 0;
  }
  const results: SetResult[] = [];
  for (const set of sets) {
    const scored: { file: string; score: ImageScore; ms: number }[] = [];
    const baseline: { score: ImageScore; ms: number }[] = [];
    for (const [i, item] of set.items.entries()) {
      try {
        const { frame, score } = truthOf(item, i, fixes);
        const reading = await read(frame, { models, thresholds });
        scored.push({ file: item.image, score: score(reading.dice), ms: reading.elapsedMs });
        if (!values['skip-baseline']) {
          const t0 = performance.now();
          const dice = await countBlobs(cv, frame);
          baseline.push({ score: score(dice), ms: performance.now() - t0 });
        }
      } catch (e) {
        failed++;
        const m = (e as Error).message;
        printError('eval', e instanceof ImageFileError ? e.text : { de: `${item.label}: ${m}`, en: `${item.label}: ${m}` });
      }
    }
    const misread = scored.filter(({ score: c }) => c.right !== c.labelled || c.reported !== c.labelled).map((x) => {
      const c = x.score;
      return `${x.file}: labelled ${c.labelled}, reported ${c.reported}, found ${c.found}, right ${c.right}, unreadable ${c.unreadable}`;
    });
    results.push({ name: set.name, reader: scoreSet(scored), ...(values['skip-baseline'] ? {} : { baseline: scoreSet(baseline) }), misread });
  }
  if (values.json) {
    console.log(JSON.stringify({ sets: results.map(({ misread: _, ...r }) => r), failed }));
  } else {
    for (const r of results) {
      console.log(`## ${r.name}\n\n${report(r.reader)}\n`);
      if (r.baseline) console.log(`blob counter: read right ${f3(r.baseline.recall)}, precision ${f3(r.baseline.precision)}, median ${r.baseline.medianMs.toFixed(1)} ms\n`);
    }
    console.log(summary(results));
  }
  if (values.errors) for (const r of results) for (const line of r.misread) console.error(line);
  return failed ? 1 : 0;
}
