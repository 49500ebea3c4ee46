/**
 * Whole webcam frames of the sheets players print, with real dice pasted in (Node, training only):
 * `tsx models/board-frames.ts --out DIR --count N [--seed S] [--data ROOT] [--leave-out NAME]` writes
 * DIR/images/NNNNN.jpg, DIR/labels/NNNNN.txt (YOLO, class = value - 1) and DIR/meta/NNNNN.json
 * (written last: a frame is complete once it is there), as models/synth/render.ts does, so
 * models/sources.ts takes them as one more source of labelled photos.
 *
 * Why: the detector never saw a die inside a printed box. On a Tafel it boxed the printed square
 * round a white die (70 x 78 px round a 40 px die) and the classifier, shown the square, said "not a
 * die" (paste.ts taught the classifier the same lesson, crop by crop). Each frame: a shipped Tafel
 * sheet or the duel board under a tilted, turned camera on a table of some colour, and 1-8 dice cut
 * from the training lists (never a test, valid or unseen list) with a margin of their own table,
 * laid mostly into boxes and some onto the paper or the table, 14-64 px, in the room's light.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import jpeg from 'jpeg-js';
import { createRng, type Rng } from '../engine/core/rng.ts';
import { readImage } from '../cli/lib/image-file.ts';
import { readLabels, type SetItem } from '../cli/lib/yolo-set.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { diceRoot } from '../cli/lib/dice-sets.ts';
import { printedSheets, type PrintedSheet } from './paste.ts';
import { trainingSources, type PhotoSource } from './sources.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '.cache/board-frames' },
    count: { type: 'string', default: '600' },
    seed: { type: 'string', default: '1' },
    data: { type: 'string' },
    // Leave-one-set-out: the left-out source's dice must not come back pasted on a sheet.
    'leave-out': { type: 'string' },
  },
});
const W = 640;
const H = 480;
const root = values.data ?? diceRoot();
if (!root) throw new Error('the dice data are not on this machine: give --data DIR');
// Each frame its own rng: a rerun that keeps the frames it has makes the missing ones as before.
let rng: Rng = createRng(Number(values.seed));
const rand = (lo: number, hi: number) => lo + (hi - lo) * rng.next();
const pick = <T>(xs: T[]) => xs[Math.floor(rng.next() * xs.length)];
const cv = await loadCv();
const sheets = printedSheets(cv);
// Labelled photos only: the crop sets have no table round their dice to fade into the paper.
const photos: SetItem[] = trainingSources(root)
  .filter((s): s is PhotoSource => s.kind === 'photos' && s.name !== values['leave-out'])
  .flatMap((s) => s.items);
for (const d of ['images', 'labels', 'meta']) mkdirSync(join(values.out!, d), { recursive: true });

/** The sheet seen by a camera: homography from sheet pixels to frame pixels. */
function camera(sheet: PrintedSheet, die: number): any {
  const box = sheet.boxes[0].side;
  // A die fills 0.55-0.85 of a box's side: the sheet's scale follows from the die's size.
  const s = die / (box * rand(0.55, 0.85));
  const [w, h] = [sheet.rgb.cols * s, sheet.rgb.rows * s];
  const a = rand(-Math.PI, Math.PI);
  // Tilt: the far edge shrinks, as a camera looking at the table at an angle sees it.
  const far = rand(0.7, 1);
  const corners = [
    [-w / 2 * far, -h / 2],
    [w / 2 * far, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ];
  // Somewhere a box is in view: the centre of a random box lands inside the frame.
  const b = pick(sheet.boxes);
  const [bx, by] = [b.cx * s - w / 2, b.cy * s - h / 2];
  const [tx, ty] = [rand(0.2, 0.8) * W - (Math.cos(a) * bx - Math.sin(a) * by), rand(0.2, 0.8) * H - (Math.sin(a) * bx + Math.cos(a) * by)];
  const dst = corners.flatMap(([x, y]) => [Math.cos(a) * x - Math.sin(a) * y + tx, Math.sin(a) * x + Math.cos(a) * y + ty]);
  const src = [0, 0, sheet.rgb.cols, 0, sheet.rgb.cols, sheet.rgb.rows, 0, sheet.rgb.rows];
  const [from, to] = [cv.matFromArray(4, 1, cv.CV_32FC2, src), cv.matFromArray(4, 1, cv.CV_32FC2, dst)];
  const m = cv.getPerspectiveTransform(from, to);
  from.delete();
  to.delete();
  return m;
}

function project(m: any, x: number, y: number): [number, number] {
  const d = m.data64F;
  const z = d[6] * x + d[7] * y + d[8];
  return [(d[0] * x + d[1] * y + d[2]) / z, (d[3] * x + d[4] * y + d[5]) / z];
}

/** One frame: the sheet on a table, and where each pasted die's box is. */
function frame(index: number) {
  const sheet = pick(sheets);
  const die = rand(14, 64);
  const m = camera(sheet, die);
  const table = [rand(20, 200), rand(20, 180), rand(10, 160)];
  const out = new cv.Mat();
  cv.warpPerspective(sheet.rgb, out, m, new cv.Size(W, H), cv.INTER_AREA, cv.BORDER_CONSTANT, new cv.Scalar(...table, 255));
  const rgb = new Uint8Array(out.data);
  out.delete();
  const labels: string[] = [];
  const boxes: [number, number, number, number][] = [];
  const n = 1 + Math.floor(rand(0, 8));
  for (let k = 0; k < n * 3 && boxes.length < n; k++) {
    // Mostly in a box; now and then on the paper or table anywhere.
    const inBox = rng.next() < 0.75;
    const box = inBox ? pick(sheet.boxes) : null;
    const [cx, cy] = box ? project(m, box.cx + rand(-0.1, 0.1) * box.side, box.cy + rand(-0.1, 0.1) * box.side) : [rand(0, W), rand(0, H)];
    const size = die * rand(0.85, 1.15);
    if (cx - size < 0 || cy - size < 0 || cx + size > W || cy + size > H) continue;
    if (boxes.some((b) => Math.hypot(b[0] + b[2] / 2 - cx, b[1] + b[3] / 2 - cy) < 1.3 * Math.max(size, b[2]))) continue;
    const value = paste(rgb, cx, cy, size);
    if (!value) continue;
    boxes.push([cx - size / 2, cy - size / 2, size, size]);
    labels.push(`${value - 1} ${(cx / W).toFixed(6)} ${(cy / H).toFixed(6)} ${(size / W).toFixed(6)} ${(size / H).toFixed(6)}`);
  }
  m.delete();
  light(rgb);
  const name = String(index).padStart(5, '0');
  const rgba = Buffer.alloc(W * H * 4);
  for (let i = 0; i < W * H; i++) rgba.set([rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2], 255], 4 * i);
  writeFileSync(join(values.out!, 'images', `${name}.jpg`), jpeg.encode({ data: rgba, width: W, height: H }, Math.round(rand(70, 92))).data);
  writeFileSync(join(values.out!, 'labels', `${name}.txt`), labels.join('\n') + (labels.length ? '\n' : ''));
  const meta = join(values.out!, 'meta', `${name}.json`);
  writeFileSync(meta + '.part', JSON.stringify({ generator: 'models/board-frames.ts', seed: Number(values.seed), index, dice: boxes.map(([x, y, w, h]) => ({ labelled: true, box: [x, y, x + w, y + h] })) }));
  renameSync(meta + '.part', meta);
}

const cache = new Map<string, { image: ReturnType<typeof readImage>; dice: ReturnType<typeof readLabels> }>();
/**
 * A random labelled die from the training photos, cut with half its size again of its own table
 * round it, a quarter turn or mirror, laid centred at cx, cy with its edge `size`, the margin fading
 * into what lies there. Returns its value (0: none fits).
 */
function paste(rgb: Uint8Array, cx: number, cy: number, size: number): number {
  const item = pick(photos);
  if (!cache.has(item.image)) {
    if (cache.size > 200) cache.clear();
    const image = readImage(item.image);
    cache.set(item.image, { image, dice: readLabels(item.label, image.width, image.height) });
  }
  const { image, dice } = cache.get(item.image)!;
  if (!dice.length) return 0;
  const d = pick(dice);
  const [bx, by, bw, bh] = d.box;
  if (Math.min(bw, bh) < 12) return 0;
  const cut = Math.ceil(size * 1.5);
  const quarter = Math.floor(rand(0, 4));
  const mirror = rng.next() < 0.5;
  const x0 = Math.round(cx - cut / 2);
  const y0 = Math.round(cy - cut / 2);
  for (let y = 0; y < cut; y++) {
    for (let x = 0; x < cut; x++) {
      const [fx, fy] = [x0 + x, y0 + y];
      if (fx < 0 || fy < 0 || fx >= W || fy >= H) continue;
      // Where in the die's cut this pixel comes from, turned and mirrored.
      let [u, v] = [(x + 0.5) / cut - 0.5, (y + 0.5) / cut - 0.5];
      for (let q = 0; q < quarter; q++) [u, v] = [-v, u];
      if (mirror) u = -u;
      const edge = Math.max(Math.abs(u), Math.abs(v)) * 2 * 1.5;
      const a = edge <= 1 ? 1 : edge >= 1.4 ? 0 : 1 - (edge - 1) / 0.4;
      if (a === 0) continue;
      const sx = Math.min(image.width - 1, Math.max(0, Math.round(bx + bw / 2 + u * 1.5 * bw)));
      const sy = Math.min(image.height - 1, Math.max(0, Math.round(by + bh / 2 + v * 1.5 * bh)));
      const [i, j] = [(fy * W + fx) * 3, (sy * image.width + sx) * 4];
      for (let c = 0; c < 3; c++) rgb[i + c] = Math.round(a * image.data[j + c] + (1 - a) * rgb[i + c]);
    }
  }
  return d.value;
}

/** The room's light and the camera's noise: gain, white balance, a gradient, sensor noise. */
function light(rgb: Uint8Array) {
  const gain = rand(0.55, 1.1);
  const tint = [rand(0.88, 1.1), rand(0.94, 1.05), rand(0.82, 1.1)];
  const [gx, gy] = [rand(-0.3, 0.3), rand(-0.3, 0.3)];
  const noise = rand(1, 7);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const g = gain * (1 + gx * (x / W - 0.5) + gy * (y / H - 0.5));
      for (let c = 0; c < 3; c++) {
        const i = (y * W + x) * 3 + c;
        rgb[i] = Math.min(255, Math.max(0, rgb[i] * g * tint[c] + (rng.next() + rng.next() + rng.next() - 1.5) * noise));
      }
    }
  }
}

const count = Number(values.count);
for (let i = 0; i < count; i++) {
  if (existsSync(join(values.out!, 'meta', `${String(i).padStart(5, '0')}.json`))) continue;
  rng = createRng(Number(values.seed) * 1_000_003 + i);
  frame(i);
  if (i % 50 === 0) console.error(`board frame ${i}/${count}`);
}
