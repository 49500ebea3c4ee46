/**
 * A contact sheet of generated frames, to look at: each frame shrunk into a cell, with its labels
 * drawn over it (green: in the YOLO file, with the value; orange: in it but `ignore`; red: left
 * out; blue: look-alike objects).
 *   npx tsx models/synth/sheet.ts DIR --out sheet.png [--from 0] [--count 12 | --frames 3,8,21] [--cell 320] [--columns 4] [--plain]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PNG } from 'pngjs';
import { decodeImage } from '../../cli/lib/image-file.ts';
import type { Frame } from '../../vision/types.ts';
import type { FrameMeta } from './labels.ts';
import { frameName } from './generate.ts';
import type { Manifest } from './generate.ts';

type Rgb = [number, number, number];

/** 3 x 5 digits, rows top to bottom, 3 bits a row. */
const DIGITS: Record<string, number[]> = {
  '1': [2, 6, 2, 2, 7],
  '2': [7, 1, 7, 4, 7],
  '3': [7, 1, 7, 1, 7],
  '4': [5, 5, 7, 1, 1],
  '5': [7, 4, 7, 1, 7],
  '6': [7, 4, 7, 5, 7],
};

class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 4, 255);
  }
  set(x: number, y: number, c: Rgb): void {
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    this.data[i] = c[0];
    this.data[i + 1] = c[1];
    this.data[i + 2] = c[2];
    this.data[i + 3] = 255;
  }
  rect(x0: number, y0: number, x1: number, y1: number, c: Rgb, clipX: number, clipY: number, clipW: number, clipH: number): void {
    const inside = (x: number, y: number) => x >= clipX && y >= clipY && x < clipX + clipW && y < clipY + clipH;
    for (let x = x0; x <= x1; x++) for (const y of [y0, y1]) if (inside(x, y)) this.set(x, y, c);
    for (let y = y0; y <= y1; y++) for (const x of [x0, x1]) if (inside(x, y)) this.set(x, y, c);
  }
  digit(ch: string, x: number, y: number, c: Rgb, scale = 2): void {
    const rows = DIGITS[ch];
    if (!rows) return;
    for (let r = 0; r < 5; r++)
      for (let b = 0; b < 3; b++)
        if (rows[r] & (4 >> b)) for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) this.set(x + b * scale + dx, y + r * scale + dy, c);
  }
  /** Pastes `f` scaled by `k` (box filter) at (ox, oy). */
  paste(f: Frame, ox: number, oy: number, k: number): void {
    const w = Math.floor(f.width * k);
    const h = Math.floor(f.height * k);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const sx0 = Math.floor(x / k);
        const sy0 = Math.floor(y / k);
        const sx1 = Math.max(sx0 + 1, Math.floor((x + 1) / k));
        const sy1 = Math.max(sy0 + 1, Math.floor((y + 1) / k));
        let r = 0;
        let g = 0;
        let b = 0;
        let n = 0;
        for (let sy = sy0; sy < sy1 && sy < f.height; sy++) {
          for (let sx = sx0; sx < sx1 && sx < f.width; sx++) {
            const i = (sy * f.width + sx) * 4;
            r += f.data[i];
            g += f.data[i + 1];
            b += f.data[i + 2];
            n++;
          }
        }
        this.set(ox + x, oy + y, [r / n, g / n, b / n]);
      }
    }
  }
}

export function contactSheet(dir: string, indices: number[], opts: { cell: number; columns: number; labels: boolean }): Buffer {
  // The manifest is written last: while a set is still rendering, the names come from meta/.
  const manifestFile = join(dir, 'manifest.json');
  const names = existsSync(manifestFile)
    ? new Map(indices.map((i) => [i, frameName(i, (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest).args.count)]))
    : new Map(readdirSync(join(dir, 'meta')).map((f) => [Number(f.replace('.json', '')), f.replace('.json', '')]));
  const rows = Math.ceil(indices.length / opts.columns);
  const cellH = Math.round(opts.cell * 0.75);
  const pad = 4;
  const canvas = new Canvas(opts.columns * (opts.cell + pad) + pad, rows * (cellH + pad) + pad);
  indices.forEach((index, n) => {
    const name = names.get(index);
    if (name === undefined) throw new Error(`frame ${index}: not (yet) in ${dir}`);
    const frame = decodeImage(readFileSync(join(dir, 'images', `${name}.jpg`)));
    const meta = JSON.parse(readFileSync(join(dir, 'meta', `${name}.json`), 'utf8')) as FrameMeta;
    const k = Math.min(opts.cell / frame.width, cellH / frame.height);
    const ox = pad + (n % opts.columns) * (opts.cell + pad);
    const oy = pad + Math.floor(n / opts.columns) * (cellH + pad);
    canvas.paste(frame, ox, oy, k);
    if (!opts.labels) return;
    const w = Math.floor(frame.width * k);
    const h = Math.floor(frame.height * k);
    const box = (b: number[], c: Rgb) => canvas.rect(Math.round(ox + b[0] * k), Math.round(oy + b[1] * k), Math.round(ox + b[2] * k), Math.round(oy + b[3] * k), c, ox, oy, w, h);
    for (const o of meta.objects) box(o.box, [40, 120, 255]);
    for (const d of meta.dice) {
      const c: Rgb = !d.labelled ? [255, 40, 40] : d.ignore ? [255, 160, 0] : [40, 230, 60];
      box(d.box, c);
      if (d.labelled) canvas.digit(String(d.value), ox + d.box[0] * k + 2, oy + d.box[1] * k - 12, c);
    }
  });
  const png = new PNG({ width: canvas.width, height: canvas.height });
  png.data = canvas.data;
  return PNG.sync.write(png);
}

if (process.argv[1]?.endsWith("sheet.ts")) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      from: { type: 'string', default: '0' },
      count: { type: 'string', default: '12' },
      frames: { type: 'string' },
      cell: { type: 'string', default: '320' },
      columns: { type: 'string', default: '4' },
      plain: { type: 'boolean', default: false },
    },
  });
  const dir = positionals[0];
  if (!dir || !values.out) {
    console.error('usage: npx tsx models/synth/sheet.ts DIR --out sheet.png [--from 0] [--count 12 | --frames 3,8,21] [--cell 320] [--columns 4] [--plain]');
    process.exit(2);
  }
  const from = Number(values.from);
  const indices = values.frames ? values.frames.split(',').map(Number) : Array.from({ length: Number(values.count) }, (_, i) => from + i);
  writeFileSync(values.out, contactSheet(dir, indices, { cell: Number(values.cell), columns: Number(values.columns), labels: !values.plain }));
}
