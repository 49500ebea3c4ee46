/**
 * Where the dice reader's time goes: `npx tsx scripts/reader-profile.ts [runs]` times each stage
 * of read() (vision/read.ts) on nell-byler's test photos at 640 x 480 and 1920 x 1080 (the frames
 * `npm run bench vision` uses) and prints each stage's mean CPU time per frame. The stages are the calls
 * read() makes, in its order (a copy of proposeAll and examine with timers round each call; the
 * copy's total is printed beside read()'s own, to see that it does the same work). One core,
 * TF.js wasm, as the bench. A tool for the model card's "Speed" section, not a test.
 */
import { join } from 'node:path';
import { readImage } from '../cli/lib/image-file.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir, listSet } from '../cli/lib/yolo-set.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { frameToRgb } from '../vision/detect/frame.ts';
import { levelInput, pyramid, pyramidFactors, type LevelInput } from '../vision/detect/levels.ts';
import { levelSize, mergeLevels, propose } from '../vision/detect/detector.ts';
import { DET_MIN } from '../vision/classify/nets.ts';
import { cropSquare, cropTurnsOfBox } from '../vision/classify/crop.ts';
import { classify } from '../vision/classify/classifier.ts';
import { analyseFace, PIP_CROP } from '../vision/classify/pips.ts';
import { decide, DEFAULT_THRESHOLDS, meanOfTurns, read, sureUpright, TURNS } from '../vision/read.ts';
import type { Frame } from '../vision/types.ts';
import { asCamera, middle480 } from '../bench/vision.bench.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

const runs = Number(process.argv[2] ?? 30);
const dir = diceDataDir();
if (!dir) throw new Error('dice photos not found (set SCHIRI_DICE_DATA)');
const models = await loadModelsFromDisk();
const cv = await loadCv();
const th = DEFAULT_THRESHOLDS;

/**
 * Stage name -> CPU ms this process spent in it for the current frame: on a shared machine the
 * wall time of a stage also counts its waits for a core.
 */
let spent = new Map<string, number>();
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
function timed<R>(name: string, fn: () => R): R {
  const t0 = cpuMs();
  try {
    return fn();
  } finally {
    spent.set(name, (spent.get(name) ?? 0) + cpuMs() - t0);
  }
}

/** proposeAll and examine of vision/read.ts stage by stage (same calls, same rule for level 2). */
function profiledRead(frame: Frame): { dice: number; proposals: number; looked: number; turned: number; levels: string } {
  const rgb = timed('frame to RGB (cv.cvtColor)', () => frameToRgb(cv, frame));
  const det = (input: LevelInput) =>
    timed(`detector level ${input.factor} (${input.width}x${input.height}, tensor + net + decode)`, () => propose(models.detector, input, th.proposal));
  const factors = pyramidFactors(rgb.cols, rgb.rows);
  const levels = timed('pyramid: resize (cv.resize)', () => pyramid(cv, rgb, factors)).map(det);
  const finer = factors[0] / 2;
  const long = Math.max(rgb.cols, rgb.rows);
  let used = [...factors];
  if (finer >= 2 && long / finer <= 1280) {
    const sizes = levels[0].filter((p) => p.score >= 0.3).map(levelSize).sort((a, b) => a - b);
    const unsure = levels.every((l) => l.every((p) => p.score < 0.3));
    const small = sizes.length > 0 && sizes[Math.floor(sizes.length / 2)] < 1.6 * DET_MIN;
    if (long / finer <= 640 || unsure || small) {
      levels.unshift(det(timed('pyramid: resize (cv.resize)', () => levelInput(cv, rgb, finer))));
      used = [finer, ...used];
    }
  }
  const proposals = timed('merge levels', () => mergeLevels(levels));
  const centre = (b: number[]) => [b[0] + b[2] / 2, b[1] + b[3] / 2] as const;
  const bar = TURNS * th.die - (TURNS - 1) - 1e-6;
  const cuts = timed('crops, the square of every proposal (cv.warpAffine)', () => proposals.map((p) => cropTurnsOfBox(cv, rgb, p.box)));
  const crops0 = timed('crops, first turn (roi, INTER_AREA)', () => cuts.map((c) => c.turn(0)));
  const first = timed(`classifier, first turn of every proposal`, () => classify(models.classifier, crops0));
  const looked = proposals.map((p, i) => ({ p, cut: cuts[i], first: first[i] })).filter((x) => 1 - x.first[0] >= bar);
  const unsure = looked.filter((x) => !sureUpright(x.first));
  const crops1 = timed('crops, 3 more turns (cv.rotate, INTER_AREA)', () => unsure.flatMap((x) => [1, 2, 3].map((k) => x.cut.turn(k))));
  for (const c of cuts) c.delete();
  const rest = timed('classifier, 3 more turns of the unsure survivors', () => classify(models.classifier, crops1));
  const more = new Map(unsure.map((x, i) => [x, rest.slice(i * 3, i * 3 + 3)]));
  const cands = looked.map((x) => {
    const { p, first } = x;
    const mean = meanOfTurns([first, ...(more.get(x) ?? [])]);
    const pc = timed('pip crop (cv.warpAffine)', () => cropSquare(cv, rgb, ...centre(p.box), Math.max(p.box[2], p.box[3]), 0, PIP_CROP));
    return { box: p.box, score: p.score, probs: mean, face: timed('pip counting (analyseFace)', () => analyseFace(pc)) };
  });
  const dice = timed('decide (NMS, values)', () => decide(cands, th));
  rgb.delete();
  return { dice: dice.length, proposals: proposals.length, looked: looked.length, turned: unsure.length, levels: used.join(',') };
}

const photos = listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt')).map((s) => readImage(s.image));
for (const [label, make] of [
  ['640x480', middle480],
  ['1920x1080', (f: Frame) => asCamera(cv, f, 1920, 1080)],
] as const) {
  const set = photos.slice(0, Math.min(runs, photos.length)).map(make);
  const stages = new Map<string, number[]>();
  const totals: number[] = [];
  const reads: number[] = [];
  const info: { dice: number; proposals: number; looked: number; turned: number; levels: string }[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const frame = set[i % set.length];
    const r0 = cpuMs();
    await read(frame, { models });
    const readMs = cpuMs() - r0;
    spent = new Map();
    const t0 = cpuMs();
    const got = profiledRead(frame);
    const total = cpuMs() - t0;
    if (i < 3) continue;
    totals.push(total);
    reads.push(readMs);
    info.push(got);
    for (const [k, v] of spent) stages.set(k, [...(stages.get(k) ?? []), v]);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\n${label}: CPU time a frame: read() median ${median(reads).toFixed(1)} ms, the staged copy median ${median(totals).toFixed(1)} ms, mean ${mean(totals).toFixed(1)} ms (${runs} frames)`);
  console.log(`  proposals a frame: mean ${mean(info.map((x) => x.proposals)).toFixed(1)}, kept after the first turn: ${mean(info.map((x) => x.looked)).toFixed(1)}, turned 3 more times: ${mean(info.map((x) => x.turned)).toFixed(1)}, dice: ${mean(info.map((x) => x.dice)).toFixed(1)}; levels ${[...new Set(info.map((x) => x.levels))].join(' / ')}`);
  for (const [k, v] of [...stages].sort((a, b) => mean(b[1]) - mean(a[1]))) {
    console.log(`  ${k.padEnd(62)} mean ${mean(v).toFixed(1).padStart(6)} ms (${((100 * mean(v)) / mean(totals)).toFixed(0).padStart(2)} %), in ${v.length} frames`);
  }
}
