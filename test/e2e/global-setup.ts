import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: PreviewServer | undefined;
let outDir: string | undefined;

/**
 * Builds the renderer once and serves it the way `npm run web` does, on a free local port. Each run
 * builds into its own folder: two runs at once (two people, or a run beside `npm run build`) once
 * emptied each other's `dist/renderer` mid-test.
 */
export async function setup(project: TestProject): Promise<void> {
  outDir = mkdtempSync(join(tmpdir(), 'schiri-e2e-'));
  await build({ logLevel: 'warn', build: { outDir } });
  server = await preview({ build: { outDir }, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server did not report its URL');
  project.provide('baseURL', url);
}

export async function teardown(): Promise<void> {
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
}
