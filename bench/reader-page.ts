/**
 * A Chromium page (Debian's, through playwright-core) with WebGL 2 on SwiftShader and two dice
 * reader workers (bench/reader-backends-worker.ts), one on wasm and one on WebGL, served with
 * the committed models: the comparison of bench/reader-backends.ts and test/e2e/reader-backend.e2e.ts
 * (readerWorkerFiles also serves test/e2e/dice-worker.e2e.ts its worker).
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { MODEL_DIR } from '../cli/lib/models.ts';
import type { Frame, Reading } from '../vision/types.ts';
import type { BackendChoice } from '../renderer/vision/reader-backend.ts';

interface Answer {
  ok: boolean;
  error?: string;
}
export type ReadAnswer = Answer & { reading: Reading; ms: number };
export type InitAnswer = Answer & { backend: string; gpu: string | null };
export type ChooseAnswer = Answer & { choice: BackendChoice; now: string };

export interface ReaderPage {
  page: Page;
  init: { wasm: InitAnswer; webgl: InitAnswer };
  /** The frame read by the worker on `backend`. */
  read(backend: 'wasm' | 'webgl', frame: Frame): Promise<ReadAnswer>;
  /** The camera worker's backend choice, made in the WebGL worker (`gpu`: pretend this GPU); that worker reads on the chosen backend after it. */
  choose(gpu?: string): Promise<ChooseAnswer>;
  /** Page errors and console errors so far. */
  problems: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { js: 'text/javascript', wasm: 'application/wasm', json: 'application/json' };

/**
 * A dice reader worker bundled for the browser (esbuild) and the files it fetches, by URL path:
 * `/worker.js`, `/opencv.wasm`, TF.js's wasm files under `/tfjs/`, the committed models under
 * `/models/`.
 */
export async function readerWorkerFiles(entry: string): Promise<Record<string, string>> {
  const require = createRequire(import.meta.url);
  const out = mkdtempSync(join(tmpdir(), 'schiri-worker-'));
  // Node built-ins appear only on opencv.js's and TF.js's Node paths, never taken in a browser.
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', outfile: join(out, 'worker.js'), external: ['fs', 'path', 'crypto', 'worker_threads', 'os', 'util'], logLevel: 'error' });
  const tfWasm = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  const files: Record<string, string> = { '/worker.js': join(out, 'worker.js'), '/opencv.wasm': require.resolve('opencv-wasm/opencv.wasm') };
  for (const f of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm']) files[`/tfjs/${f}`] = join(tfWasm, f);
  for (const f of ['detector.json', 'detector.weights.bin', 'classifier.json', 'classifier.weights.bin']) files[`/models/${f}`] = join(MODEL_DIR, f);
  return files;
}

export async function openReaderPage(): Promise<ReaderPage> {
  const files = await readerWorkerFiles(join(import.meta.dirname, 'reader-backends-worker.ts'));
  let frame: Buffer = Buffer.alloc(0);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/') return void res.setHeader('content-type', 'text/html').end('<!doctype html><title>reader backends</title>');
    if (path === '/frame') return void res.setHeader('content-type', 'application/octet-stream').end(frame);
    const file = files[path];
    if (!file) return void res.writeHead(404).end();
    res.setHeader('content-type', TYPES[file.split('.').pop()!] ?? 'application/octet-stream').end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // WebGL 2 on SwiftShader, as the dice render gets it: the only WebGL a machine without a GPU has.
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--ignore-gpu-blocklist', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      // The wasm backend asks for the threaded build's worker script first; a 404 it handles.
      if (m.type() === 'error' && !m.text().includes('404')) problems.push(m.text());
    });
    await page.goto(base + '/');
    // Strings, so the page gets plain JavaScript (no helpers of the TypeScript transform).
    const init = (await page.evaluate(`(async () => {
      const worker = (backend) => {
        const w = new Worker('/worker.js', { type: 'module' });
        let queue = Promise.resolve();
        const call = (m) => (queue = queue.then(() => new Promise((res) => { w.onmessage = (e) => res(e.data); w.postMessage(m); })));
        return { call, init: call({ type: 'init', backend }) };
      };
      globalThis.readers = { wasm: worker('wasm'), webgl: worker('webgl') };
      return { wasm: await readers.wasm.init, webgl: await readers.webgl.init };
    })()`)) as ReaderPage['init'];
    return {
      page,
      init,
      problems,
      async read(backend, f) {
        frame = Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength);
        return (await page.evaluate(`(async () => {
          const data = new Uint8ClampedArray(await (await fetch('/frame')).arrayBuffer());
          return readers.${backend}.call({ type: 'read', frame: { width: ${f.width}, height: ${f.height}, data, time: 0 } });
        })()`)) as ReadAnswer;
      },
      async choose(gpu) {
        return (await page.evaluate(`readers.webgl.call({ type: 'choose', gpu: ${JSON.stringify(gpu ?? null)} ?? undefined })`)) as ChooseAnswer;
      },
      async close() {
        await browser.close();
        server.close();
      },
    };
  } catch (e) {
    await browser.close();
    server.close();
    throw e;
  }
}
