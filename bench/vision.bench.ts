import { join } from 'node:path';
import { readImage } from '../cli/lib/image-file.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir, listSet } from '../cli/lib/yolo-set.ts';
import { read } from '../vision/read.ts';
import { countBlobs } from '../vision/baseline/blob-counter.ts';
import { loadCv, type Cv } from '../vision/detect/opencv.ts';
import type { Frame } from '../vision/types.ts';
import { fmt, summarize, time, type Timing } from './timing.ts';

/** The 640 x 480 middle of a frame (the app's camera size; the photos are 640 x 640). */
export function middle480(f: Frame): Frame {
  const top = Math.floor((f.height - 480) / 2);
  return { ...f, height: 480, data: f.data.slice(top * f.width * 4, (top + 480) * f.width * 4) };
}

/**
 * The photo as a camera of `width` x `height` would take it from closer: scaled up (bilinear) to
 * the frame's height and centred, the sides filled by the photo's edge. The dice grow with it, as
 * they do in a sharper camera's frame, so the pyramid has the same work as on a real one.
 */
export function asCamera(cv: Cv, f: Frame, width: number, height: number): Frame {
  const src = new cv.Mat(f.height, f.width, cv.CV_8UC4);
  src.data.set(f.data);
  const side = Math.min(width, height);
  const big = new cv.Mat();
  cv.resize(src, big, new cv.Size(side, side), 0, 0, cv.INTER_LINEAR);
  const out = new cv.Mat();
  const [l, t] = [Math.floor((width - side) / 2), Math.floor((height - side) / 2)];
  cv.copyMakeBorder(big, out, t, height - side - t, l, width - side - l, cv.BORDER_REPLICATE);
  const frame = { width, height, data: new Uint8ClampedArray(out.data), time: 0 };
  src.delete();
  big.delete();
  out.delete();
  return frame;
}

/**
 * `fn` run `runs` times after `warmup`: the wall time of each run, and the CPU time this process
 * spent in it. On a machine that other jobs share, the wall time counts the waits for a core; the
 * CPU time is what a frame costs one core (the reader runs on one thread: tfjs wasm and OpenCV
 * without threads).
 */
async function wallAndCpu(fn: () => unknown, runs: number, warmup: number): Promise<{ wall: Timing; cpu: Timing }> {
  for (let i = 0; i < warmup; i++) await fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const [w0, c0] = [performance.now(), process.cpuUsage()];
    await fn();
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    wall.push(performance.now() - w0);
  }
  return { wall: summarize(wall), cpu: summarize(cpu) };
}

/**
 * read() per frame on nell-byler's test photos at the sizes cameras deliver, one core (tfjs wasm
 * backend, no threads in Node), and the blob counter's time on the same frames for reference.
 */
export default async function bench(): Promise<void> {
  const dir = diceDataDir();
  if (!dir) {
    console.log('dice photos not found (set SCHIRI_DICE_DATA): skipped');
    return;
  }
  const models = await loadModelsFromDisk();
  const cv = await loadCv();
  const photos = listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt')).map((s) => readImage(s.image));
  const sizes: [string, (f: Frame) => Frame, number][] = [
    ['640x480 (middle of each test photo)', middle480, photos.length * 2],
    ['640x640 (test photos as they are)', (f) => f, photos.length * 2],
    ['1280x720', (f) => asCamera(cv, f, 1280, 720), photos.length],
    ['1920x1080', (f) => asCamera(cv, f, 1920, 1080), photos.length],
    ['4032x3024 (12 MP)', (f) => asCamera(cv, f, 4032, 3024), 12],
  ];
  for (const [label, make, runs] of sizes) {
    const set = photos.slice(0, Math.min(photos.length, runs)).map(make);
    let i = 0;
    const t = await wallAndCpu(() => read(set[i++ % set.length], { models }), runs, 3);
    let j = 0;
    const b = await time(() => countBlobs(cv, set[j++ % set.length]), Math.min(runs, 20), 1);
    console.log(`read ${label}: ${fmt(t.wall)}; CPU median ${t.cpu.medianMs.toFixed(1)} ms, p95 ${t.cpu.p95Ms.toFixed(1)} ms; blob counter ${fmt(b)}`);
  }
}
