/**
 * The dice reader in a Web Worker of Chromium gives the reading Node gives: vision/worker.ts is
 * bundled for the browser (esbuild), served with the OpenCV and TF.js wasm files and the committed
 * models, and fed the very pixels Node reads (so the readings must agree exactly), and the photo
 * as Chromium itself decodes it into ImageData (another JPEG decoder: the same dice found).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launch } from './harness.ts';
import { readImage } from '../../cli/lib/image-file.ts';
import { loadModelsFromDisk } from '../../cli/lib/models.ts';
import { diceDataDir } from '../../cli/lib/yolo-set.ts';
import { read } from '../../vision/read.ts';
import type { Reading } from '../../vision/types.ts';
import { readerWorkerFiles } from '../../bench/reader-page.ts';

const data = diceDataDir();
const photo = data ? join(data, 'images', 'IMG_20191208_111228.jpg') : '';
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.jpg': 'image/jpeg', '.bin': 'application/octet-stream' };

let server: Server;
let browser: Browser;
let base = '';
let rgba: Buffer;

beforeAll(async () => {
  const files: Record<string, string> = { ...(await readerWorkerFiles(join(import.meta.dirname, '../../vision/worker.ts'))), '/photo.jpg': photo };
  const frame = readImage(photo);
  rgba = Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength);
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/') return void res.setHeader('content-type', 'text/html').end('<!doctype html><title>dice worker</title>');
    if (path === '/photo.rgba') return void res.setHeader('content-type', 'application/octet-stream').end(rgba);
    const file = files[path];
    if (!file) return void (res.writeHead(404).end());
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream').end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe.skipIf(!data)('the dice reader in a Web Worker', () => {
  it('reads a photo in Chromium as it does in Node', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(base + '/');
    // A string, so the page gets plain JavaScript (no helpers of the TypeScript transform).
    const answer = (await page.evaluate(`(async () => {
      const w = new Worker('/worker.js', { type: 'module' });
      const call = (m) => new Promise((res) => { w.onmessage = (e) => res(e.data); w.postMessage(m); });
      const init = await call({ id: 1, type: 'init', sources: { detector: '/models/detector.json', classifier: '/models/classifier.json', wasmPath: '/tfjs/' } });
      if (!init.ok) return init;
      const bmp = await createImageBitmap(await (await fetch('/photo.jpg')).blob());
      const g = new OffscreenCanvas(bmp.width, bmp.height).getContext('2d');
      g.drawImage(bmp, 0, 0);
      const img = g.getImageData(0, 0, bmp.width, bmp.height);
      const bad = await call({ id: 2, type: 'read', frame: { width: 2, height: 2, data: new Uint8ClampedArray(3), time: 0 } });
      const decoded = await call({ id: 3, type: 'read', frame: { width: img.width, height: img.height, data: img.data, time: 0 } });
      const same = new Uint8ClampedArray(await (await fetch('/photo.rgba')).arrayBuffer());
      const read = await call({ id: 4, type: 'read', frame: { width: img.width, height: img.height, data: same, time: 0 } });
      return { bad, decoded, read };
    })()`)) as { bad: { ok: boolean }; decoded: { ok: boolean; reading: Reading }; read: { ok: boolean; reading: Reading } };
    expect(errors).toEqual([]);
    expect(answer.read.ok).toBe(true);
    expect(answer.bad.ok).toBe(false);

    const node = await read(readImage(photo), { models: await loadModelsFromDisk() });
    // The boxes are the detector's, unrounded: two V8s may differ in a box's last binary digit.
    const strip = (r: Reading) => r.dice.map((d) => ({ ...d, box: d.box.map((x) => Number(x.toFixed(6))) }));
    expect(node.dice.length).toBeGreaterThan(10);
    expect(strip(answer.read.reading)).toEqual(strip(node));
    // Chromium's own JPEG decoding (other pixels): the same dice found at the same places. Their
    // values are not compared: a few borderline dice read differently (see models/README.md).
    const other = answer.decoded.reading.dice;
    const twins = other.filter((d) => node.dice.some((n) => Math.hypot(n.centre[0] - d.centre[0], n.centre[1] - d.centre[1]) <= 4));
    expect(twins.length).toBeGreaterThanOrEqual(node.dice.length - 1);
    expect(other.length).toBeLessThanOrEqual(node.dice.length + 1);
  });
});
