/**
 * Where the dice reader's time goes: `npx tsx bench/reader-profile.ts [runs]` times each stage
 * of read() (vision/read.ts) on nell-byler's test photos at 640 x 480 and 1920 x 1080 (the frames
 * `npm run bench vision` uses) and prints each stage's mean CPU time per frame. The stages are
 * read()'s own calls, timed through examine's `stage` hook; read() itself is timed beside them
 * (untimed), to see what the timers cost. One core, TF.js wasm, as the bench. A tool for the model
 * card's "Speed" section, not a test.
 */
import { join } from 'node:path';
import { readImage } from '../cli/lib/image-file.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir, listSet } from '../cli/lib/yolo-set.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { frameToRgb } from '../vision/detect/frame.ts';
import { decide, DEFAULT_THRESHOLDS, examine, read, STAGES, TURNS, type Stage } from '../vision/read.ts';
import type { Frame } from '../vision/types.ts';
import { asCamera, middle480 } from './vision.bench.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

const runs = Number(process.argv[2] ?? 30);
const dir = diceDataDir();
if (!dir) throw new Error('dice photos not found (set SCHIRI_DICE_DATA)');
const models = await loadModelsFromDisk();
const cv = await loadCv();
const th = DEFAULT_THRESHOLDS;

/**
 * Stage name -> CPU ms this process spent in it for the current frame (on a shared machine the
 * wall time of a stage also counts its waits for a core), and what each stage handled.
 */
let spent = new Map<string, number>();
let counts = new Map<string, number>();
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const timed: Stage = (name, fn, count) => {
  const t0 = cpuMs();
  try {
    return fn();
  } finally {
    spent.set(name, (spent.get(name) ?? 0) + cpuMs() - t0);
    if (count !== undefined) counts.set(name, (counts.get(name) ?? 0) + count);
  }
};

/** read() stage by stage: what it does, with each stage timed. */
function profiledRead(frame: Frame): { dice: number; proposals: number; looked: number; turned: number; levels: string } {
  spent = new Map();
  counts = new Map();
  const rgb = timed('frame to RGB (cv.cvtColor)', () => frameToRgb(cv, frame));
  try {
    const candidates = examine(cv, rgb, models, th.proposal, { minDie: th.die, stage: timed });
    const dice = timed('decide (NMS, values)', () => decide(candidates, th));
    const levels = [...spent.keys()].flatMap((k) => /^detector level (\d+)/.exec(k)?.[1] ?? []);
    return {
      dice: dice.length,
      proposals: counts.get(STAGES.squares) ?? 0,
      looked: candidates.length,
      turned: (counts.get(STAGES.moreTurns) ?? 0) / (TURNS - 1),
      levels: levels.sort((a, b) => Number(a) - Number(b)).join(','),
    };
  } finally {
    rgb.delete();
  }
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
  console.log(`\n${label}: CPU time a frame: read() median ${median(reads).toFixed(1)} ms, timed stage by stage median ${median(totals).toFixed(1)} ms, mean ${mean(totals).toFixed(1)} ms (${runs} frames)`);
  console.log(`  proposals a frame: mean ${mean(info.map((x) => x.proposals)).toFixed(1)}, kept after the first turn: ${mean(info.map((x) => x.looked)).toFixed(1)}, turned 3 more times: ${mean(info.map((x) => x.turned)).toFixed(1)}, dice: ${mean(info.map((x) => x.dice)).toFixed(1)}; levels ${[...new Set(info.map((x) => x.levels))].join(' / ')}`);
  for (const [k, v] of [...stages].sort((a, b) => mean(b[1]) - mean(a[1]))) {
    console.log(`  ${k.padEnd(62)} mean ${mean(v).toFixed(1).padStart(6)} ms (${((100 * mean(v)) / mean(totals)).toFixed(0).padStart(2)} %), in ${v.length} frames`);
  }
}
