import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import { CSP_META } from './electron/csp.ts';

/** The built page carries the same CSP as Electron's header (the dev server's HMR would break under it). */
const csp: Plugin = {
  name: 'schiri-csp',
  apply: 'build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_META }, injectTo: 'head-prepend' }],
};

// The renderer is one static bundle: Electron loads it through its own scheme, `npm run web` and
// the end-to-end tests serve the same files to a plain browser.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte({ configFile: false }), csp],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false },
  preview: { port: 5173 },
});
