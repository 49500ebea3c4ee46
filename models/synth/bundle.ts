/** The page's code (./page/) as one script for Chromium, bundled with esbuild. */
import { build } from 'esbuild';
import { join } from 'node:path';

export async function pageBundle(): Promise<string> {
  const out = await build({
    entryPoints: [join(import.meta.dirname, 'page', 'main.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}
