/**
 * The photo sets of ../shared/data/dice by name, as `schiri eval --sets` and the model scripts
 * take them: `nell-byler:test` is nell-byler's images named in its test.txt. Each folder keeps its
 * LICENSE and README with the data; nothing is copied.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame } from '../../vision/types.ts';
import { readImage } from './image-file.ts';
import { applyLabelFixes, listSet, readLabels, type LabelFix, type LabelledDie, type SetItem } from './yolo-set.ts';

export interface NamedSet {
  /** `folder:list`, e.g. `rune55:unseen`. */
  name: string;
  items: SetItem[];
}

/**
 * The folder holding the data sets: SCHIRI_DICE_ROOT, or ../shared/data/dice beside the project
 * (or beside a worktree one level deeper); undefined when not on this machine.
 */
export function diceRoot(): string | undefined {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const candidates = [process.env.SCHIRI_DICE_ROOT, join(root, '../shared/data/dice'), join(root, '../../shared/data/dice')];
  return candidates.find((d): d is string => !!d && existsSync(d));
}

/**
 * `folder:list` → the images of `root/folder/list.txt` with their labels; throws naming what is
 * missing. A folder without `labels/` but with `values.json` (file name → the face values the
 * photo shows) is a values-only set: each item carries its values.
 */
export function namedSet(root: string, spec: string): NamedSet {
  const m = /^([\w.-]+):([\w.-]+)$/.exec(spec);
  if (!m) throw new Error(`"${spec}" is not folder:list (e.g. nell-byler:test)`);
  const [, folder, list] = m;
  const dir = join(root, folder);
  const listFile = join(dir, `${list}.txt`);
  if (!existsSync(listFile)) throw new Error(`no list ${listFile}`);
  const valuesFile = join(dir, 'values.json');
  if (existsSync(join(dir, 'labels')) || !existsSync(valuesFile)) return { name: spec, items: listSet(join(dir, 'images'), join(dir, 'labels'), listFile) };
  const values = parseValuesFile(readFileSync(valuesFile, 'utf8'));
  const items = listSet(join(dir, 'images'), join(dir, 'labels'), listFile).map((item) => {
    const shown = values.get(basename(item.image));
    if (!shown) throw new Error(`${valuesFile} has no entry for ${basename(item.image)}`);
    return { image: item.image, label: valuesFile, values: shown };
  });
  return { name: spec, items };
}

/** A values-only set's values.json: { "NAME.jpg": [face values] }; throws naming the first entry that is not one. */
export function parseValuesFile(text: string): Map<string, number[]> {
  const o = JSON.parse(text);
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new Error('expected { "NAME.jpg": [values], ... }');
  return new Map(
    Object.entries(o).map(([name, v]) => {
      if (!Array.isArray(v) || !v.every((x) => Number.isInteger(x) && x >= 1 && x <= 6)) throw new Error(`${name}: expected a list of face values 1-6`);
      return [name, v as number[]];
    }),
  );
}

/**
 * A photo of a set decoded (its frame's time is `index`), with its labels and their fixes; throws
 * an ImageFileError for an image that cannot be read, an Error for labels that do not fit.
 */
export function readLabelledPhoto(item: SetItem, index: number, fixes: LabelFix[] = []): { frame: Frame; labels: LabelledDie[] } {
  if (item.values) throw new Error(`${basename(item.image)}: its set gives values only, no boxes`);
  const frame = readImage(item.image, index);
  return { frame, labels: applyLabelFixes(item.image, readLabels(item.label, frame.width, frame.height), fixes) };
}
