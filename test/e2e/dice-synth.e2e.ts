import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { decodeImage } from '../../cli/lib/image-file.ts';
import { launchRenderer, type Renderer } from '../../models/synth/browser.ts';
import { generate } from '../../models/synth/generate.ts';
import { frameMeta, yoloLines } from '../../models/synth/labels.ts';
import { flatQuaternion } from '../../models/synth/scene/layout.ts';
import type { DieSpec, SceneSpec } from '../../models/synth/scene/spec.ts';

/** Six white dice showing 1..6 in a row on a plain grey table, seen straight down, no camera faults. */
function rowOfDice(): SceneSpec {
  const faces = [1, 6, 2, 5, 3, 4];
  const dice: DieSpec[] = [1, 2, 3, 4, 5, 6].map((value, i) => {
    const q = flatQuaternion(faces, value, i * 0.2);
    return {
      value,
      size: 16,
      radius: 1.5,
      position: [(i - 2.5) * 26, 8, (i % 2) * 24 - 12],
      quaternion: [q.x, q.y, q.z, q.w],
      faces,
      turns: [0, 0, 0, 0, 0, 0],
      body: { kind: 'solid', colour: '#f4f3ee', colour2: '#f4f3ee', roughness: 0.8, transmission: 0, pattern: 1, seed: 1 },
      pips: { kind: 'painted', colour: '#101010', size: 0.18, spread: 0.25, depth: 0, one: 'plain' },
      pose: 'flat',
    };
  });
  return {
    seed: 1,
    width: 640,
    height: 480,
    camera: { position: [0, 220, 0], target: [0, 0, 0], tilt: 0, fov: 45, roll: 0 },
    table: { kind: 'paper', colour: '#505050', colour2: '#505050', scale: 200, rotation: 0, roughness: 0.9, seed: 1 },
    dice,
    props: [],
    lights: [
      { kind: 'sun', position: [50, 1000, 80], target: [0, 0, 0], intensity: 2, colour: '#ffffff', shadow: true, softness: 2, angle: 0.5 },
      { kind: 'spot', position: [0, 1000, 0], target: [0, 0, 0], intensity: 0, colour: '#ffffff', shadow: true, softness: 2, angle: 0.5 },
      { kind: 'point', position: [0, 1000, 0], target: [0, 0, 0], intensity: 0, colour: '#ffffff', shadow: false, softness: 2, angle: 0.5 },
    ],
    environment: { intensity: 0.6, rotation: 0 },
    background: '#202020',
    effects: { exposure: 1, whiteBalance: [1, 1, 1], saturation: 1, blur: 0, depthBlur: 0, motion: [0, 0], noise: 0, vignette: 0, sharpen: 0, chroma: 0, jpegQuality: 95 },
  };
}

/** Connected groups of pixels for which `hit` holds, within [x0, x1) x [y0, y1). */
function blobs(w: number, hit: (x: number, y: number) => boolean, x0: number, y0: number, x1: number, y1: number): number {
  const seen = new Set<number>();
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (seen.has(y * w + x) || !hit(x, y)) continue;
      n++;
      const stack = [[x, y]];
      seen.add(y * w + x);
      while (stack.length) {
        const [cx, cy] = stack.pop()!;
        for (const [nx, ny] of [[cx + 1, cy], [cx - 1, cy], [cx, cy + 1], [cx, cy - 1]]) {
          if (nx < x0 || ny < y0 || nx >= x1 || ny >= y1 || seen.has(ny * w + nx) || !hit(nx, ny)) continue;
          seen.add(ny * w + nx);
          stack.push([nx, ny]);
        }
      }
    }
  }
  return n;
}

describe('synthetic dice renderer', () => {
  let renderer: Renderer;
  beforeAll(async () => {
    renderer = await launchRenderer();
  }, 240_000);
  afterAll(() => renderer?.close());

  it('labels each die by the box its pixels fill, with the value its top face shows', async () => {
    const spec = rowOfDice();
    const out = await renderer.render(spec);
    const frame = decodeImage(Buffer.from(out.jpeg, 'base64'));
    const meta = frameMeta(spec, out, 1, 0, 0);
    const lum = (x: number, y: number) => {
      const i = (y * frame.width + x) * 4;
      return 0.299 * frame.data[i] + 0.587 * frame.data[i + 1] + 0.114 * frame.data[i + 2];
    };
    expect(yoloLines(meta).trim().split('\n').map((l) => l.split(' ')[0])).toEqual(['0', '1', '2', '3', '4', '5']);
    for (const d of meta.dice) {
      expect(d).toMatchObject({ labelled: true, ignore: false, cocked: false });
      // The die is what is much brighter than the grey table near its box.
      const [bx0, by0, bx1, by1] = d.box.map(Math.round);
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let y = by0 - 10; y < by1 + 10; y++) {
        for (let x = bx0 - 10; x < bx1 + 10; x++) {
          if (lum(x, y) < 150) continue;
          [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
        }
      }
      for (const [a, b] of [[x0, d.box[0]], [y0, d.box[1]], [x1, d.box[2]], [y1, d.box[3]]]) expect(Math.abs(a - b)).toBeLessThanOrEqual(2);
      // Its top face (shrunk a little towards its centre) shows as many dark pips as its label says.
      const poly = d.topFace.polygon;
      const [cx, cy] = [poly.reduce((s, p) => s + p[0], 0) / 4, poly.reduce((s, p) => s + p[1], 0) / 4];
      const inner = poly.map(([x, y]) => [cx + (x - cx) * 0.85, cy + (y - cy) * 0.85]);
      const inside = (x: number, y: number) =>
        inner.every(([ax, ay], i) => {
          const [bx, by] = inner[(i + 1) % 4];
          return (bx - ax) * (y + 0.5 - ay) - (by - ay) * (x + 0.5 - ax) >= 0;
        }) ||
        inner.every(([ax, ay], i) => {
          const [bx, by] = inner[(i + 1) % 4];
          return (bx - ax) * (y + 0.5 - ay) - (by - ay) * (x + 0.5 - ax) <= 0;
        });
      const xs = poly.map((p) => p[0]);
      const ys = poly.map((p) => p[1]);
      // Dark: well below the face's own brightness (glare lifts pips and face alike).
      const face: number[] = [];
      for (let y = Math.floor(Math.min(...ys)); y < Math.max(...ys); y++) for (let x = Math.floor(Math.min(...xs)); x < Math.max(...xs); x++) if (inside(x, y)) face.push(lum(x, y));
      face.sort((a, b) => a - b);
      const dark = face[Math.floor(face.length * 0.9)] * 0.6;
      const pips = blobs(frame.width, (x, y) => inside(x, y) && lum(x, y) < dark, Math.floor(Math.min(...xs)), Math.floor(Math.min(...ys)), Math.ceil(Math.max(...xs)), Math.ceil(Math.max(...ys)));
      expect(pips, `die showing ${d.value}`).toBe(d.value);
    }
  }, 240_000);

  it('writes images, YOLO labels and meta, skips a complete set, and redoes a lost frame byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schiri-synth-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const opts = { out: dir, count: 2, seed: 5, width: 320, height: 240, workers: 1, renderers: [renderer] };
    const first = await generate(opts);
    expect(first).toMatchObject({ rendered: 2, kept: 0, upToDate: false });
    const image = readFileSync(join(dir, 'images', '00001.jpg'));
    const meta = JSON.parse(readFileSync(join(dir, 'meta', '00001.json'), 'utf8'));
    expect(meta.image).toMatchObject({ width: 320, height: 240 });
    expect(decodeImage(image)).toMatchObject({ width: 320, height: 240 });
    const labels = readFileSync(join(dir, 'labels', '00001.txt'), 'utf8');
    expect(labels.split('\n').filter(Boolean).length).toBe(meta.dice.filter((d: { labelled: boolean }) => d.labelled).length);
    expect(await generate(opts)).toMatchObject({ rendered: 0, upToDate: true });
    // A crash after the image but before the meta file: that frame alone is drawn again, the same.
    rmSync(join(dir, 'meta', '00001.json'));
    rmSync(join(dir, 'manifest.json'));
    expect(await generate(opts)).toMatchObject({ rendered: 1, kept: 1 });
    expect(readFileSync(join(dir, 'images', '00001.jpg')).equals(image)).toBe(true);
  }, 480_000);
});
