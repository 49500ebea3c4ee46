import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// A worker runs TypeScript like the CLI does (bin/schiri.js): through tsx's ESM API, registered
// first. Its file is found through tsx's own exports map (the CommonJS build of that API does not
// load in a worker).
const require = createRequire(import.meta.url);
const tsxPackage = require.resolve('tsx/package.json');
const tsxApi = new URL((require(tsxPackage) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api'].import.default, pathToFileURL(tsxPackage)).href;

/** A worker thread running the TypeScript module at `entry` (a file URL). */
export function tsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
