/**
 * What the dice reader learns from: the training lists of ../shared/data/dice (never a test,
 * valid or unseen list) and the rendered scenes of models/synth. Each source says how much of
 * it goes into the detector's tiles and the classifier's crops, so one small set is not drowned by
 * a big one. `--leave-out NAME` (models/make-data.ts) drops one source whole: the way designs are
 * chosen here (leave one set out, test on it), never on rune55's unseen list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { listSet, parseUnlabelled, withoutUnlabelled, type SetItem } from '../cli/lib/yolo-set.ts';
import { pipsLegible, type FrameMeta } from './synth/labels.ts';

/** A photo, and where known (rendered scenes) the dice it shows that are not in its labels. */
export interface PhotoItem extends SetItem {
  /**
   * Boxes [x, y, w, h] in pixels of dice the picture shows but the labels leave out (cocked, or
   * too little of the top face seen): neither a die to learn nor "not a die".
   */
  unlabelled?: [number, number, number, number][];
  /**
   * Boxes of labelled rendered dice the classifier is not to learn from (SynthOptions: pips the
   * picture blurs away, or a body kind left out for a trial): a die for the detector, neither a
   * value nor "not a die" for the classifier.
   */
  keptOut?: [number, number, number, number][];
}

export interface PhotoSource {
  name: string;
  kind: 'photos';
  items: PhotoItem[];
  /** Detector tiles cut from each photo, each at its own scale. */
  tiles: number;
  /** Classifier crops per labelled die, and "not a die" crops per photo. */
  perDie: number;
  negatives: number;
  /**
   * Skip photos whose labels cannot be theirs (labelsMisfit: nell-byler once held a contact sheet
   * under one photo's labels). Not for dice-3: its photos are stretched to a square and its dice
   * seen at an angle, so its boxes are honestly oblong.
   */
  checkFit?: boolean;
}

/** Crops of one die each, in folders named by value: for the classifier only. */
export interface CropSource {
  name: string;
  kind: 'crops';
  /** Path of each crop and the value it shows. */
  crops: { path: string; value: number }[];
  /** The die's box side as a share of the crop's side (the crops are cut differently). */
  dieShare: number;
  perDie: number;
}

export type Source = PhotoSource | CropSource;

/**
 * Photos of dice-3 whose label file is empty though dice lie in them (its README, "Known label
 * problems"): the same file `schiri eval --fixes` leaves its test photos out by.
 */
const DICE3_UNLABELLED = parseUnlabelled(readFileSync(new URL('./dice-3-label-fixes.json', import.meta.url), 'utf8'));

function photos(root: string, folder: string, list: string): SetItem[] {
  const dir = join(root, folder);
  return listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, `${list}.txt`));
}

/** Crops in folders named by value: all of them, or those a list names (`3/NAME.jpg` a line). */
function cropList(root: string, folder: string, list?: string): { path: string; value: number }[] {
  const dir = join(root, folder);
  const rel = list
    ? readFileSync(join(dir, `${list}.txt`), 'utf8')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l !== '')
    : ['1', '2', '3', '4', '5', '6'].flatMap((v) => readdirSync(join(dir, v)).sort().map((f) => `${v}/${f}`));
  return rel.map((r) => ({ path: join(dir, r), value: Number(r.split('/')[0]) }));
}

/**
 * Every source at hand. `synth` is the folder models/synth/render.ts wrote, or several separated
 * by commas (one source, their frames in that order), `boards` the one models/board-frames.ts
 * wrote (absent: left out).
 */
export function trainingSources(root: string, synth?: string, boards?: string, opts: SynthOptions = {}): Source[] {
  const sources: Source[] = [
    { name: 'nell-byler', kind: 'photos', items: photos(root, 'nell-byler', 'train'), tiles: 3, perDie: 8, negatives: 40, checkFit: true },
    // Three augmented copies of each photo: a third of the crops per copy.
    { name: 'dice-3', kind: 'photos', items: withoutUnlabelled(photos(root, 'dice-3', 'train'), DICE3_UNLABELLED), tiles: 1, perDie: 3, negatives: 15 },
    { name: 'rune55', kind: 'photos', items: photos(root, 'rune55', 'train'), tiles: 3, perDie: 6, negatives: 40 },
    { name: 'tomitomi3', kind: 'crops', crops: cropList(root, 'tomitomi3-crops'), dieShare: 0.42, perDie: 1 },
    { name: 'chase', kind: 'crops', crops: cropList(root, 'chase-crops', 'train'), dieShare: 0.9, perDie: 4 },
  ];
  // A frame is complete once its meta file is written (both generators write it last), so a
  // render still running gives its finished frames only.
  const finished = (dir: string) => {
    const meta = (s: SetItem) => join(dir, 'meta', basename(s.label).replace(/\.txt$/, '.json'));
    return listSet(join(dir, 'images'), join(dir, 'labels'))
      .filter((s) => existsSync(meta(s)))
      .map((s): PhotoItem => ({ ...s, unlabelled: unlabelledDice(meta(s)) }));
  };
  const kept = (items: PhotoItem[], dir: string) =>
    items.map((s): PhotoItem => ({ ...s, keptOut: keptOut(join(dir, 'meta', basename(s.label).replace(/\.txt$/, '.json')), opts) }));
  const rendered = (synth ?? '').split(',').filter((dir) => dir !== '' && existsSync(join(dir, 'images')));
  if (rendered.length) {
    const filtered = opts.legibleSynth || (opts.synthWithout?.length ?? 0) > 0;
    const items = rendered.flatMap((dir) => (filtered ? kept(finished(dir), dir) : finished(dir)));
    sources.push({ name: 'synth', kind: 'photos', items, tiles: 1, perDie: 2, negatives: 12 });
  }
  // Real dice pasted on the printed sheets: for the detector, which never saw a die in a box.
  if (boards && existsSync(join(boards, 'images'))) sources.push({ name: 'boards', kind: 'photos', items: finished(boards), tiles: 1, perDie: 1, negatives: 6 });
  return sources;
}

/** Which rendered dice the classifier leaves out (trials of what the render teaches; models/make-data.ts). */
export interface SynthOptions {
  /** Dice whose pips the frame's blur and size wipe out. */
  legibleSynth?: boolean;
  /** Dice of these body kinds (models/synth: solid, wood, translucent, ...). */
  synthWithout?: string[];
}

/** The labelled dice of a rendered frame that `opts` leaves out of the classifier's crops, as [x, y, w, h]. */
function keptOut(metaFile: string, opts: SynthOptions): [number, number, number, number][] {
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as FrameMeta;
  const out = (d: FrameMeta['dice'][number]) => (opts.legibleSynth && !pipsLegible(d, meta)) || (opts.synthWithout ?? []).includes(d.body.kind);
  return meta.dice.filter((d) => d.labelled && out(d)).map(({ box: [x1, y1, x2, y2] }) => [x1, y1, x2 - x1, y2 - y1]);
}

/** The dice of a rendered frame's meta record that its YOLO file leaves out, as [x, y, w, h]. */
function unlabelledDice(metaFile: string): [number, number, number, number][] {
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { dice: { labelled: boolean; box: [number, number, number, number] }[] };
  return meta.dice.filter((d) => !d.labelled).map(({ box: [x1, y1, x2, y2] }) => [x1, y1, x2 - x1, y2 - y1]);
}
