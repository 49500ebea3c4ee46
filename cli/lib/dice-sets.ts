/**
 * The photo sets of ../shared/data/dice by name, as `schiri eval --sets` and the model scripts
 * take them: `nell-byler:test` is nell-byler's images named in its test.txt. Each folder keeps its
 * LICENSE and README with the data; nothing is copied.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/** `folder:list` → the images of `root/folder/list.txt` with their labels; throws naming what is missing. */
export function namedSet(root: string, spec: string): NamedSet {
  const m = /^([\w.-]+):([\w.-]+)$/.exec(spec);
  if (!m) throw new Error(`"${spec}" is not folder:list (e.g. nell-byler:test)`);
  const [, folder, list] = m;
  const dir = join(root, folder);
  const listFile = join(dir, `${list}.txt`);
  if (!existsSync(listFile)) throw new Error(`no list ${listFile}`);
  return { name: spec, items: listSet(join(dir, 'images'), join(dir, 'labels'), listFile) };
}

/**
 * A photo of a set decoded (its frame's time is `index`), with its labels and their fixes; throws
 * an ImageFileError for an image that cannot be read, an Error for labels that do not fit.
 */
export function readLabelledPhoto(item: SetItem, index: number, fixes: LabelFix[] = []): { frame: Frame; labels: LabelledDie[] } {
  const frame = readImage(item.image, index);
  return { frame, labels: applyLabelFixes(item.image, readLabels(item.label, frame.width, frame.height), fixes) };
}
