import { loadavg } from 'node:os';
import { SHIPPED_TAFELN } from '../engine/engel-und-bengel/tafeln/index.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir } from '../cli/lib/yolo-set.ts';
import { tafelObservation } from '../renderer/games/engel-und-bengel/camera.ts';
import { tafelScenes } from '../test/e2e/tafel-video.ts';
import { throughFakeCamera } from '../test/e2e/y4m.ts';
import { placedTafelBoard } from '../vision/board/board.ts';
import { BoardTracker, realDice, withFields } from '../vision/board/calibration.ts';
import { BoardWatch, calibratedView } from '../vision/change/watch.ts';
import { read, REFEREE_THRESHOLDS } from '../vision/read.ts';
import { Settler } from '../vision/settle/settle.ts';
import type { Frame } from '../vision/types.ts';
import { summarize, type Timing } from './timing.ts';

/**
 * From the last motion to the verdict, as the d6 camera worker settles and reads (Settler,
 * BoardWatch, BoardTracker where the markers' surroundings changed, `read` of the changed patches with the referee's thresholds), on a sequence like the Engel
 * und Bengel camera e2e video: Tafel 1 at 640x480 through the fake camera's YUV round trip, frames
 * every 100 ms (what the camera panel grabs), eight placements one after another, each a hand
 * reaching over the Tafel for 0.8 s and gone, then the Tafel still for 1.5 s. The latency of a
 * placement is the time from the frame of its last motion to the frame read, by the frames' own
 * times (the wait), plus the wall time of reading and judging that frame here (the read). Also
 * counted: readings passed on while the hand was in view (must be none), and the same wait for a
 * worker without the reference (the full still time, 700 ms). On a machine shared with other jobs
 * the read's wall time measures the load; its CPU time (`process.cpuUsage`) is printed beside it.
 */
const STEP_MS = 100;
const PLACEMENTS: [string, number][] = [
  ['r1b1', 1],
  ['r1b2', 2],
  ['r1b3', 3],
  ['r2b1', 4],
  ['r2b2', 4],
  ['r3b1', 5],
  ['r4b1', 6],
  ['r5b1', 6],
];

/** A hand reaching in from the bottom edge over the Tafel, a little elsewhere each frame. */
function handOver(f: Frame, k: number): Frame {
  const out: Frame = { ...f, data: new Uint8ClampedArray(f.data) };
  const [cx, cy] = [180 + ((k * 67) % 280), 220 + ((k * 29) % 90)];
  for (let y = 0; y < f.height; y++) {
    for (let x = 0; x < f.width; x++) {
      if (((x - cx) / 70) ** 2 + ((y - cy) / 55) ** 2 <= 1 || (y >= cy && Math.abs(x - cx) <= 42)) out.data.set([214, 160, 128], (y * f.width + x) * 4);
    }
  }
  return out;
}

export default async function bench(): Promise<void> {
  const data = diceDataDir();
  if (!data) return void console.log('skipped: the nell-byler photos are not on this machine');
  const tafel = SHIPPED_TAFELN[0];
  const board = placedTafelBoard(tafel);
  const scenes = tafelScenes(tafel, data, 1);
  const models = await loadModelsFromDisk();
  const load = loadavg()[0];

  // The video: the empty Tafel, then each placement with a hand before it.
  const frames: { frame: Frame; hand: boolean; placement: number }[] = [];
  const dice: Record<string, number> = {};
  const add = (f: Frame, hand: boolean, placement: number) => frames.push({ frame: { ...throughFakeCamera(f), time: frames.length * STEP_MS }, hand, placement });
  for (const f of scenes({}, 1.5, 1000 / STEP_MS)) add(f, false, -1);
  for (const [p, [box, value]] of PLACEMENTS.entries()) {
    dice[box] = value;
    const still = scenes({ ...dice }, 2.3, 1000 / STEP_MS);
    still.slice(0, 8).forEach((f, k) => add(handOver(f, k + p * 8), true, p));
    for (const f of still.slice(8)) add(f, false, p);
  }

  const settler = new Settler();
  const plain = new Settler();
  const watch = new BoardWatch();
  const tracker = new BoardTracker(board);
  let lastMotion = 0;
  let plainLastMotion = 0;
  const total: number[] = [];
  const wait: number[] = [];
  const reading: number[] = [];
  const plainWait: number[] = [];
  const cpu: number[] = [];
  const totalCpu: number[] = [];
  let midMotion = 0;
  let wrong = 0;
  let verdicts = 0;
  let patched = 0;
  /** The read frame's CPU time by step: settling (cell means, the change map), markers, the read and judgement. */
  const partCpu: number[][] = [[], [], []];
  for (const { frame, hand, placement } of frames) {
    const p = plain.look(frame);
    if (p.moving) plainLastMotion = frame.time;
    else if (p.read) {
      plain.took({ dice: [], obstructed: false, elapsedMs: 0, time: frame.time }, p.stillForMs);
      if (placement >= 0) plainWait.push(frame.time - plainLastMotion);
    }
    // The frame that is read is timed from its settling step on: that too runs before the verdict.
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const step = settler.look(frame, () => watch.quick(frame));
    if (step.moving) lastMotion = frame.time;
    if (!step.read) continue;
    const cm = process.cpuUsage();
    const steady = watch.steady(frame);
    const cal = steady && steady === tracker.calibration ? steady : tracker.update(frame).calibration;
    if (!cal) throw new Error('the Tafel was not found');
    const cs = process.cpuUsage();
    const view = calibratedView(cal);
    const seen = await watch.see(frame, view, (f) => read(f, { models, thresholds: REFEREE_THRESHOLDS }), (r) => realDice(cal, r));
    const observed = seen.lost ? null : settler.took(seen.reading, step.stillForMs);
    const ms = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    const cpuMs = (c1.user + c1.system) / 1000;
    const ms2 = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => (b.user + b.system - a.user - a.system) / 1000;
    const parts = [ms2(c0, cm), ms2(cm, cs), ms2(cs, process.cpuUsage())];
    if (!observed) continue;
    verdicts++;
    if (hand) midMotion++;
    watch.passed(frame, observed.reading, view);
    const obs = tafelObservation(withFields(cal, observed.reading));
    const right = obs.ok && JSON.stringify(Object.entries(obs.observed.boxes).sort()) === JSON.stringify(Object.entries(dice).filter(([b]) => PLACEMENTS.findIndex(([x]) => x === b) <= placement).sort());
    if (!right) wrong++;
    watch.verdict(right);
    if (placement < 0) continue;
    if (!seen.lost && seen.patches) patched++;
    wait.push(frame.time - lastMotion);
    reading.push(ms);
    total.push(frame.time - lastMotion + ms);
    cpu.push(cpuMs);
    parts.forEach((v, i) => partCpu[i].push(v));
    totalCpu.push(frame.time - lastMotion + cpuMs);
  }
  const f = (t: Timing) => `median ${t.medianMs.toFixed(0)} ms, p95 ${t.p95Ms.toFixed(0)} ms (${t.runs})`;
  console.log(`load average ${load.toFixed(1)}; ${PLACEMENTS.length} placements, frames every ${STEP_MS} ms, 640x480`);
  console.log(`last motion to verdict: ${f(summarize(total))}; of it the wait ${f(summarize(wait))}, the read and judgement ${f(summarize(reading))}`);
  console.log(`the same with the read's CPU time (this process's, what it takes on an idle core): ${f(summarize(totalCpu))}; the read's CPU time ${f(summarize(cpu))}`);
  console.log(`of the read's CPU time, medians: settling the frame ${summarize(partCpu[0]).medianMs.toFixed(0)} ms, markers ${summarize(partCpu[1]).medianMs.toFixed(0)} ms, reading the patches and judging ${summarize(partCpu[2]).medianMs.toFixed(0)} ms`);
  console.log(`placements read by their changed patches alone ${patched} of ${total.length} (the rest whole)`);
  console.log(`the wait without a reference (full still time): ${f(summarize(plainWait))}`);
  console.log(`verdicts ${verdicts}, of them taken while the hand was in view ${midMotion}, not the Tafel as laid ${wrong}`);
}
