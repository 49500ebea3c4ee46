import { svelte } from '@sveltejs/vite-plugin-svelte';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import { CSP_META } from './electron/csp.ts';

/** The built page carries the same CSP as Electron's header (the dev server's HMR would break under it). */
const csp: Plugin = {
  name: 'schiri-csp',
  apply: 'build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_META }, injectTo: 'head-prepend' }],
};

const require = createRequire(import.meta.url);
const TFJS_WASM = '@tensorflow/tfjs-backend-wasm/dist/';
const WASM: Record<string, string> = {
  'opencv.wasm': 'opencv-wasm/opencv.wasm',
  'tfjs-backend-wasm.wasm': TFJS_WASM + 'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm': TFJS_WASM + 'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm': TFJS_WASM + 'tfjs-backend-wasm-threaded-simd.wasm',
};

/**
 * The dice reader's WebAssembly under its own names beside the worker scripts (assets/): opencv-wasm
 * fetches `./opencv.wasm` next to the script that loads it and takes no other path, and TF.js is
 * given that folder. The dev server answers these names in any folder (its worker lives elsewhere).
 */
const wasmFiles: Plugin = {
  name: 'schiri-wasm',
  generateBundle() {
    for (const [name, spec] of Object.entries(WASM)) this.emitFile({ type: 'asset', fileName: `assets/${name}`, source: readFileSync(require.resolve(spec)) });
  },
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const name = (req.url ?? '').split('?')[0].split('/').pop() ?? '';
      if (!(name in WASM)) return next();
      res.setHeader('content-type', 'application/wasm');
      res.end(readFileSync(require.resolve(WASM[name])));
    });
  },
};

/**
 * `PORT=` picks the port and fails if it is taken (the user asked for that one); otherwise 5173, or
 * the next free one after it, as Vite users expect.
 */
const portChosen = Boolean(process.env.PORT);
const port = portChosen ? Number(process.env.PORT) : 5173;
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number (0 to 65535), not "${process.env.PORT}"`);

// The renderer is one static bundle: Electron loads it through its own scheme, `npm run web` and
// the end-to-end tests serve the same files to a plain browser.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte({ configFile: false }), csp, wasmFiles],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  worker: { format: 'es' },
  server: { port, strictPort: portChosen },
  preview: { port, strictPort: portChosen },
});
