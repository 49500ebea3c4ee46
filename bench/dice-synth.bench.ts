/**
 * The synthetic dice generator (docs/dice-synth.md): seconds a frame in headless Chromium
 * (three.js on SwiftShader), wall time and the CPU time of Chromium's processes, with the load
 * average (this machine is shared): the renderer-choice scene (8 dice, one translucent, shadows,
 * 640x480, as the Blender comparison in the doc), then random frames with one and two workers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchRenderer } from '../models/synth/browser.ts';
import { generate } from '../models/synth/generate.ts';
import { flatQuaternion } from '../models/synth/scene/layout.ts';
import type { DieSpec, SceneSpec } from '../models/synth/scene/spec.ts';

/**
 * CPU seconds used so far by this process's descendants (Chromium's processes), from /proc: the
 * living ones, plus those that ended and were reaped (counted in this process's own cutime).
 */
function childCpu(): number {
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(d), Number(f[1]));
      cpu.set(Number(d), (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100);
    } catch {
      // the process ended meanwhile
    }
  }
  const self = readFileSync('/proc/self/stat', 'utf8');
  const own = self.slice(self.lastIndexOf(')') + 2).split(' ');
  let total = (Number(own[13]) + Number(own[14])) / 100;
  for (const [pid, c] of cpu) {
    let p = parent.get(pid);
    while (p && p !== process.pid && p > 1) p = parent.get(p);
    if (p === process.pid) total += c;
  }
  return total;
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** The scene timed against Blender: eight dice on wood at 35 degrees, one red translucent, sun and spot with shadows. */
export function comparableScene(): SceneSpec {
  const faces = [1, 6, 2, 5, 3, 4];
  const at: [number, number][] = [[-45, -20], [-30, -22], [-22, 5], [10, -30], [20, -28], [30, 20], [32, 40], [50, 38]];
  const dice: DieSpec[] = at.map(([x, z], i) => {
    const q = flatQuaternion(faces, 1 + (i % 6), i * 0.7);
    const red = i === 3;
    return {
      value: 1 + (i % 6),
      size: 16,
      radius: 2.5,
      position: [x, 8, z],
      quaternion: [q.x, q.y, q.z, q.w],
      faces,
      turns: [0, 1, 0, 1, 0, 1],
      body: { kind: red ? 'translucent' : 'solid', colour: red ? '#c4101c' : '#f4f3ee', colour2: '#ffffff', roughness: 0.25, transmission: red ? 0.9 : 0, pattern: 1, seed: i },
      pips: { kind: red ? 'painted' : 'engraved', colour: red ? '#f6f6f2' : '#101010', size: 0.18, spread: 0.25, depth: red ? 0 : 0.6, one: 'plain' },
      pose: 'flat',
    };
  });
  return {
    seed: 1,
    width: 640,
    height: 480,
    camera: { position: [0, 230, 170], target: [0, 0, 0], tilt: 36.5, fov: 50, roll: 0 },
    table: { kind: 'wood', colour: '#c49a6c', colour2: '#8a5a32', scale: 300, rotation: 0, roughness: 0.6, seed: 3 },
    dice,
    props: [],
    lights: [
      { kind: 'sun', position: [300, 800, 200], target: [0, 0, 0], intensity: 2.5, colour: '#fff4e8', shadow: true, softness: 3, angle: 0.5 },
      { kind: 'spot', position: [-100, 250, -80], target: [0, 0, 0], intensity: 1.2, colour: '#ffffff', shadow: true, softness: 10, angle: 0.8 },
      { kind: 'point', position: [0, 500, 300], target: [0, 0, 0], intensity: 0, colour: '#ffffff', shadow: false, softness: 1, angle: 0.5 },
    ],
    environment: { intensity: 0.5, rotation: 0 },
    background: '#303030',
    effects: { exposure: 1, whiteBalance: [1, 1, 1], saturation: 1, blur: 0, depthBlur: 0, motion: [0, 0], noise: 0.01, vignette: 0.2, sharpen: 0, chroma: 0, jpegQuality: 90 },
  };
}

export default async function bench(): Promise<void> {
  console.log(`load average before: ${load()} (1, 5, 15 min; ${process.env.SYNTH_BENCH_FRAMES ?? 24} random frames a run)`);
  const r = await launchRenderer();
  try {
    const spec = comparableScene();
    await r.render(spec);
    await r.render(spec);
    const n = 5;
    const c0 = childCpu();
    const t0 = Date.now();
    for (let i = 0; i < n; i++) await r.render(spec);
    console.log(`renderer-choice scene 640x480 (8 dice, 1 translucent, 2 shadowed lights): ${((Date.now() - t0) / 1000 / n).toFixed(2)} s a frame wall, ${((childCpu() - c0) / n).toFixed(2)} s CPU (Chromium), load ${load()}`);
  } finally {
    await r.close();
  }
  const frames = Number(process.env.SYNTH_BENCH_FRAMES ?? 24);
  for (const [workers, width, height] of [[1, 640, 480], [2, 640, 480], [2, 320, 240], [2, 1280, 720]]) {
    const dir = mkdtempSync(join(tmpdir(), 'schiri-synth-bench-'));
    const renderers = await Promise.all(Array.from({ length: workers }, () => launchRenderer()));
    try {
      // A warm-up set first: each Chromium compiles its shaders once (seconds each on
      // SwiftShader), which a long run amortises; then the timed set.
      await generate({ out: join(dir, 'warm'), count: 6 * workers, seed: 98, width, height, workers, renderers });
      const c0 = childCpu();
      const res = await generate({ out: join(dir, 'timed'), count: frames, seed: 99, width, height, workers, renderers });
      const cpu = childCpu() - c0;
      console.log(`random frames ${width}x${height}, ${workers} worker(s): ${res.perFrame.toFixed(2)} s a frame wall, ${(cpu / frames).toFixed(2)} s CPU a frame (${frames} frames after ${6 * workers} to warm up), load ${load()}`);
    } finally {
      await Promise.all(renderers.map((r) => r.close()));
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
