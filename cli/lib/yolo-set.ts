/**
 * A YOLO-labelled image set (one `class cx cy w h` line a box, normalised; class k = face k+1),
 * as `schiri eval` and the model scripts read it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LabelledDie {
  value: number;
  box: [number, number, number, number];
}

export interface SetItem {
  image: string;
  /** The label file; for a values-only set, the file the values came from (named in messages). */
  label: string;
  /**
   * A values-only set (no boxes, e.g. sserg-dice-lum74's values.json): the face values the photo
   * shows, in no order; scored as the values read (cli/lib/score.ts scoreValues), not by box.
   */
  values?: number[];
}

/** Images of `imagesDir` (or those named in `listFile`), each with its label file in `labelsDir`. */
export function listSet(imagesDir: string, labelsDir: string, listFile?: string): SetItem[] {
  const names = listFile
    ? readFileSync(listFile, 'utf8')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l !== '')
        .map((l) => basename(l))
    : readdirSync(imagesDir)
        .filter((f) => /\.(jpe?g|png)$/i.test(f))
        .sort();
  return names.map((n) => ({ image: join(imagesDir, n), label: join(labelsDir, basename(n, extname(n)) + '.txt') }));
}

/** Parses a YOLO label file into pixel boxes for an image of the given size. */
export function parseLabels(text: string, width: number, height: number): LabelledDie[] {
  const dice: LabelledDie[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    const t = line.trim();
    if (t === '') continue;
    const f = t.split(/\s+/).map(Number);
    if (f.length !== 5 || f.some((x) => !Number.isFinite(x)) || !Number.isInteger(f[0]) || f[0] < 0) {
      throw new Error(`line ${i + 1}: expected "class cx cy w h", got "${t}"`);
    }
    const [k, cx, cy, w, h] = f;
    dice.push({ value: k + 1, box: [(cx - w / 2) * width, (cy - h / 2) * height, w * width, h * height] });
  }
  return dice;
}

/**
 * Why labels cannot belong to their image, or undefined: dice are about square, so when the
 * median labelled box is more than 1.5 times wider than tall (or taller than wide) in the image's
 * pixels, the labels were made for a picture of another shape (one nell-byler training photo on
 * this machine is a contact sheet of 31 photos under one photo's labels).
 */
export function labelsMisfit(dice: LabelledDie[]): string | undefined {
  if (dice.length === 0) return undefined;
  const aspects = dice.map((d) => d.box[2] / d.box[3]).sort((a, b) => a - b);
  const median = aspects[Math.floor(aspects.length / 2)];
  return median > 1.5 || median < 1 / 1.5 ? `median die box ${median.toFixed(2)} times as wide as tall` : undefined;
}

/** A label that does not match its photo: die `die` (0-based, in file order) of `image`. */
export interface LabelFix {
  image: string;
  die: number;
  /** The value the label file gives; the fix is refused when the file says otherwise. */
  labelled: number;
  shows: number;
  why: string;
  /** The split the photo belongs to (train.txt, test.txt), for the reader of the file. */
  list?: string;
}

const isFace = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 6;

/** Parses a fixes file ({ fixes: LabelFix[] }); throws naming the first entry that is not one. */
export function parseLabelFixes(text: string): LabelFix[] {
  return fixesOf(JSON.parse(text));
}

function fixesOf(o: { fixes?: unknown }): LabelFix[] {
  if (!Array.isArray(o?.fixes)) throw new Error('expected { "fixes": [...] }');
  return o.fixes.map((f: Partial<LabelFix>, i) => {
    if (typeof f?.image !== 'string' || !Number.isInteger(f.die) || (f.die as number) < 0 || !isFace(f.labelled) || !isFace(f.shows) || typeof f.why !== 'string') {
      throw new Error(`fix ${i + 1}: expected { image, die (0-based), labelled (1-6), shows (1-6), why }`);
    }
    return f as LabelFix;
  });
}

/** A photo whose label file lists none of the dice it shows: left out of scoring, not scored as all phantoms. */
export interface UnlabelledPhoto {
  image: string;
  why: string;
  list?: string;
}

/** The `unlabelled` photos of a fixes file (none where it has no such list); throws naming the first entry that is not one. */
export function parseUnlabelled(text: string): UnlabelledPhoto[] {
  return unlabelledOf(JSON.parse(text));
}

function unlabelledOf(o: { unlabelled?: unknown }): UnlabelledPhoto[] {
  if (o?.unlabelled === undefined) return [];
  if (!Array.isArray(o.unlabelled)) throw new Error('expected "unlabelled": [...]');
  return o.unlabelled.map((u: Partial<UnlabelledPhoto>, i) => {
    if (typeof u?.image !== 'string' || typeof u.why !== 'string') throw new Error(`unlabelled ${i + 1}: expected { image, why }`);
    return u as UnlabelledPhoto;
  });
}

/** Both lists of a fixes file, read from one parse of it. */
export function parseFixesFile(text: string): { fixes: LabelFix[]; unlabelled: UnlabelledPhoto[] } {
  const o = JSON.parse(text);
  return { fixes: fixesOf(o), unlabelled: unlabelledOf(o) };
}

/** The items of a set (or any photos with an `image` path) without the photos named unlabelled. */
export function withoutUnlabelled<T extends { image: string }>(items: T[], unlabelled: UnlabelledPhoto[]): T[] {
  const names = new Set(unlabelled.map((u) => u.image));
  return items.filter((item) => !names.has(basename(item.image)));
}

/** The labels of `image` with its fixes applied; throws when a fix does not match the labels. */
export function applyLabelFixes(image: string, dice: LabelledDie[], fixes: LabelFix[]): LabelledDie[] {
  const name = basename(image);
  const out = dice.map((d) => ({ ...d }));
  for (const f of fixes.filter((x) => x.image === name)) {
    const d = out[f.die];
    if (!d || d.value !== f.labelled) throw new Error(`fix for ${name} die ${f.die}: the labels give ${d ? d.value : 'no such die'}, the fix expects ${f.labelled}`);
    d.value = f.shows;
  }
  return out;
}

export function readLabels(path: string, width: number, height: number): LabelledDie[] {
  return parseLabels(readFileSync(path, 'utf8'), width, height);
}

/**
 * The nell-byler dice photos (../shared/data/dice/nell-byler from the repository, or from a
 * worktree one level deeper), or SCHIRI_DICE_DATA; undefined when not on this machine.
 */
export function diceDataDir(): string | undefined {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const candidates = [process.env.SCHIRI_DICE_DATA, join(root, '../shared/data/dice/nell-byler'), join(root, '../../shared/data/dice/nell-byler')];
  return candidates.find((d): d is string => !!d && existsSync(join(d, 'images')));
}
