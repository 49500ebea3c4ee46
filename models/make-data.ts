/**
 * Training data for the dice reader from every source of models/sources.ts (or all but one, with
 * --leave-out), written for models/train.py:
 * - det_x.bin / det.json (--part detector): TILE x TILE RGB tiles, each cut from a photo shrunk or
 *   grown so its dice are a random size from 3 to 48 px (the detector answers for 4 to 32 px at a
 *   pyramid level and sees the others as context), with the dice's boxes in tile pixels;
 * - cls_x.bin / cls_y.bin / cls_src.bin (--part classifier): CROP x CROP crops as read() cuts
 *   them, class 0 = not a die, k = value k, and the source of each: jittered, turned (and now and
 *   then squashed, as a die seen at an angle) crops of every labelled die; crops that are no die:
 *   beside a die (half-dice, side faces, two dice), on a die's pips alone, anywhere on the table;
 *   and with --detector, crops where that detector proposes dice (its false alarms are the hardest
 *   negatives), labelled by the die they match.
 * Usage: tsx models/make-data.ts --part detector|classifier [--out DIR] [--data ROOT]
 *        [--synth DIR[,DIR...]] [--boards DIR] [--leave-out NAME] [--detector DIR] [--seed N]
 *        (--synth '' or --boards '': no rendered scenes, no board frames)
 *        [--legible-synth] (rendered dice whose pips the frame's blur wipes out: unlabelled crops)
 *        [--synth-without KIND,...] (rendered dice of these body kinds: unlabelled crops)
 *        [--box-size LO,HI] (a labelled die's crop cut as a box of LO..HI times its side; default 0.85,1.2)
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readImage } from '../cli/lib/image-file.ts';
import { labelsMisfit, readLabels, type LabelledDie } from '../cli/lib/yolo-set.ts';
import { diceRoot } from '../cli/lib/dice-sets.ts';
import { matchDistance } from '../cli/lib/score.ts';
import { iou } from '../vision/detect/boxes.ts';
import { loadDetectorFromDisk } from '../cli/lib/models.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { frameToRgb } from '../vision/detect/frame.ts';
import { CONTEXT, cropSquare } from '../vision/classify/crop.ts';
import * as nets from '../vision/classify/nets.ts';
import { proposeAll } from '../vision/read.ts';
import { createRng } from '../engine/core/rng.ts';
import { trainingSources, type Source } from './sources.ts';
import { emptyBox, pastedDie, printedSheets } from './paste.ts';
import { BODY_KINDS } from './synth/scene/spec.ts';

/** Side of a detector training tile, in pixels of the level it stands for. */
export const TILE = 128;

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    synth: { type: 'string', default: '.cache/dice-synth' },
    boards: { type: 'string', default: '.cache/board-frames' },
    out: { type: 'string', default: '.cache/dice-data' },
    part: { type: 'string' },
    'leave-out': { type: 'string' },
    detector: { type: 'string' },
    seed: { type: 'string', default: '1' },
    // Rendered dice whose pips are blurred away teach the classifier no value (sources.ts).
    'legible-synth': { type: 'boolean', default: false },
    // Rendered dice of these body kinds likewise: what each look of the render is worth to a fold.
    'synth-without': { type: 'string' },
    // On tables it never saw the detector's boxes are smaller than the labelled dice (median side
    // 0.76-0.91 of the label's on the folds: models/trials.md), so a trial cuts crops that tight too.
    'box-size': { type: 'string', default: '0.85,1.2' },
  },
});
const part = values.part;
if (part !== 'detector' && part !== 'classifier') throw new Error(`--part: detector or classifier, not ${part}`);
const root = values.data ?? diceRoot();
if (!root) throw new Error('the dice data are not on this machine: give --data DIR');
const boxSize = values['box-size']!.split(',').map(Number);
if (boxSize.length !== 2 || !boxSize.every((x) => x > 0) || boxSize[0] > boxSize[1]) throw new Error(`--box-size: LO,HI with 0 < LO <= HI, not ${values['box-size']}`);
const synthWithout = values['synth-without']?.split(',').filter((k) => k !== '');
const unknownKind = synthWithout?.find((k) => !(BODY_KINDS as readonly string[]).includes(k));
if (unknownKind) throw new Error(`--synth-without: body kinds from ${BODY_KINDS.join(', ')}, not ${unknownKind}`);
const all = trainingSources(root, values.synth, values.boards, { legibleSynth: values['legible-synth'], synthWithout });
const leaveOut = values['leave-out'];
if (leaveOut && !all.some((s) => s.name === leaveOut)) throw new Error(`--leave-out: one of ${all.map((s) => s.name).join(', ')}, not ${leaveOut}`);
const sources = all.filter((s) => s.name !== leaveOut);
const detector = values.detector ? await loadDetectorFromDisk(values.detector) : undefined;
const cv = await loadCv();
const rng = createRng(Number(values.seed));
const rand = (lo: number, hi: number) => lo + (hi - lo) * rng.next();
const pick = <T>(xs: T[]) => xs[Math.floor(rng.next() * xs.length)];
mkdirSync(values.out!, { recursive: true });
const sheets = part === 'classifier' ? printedSheets(cv) : [];
/** Share of labelled dice also laid into a printed box (paste.ts), and empty boxes per such die. */
const PASTED = 0.5;
const EMPTY_BOXES = 0.6;

/** Appends byte blocks to a file as they come (the crops of all sources do not fit one array). */
function sink(path: string) {
  const fd = openSync(path, 'w');
  return { write: (b: Uint8Array) => void writeSync(fd, b), close: () => closeSync(fd) };
}

const side = (b: LabelledDie['box']) => Math.max(b[2], b[3]);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// ---------------------------------------------------------------- detector tiles
type Xywh = [number, number, number, number];

/**
 * `ignore`: boxes of dice a rendered frame shows but does not label (cocked, mostly hidden), in
 * tile pixels: neither a die the detector must find nor table it must call empty.
 */
function tilesOf(rgb: any, dice: LabelledDie[], unlabelled: Xywh[], count: number, out: ReturnType<typeof sink>, meta: { src: string; boxes: number[][]; ignore?: number[][] }[], src: string) {
  const med = dice.length ? median(dice.map((d) => side(d.box))) : 40;
  for (let k = 0; k < count; k++) {
    // Dice from 3 to 48 px: the level's own range and a little beyond on both sides.
    const target = Math.exp(rand(Math.log(3), Math.log(48)));
    const s = Math.max(TILE / Math.max(rgb.cols, rgb.rows), Math.min(1.5, target / med));
    const [W, H] = [Math.max(1, Math.round(rgb.cols * s)), Math.max(1, Math.round(rgb.rows * s))];
    const scaled = new cv.Mat();
    cv.resize(rgb, scaled, new cv.Size(W, H), 0, 0, s < 1 ? cv.INTER_AREA : cv.INTER_LINEAR);
    // Most tiles around a die, some anywhere: a frame is mostly table.
    let [x0, y0] = [rand(0, Math.max(0, W - TILE)), rand(0, Math.max(0, H - TILE))];
    if (dice.length && rng.next() < 0.7) {
      const b = pick(dice).box;
      x0 = (b[0] + b[2] / 2) * s - TILE / 2 + rand(-0.35, 0.35) * TILE;
      y0 = (b[1] + b[3] / 2) * s - TILE / 2 + rand(-0.35, 0.35) * TILE;
    }
    x0 = Math.round(Math.min(Math.max(0, x0), Math.max(0, W - TILE)));
    y0 = Math.round(Math.min(Math.max(0, y0), Math.max(0, H - TILE)));
    const [w, h] = [Math.min(TILE, W - x0), Math.min(TILE, H - y0)];
    const tile = new cv.Mat();
    const roi = scaled.roi(new cv.Rect(x0, y0, w, h));
    // A photo smaller than a tile is mirrored out to it (a level of a small frame is small).
    cv.copyMakeBorder(roi, tile, 0, TILE - h, 0, TILE - w, cv.BORDER_REFLECT_101);
    roi.delete();
    scaled.delete();
    out.write(new Uint8Array(tile.data));
    tile.delete();
    const boxes = dice
      .map((d) => [d.box[0] * s - x0, d.box[1] * s - y0, d.box[2] * s, d.box[3] * s, d.value])
      .filter(([x, y, bw, bh]) => x + bw / 2 >= 0 && y + bh / 2 >= 0 && x + bw / 2 < w && y + bh / 2 < h);
    const ignore = unlabelled
      .map((u) => [u[0] * s - x0, u[1] * s - y0, u[2] * s, u[3] * s])
      .filter(([x, y, bw, bh]) => x + bw >= 0 && y + bh >= 0 && x < w && y < h);
    meta.push(ignore.length ? { src, boxes, ignore } : { src, boxes });
  }
}

// ---------------------------------------------------------------- classifier crops
const SQUASHED = 0.3;
const squash = (): [number, number] => (rng.next() < SQUASHED ? [rand(0.8, 1.25), rand(-0.15, 0.15)] : [1, 0]);

function crop(rgb: any, cx: number, cy: number, boxSide: number, jitter = true): Uint8Array {
  return cropSquare(cv, rgb, cx, cy, boxSide * CONTEXT, rand(0, 360), nets.CROP, jitter ? squash() : [1, 0]);
}

/** A labelled die cut as a detector box would cut it: centre off by up to 12 %, size --box-size (-15..+20 %). */
function jittered(rgb: any, box: LabelledDie['box']): Uint8Array {
  const s = side(box);
  return crop(rgb, box[0] + box[2] / 2 + rand(-0.12, 0.12) * s, box[1] + box[3] / 2 + rand(-0.12, 0.12) * s, s * rand(boxSize[0], boxSize[1]));
}

/** The box covers part of a die the labels leave out (rendered frames: cocked, mostly hidden). */
function onUnlabelled(box: Xywh, unlabelled: Xywh[]): boolean {
  const [cx, cy] = [box[0] + box[2] / 2, box[1] + box[3] / 2];
  return unlabelled.some((u) => iou(box, u) > 0.1 || (cx >= u[0] && cx <= u[0] + u[2] && cy >= u[1] && cy <= u[1] + u[3]));
}

/**
 * A crop that is no die: its box matches no labelled die as `schiri eval` matches them, and
 * covers no die the labels leave out (taught as "not a die", a die seen at an angle would be).
 */
function negative(rgb: any, dice: LabelledDie[], unlabelled: Xywh[]): Uint8Array | null {
  const sizes = dice.map((d) => side(d.box));
  const [W, H] = [rgb.cols, rgb.rows];
  const r = rng.next();
  let cx: number;
  let cy: number;
  let s: number;
  if (dice.length && r < 0.35) {
    // Beside a die: half of it, its side face, it and a neighbour.
    const b = pick(dice).box;
    const a = rand(0, 2 * Math.PI);
    const d = rand(0.55, 1.3) * side(b);
    [cx, cy, s] = [b[0] + b[2] / 2 + Math.cos(a) * d, b[1] + b[3] / 2 + Math.sin(a) * d, side(b) * rand(0.6, 1.3)];
  } else if (dice.length && r < 0.5) {
    // A die's pips alone: what a reader that knows only "dark spot on light" calls a die.
    const b = pick(dice).box;
    const a = rand(0, 2 * Math.PI);
    const d = rand(0, 0.35) * side(b);
    [cx, cy, s] = [b[0] + b[2] / 2 + Math.cos(a) * d, b[1] + b[3] / 2 + Math.sin(a) * d, side(b) * rand(0.2, 0.45)];
  } else {
    s = sizes.length ? pick(sizes) * rand(0.4, 2) : rand(15, 120);
    [cx, cy] = [rand(0, W), rand(0, H)];
  }
  const box: LabelledDie['box'] = [cx - s / 2, cy - s / 2, s, s];
  if (dice.some((d) => matchDistance(box, d.box) !== null) || onUnlabelled(box, unlabelled)) return null;
  return crop(rgb, cx, cy, s);
}

/**
 * Where the fresh detector proposes dice, labelled: the die it clearly finds (two turns of each),
 * or none (the surest HARD_NEGATIVES false alarms of the photo, one turn each; a Catan board draws
 * dozens and would drown the rest), or skipped when it is neither clearly a die nor clearly none.
 */
const HARD_NEGATIVES = 8;
function proposalCrops(rgb: any, dice: LabelledDie[], unlabelled: Xywh[], add: (x: Uint8Array, y: number) => void) {
  const proposals = proposeAll(cv, rgb, detector!, 0.1).sort((a, b) => b.score - a.score);
  let negatives = 0;
  for (const p of proposals) {
    const matches = dice.map((d) => ({ d, dist: matchDistance(p.box, d.box) })).filter((m) => m.dist !== null);
    const at = () => crop(rgb, p.box[0] + p.box[2] / 2, p.box[1] + p.box[3] / 2, side(p.box), false);
    if (matches.length === 0) {
      if (!onUnlabelled(p.box, unlabelled) && negatives++ < HARD_NEGATIVES) add(at(), 0);
      continue;
    }
    const best = matches.sort((a, b) => a.dist! - b.dist!)[0];
    const ratio = side(p.box) / side(best.d.box);
    if (best.dist! > 0.25 || ratio < 0.67 || ratio > 1.5) continue;
    for (let k = 0; k < 2; k++) add(at(), best.d.value);
  }
}

/** Now and then the die laid into a printed box, and an empty box beside it (paste.ts). */
function pasted(rgb: any, box: LabelledDie['box'], value: number, add: (x: Uint8Array, y: number) => void) {
  if (rng.next() >= PASTED) return;
  const r = { rand, pick };
  add(pastedDie(cv, rgb, box, pick(sheets), r), value);
  if (rng.next() < EMPTY_BOXES) add(emptyBox(cv, pick(sheets), r), 0);
}

// ---------------------------------------------------------------- the sources
const counts: Record<string, { images: number; tiles: number; crops: number; negatives: number; skipped: number; keptOut?: number }> = {};
const detOut = part === 'detector' ? sink(join(values.out!, 'det_x.bin')) : undefined;
const detMeta: { src: string; boxes: number[][]; ignore?: number[][] }[] = [];
const clsX = part === 'classifier' ? sink(join(values.out!, 'cls_x.bin')) : undefined;
const clsY: number[] = [];
const clsSrc: number[] = [];

for (const [si, source] of sources.entries()) {
  const c: (typeof counts)[string] = (counts[source.name] = { images: 0, tiles: 0, crops: 0, negatives: 0, skipped: 0 });
  const add = (x: Uint8Array, y: number) => {
    clsX!.write(x);
    clsY.push(y);
    clsSrc.push(si);
    c.crops++;
    if (y === 0) c.negatives++;
  };
  if (source.kind === 'crops') {
    if (part === 'detector') continue;
    for (const item of source.crops) {
      const rgb = frameToRgb(cv, readImage(item.path));
      const s = Math.min(rgb.cols, rgb.rows) * source.dieShare;
      const box: LabelledDie['box'] = [rgb.cols / 2 - s / 2, rgb.rows / 2 - s / 2, s, s];
      for (let k = 0; k < source.perDie; k++) add(jittered(rgb, box), item.value);
      pasted(rgb, box, item.value, add);
      rgb.delete();
      c.images++;
    }
    continue;
  }
  for (const item of source.items) {
    const frame = readImage(item.image);
    const dice = readLabels(item.label, frame.width, frame.height);
    if (source.checkFit && labelsMisfit(dice)) {
      c.skipped++;
      continue;
    }
    c.images++;
    const rgb = frameToRgb(cv, frame);
    if (part === 'detector') {
      tilesOf(rgb, dice, item.unlabelled ?? [], source.tiles, detOut!, detMeta, source.name);
      c.tiles += source.tiles;
    } else {
      const keptOut = item.keptOut ?? [];
      const readable = dice.filter((d) => !keptOut.some((b) => iou(d.box, b) > 0.8));
      const unlabelled = [...(item.unlabelled ?? []), ...keptOut];
      for (const d of readable) for (let k = 0; k < source.perDie; k++) add(jittered(rgb, d.box), d.value);
      for (const d of readable) pasted(rgb, d.box, d.value, add);
      for (let made = 0, tries = 0; made < source.negatives && tries < source.negatives * 20; tries++) {
        const x = negative(rgb, readable, unlabelled);
        if (x) {
          add(x, 0);
          made++;
        }
      }
      if (detector) proposalCrops(rgb, readable, unlabelled, add);
      if (keptOut.length) c.keptOut = (c.keptOut ?? 0) + dice.length - readable.length;
    }
    rgb.delete();
  }
  console.log(`${source.name}: ${JSON.stringify(c)}`);
}

const { detectorNet: _d, classifierNet: _c, ...specs } = nets;
writeFileSync(join(values.out!, 'nets.json'), JSON.stringify({ ...specs, TILE }));
if (detOut) {
  detOut.close();
  writeFileSync(join(values.out!, 'det.json'), JSON.stringify(detMeta));
}
if (clsX) {
  clsX.close();
  writeFileSync(join(values.out!, 'cls_y.bin'), Uint8Array.from(clsY));
  writeFileSync(join(values.out!, 'cls_src.bin'), Uint8Array.from(clsSrc));
}
writeFileSync(join(values.out!, `${part}-sources.json`), JSON.stringify({ leftOut: leaveOut ?? null, sources: sources.map((s) => s.name), counts }, null, 1));
