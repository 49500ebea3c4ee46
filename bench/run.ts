/**
 * `npm run bench`: runs every bench/*.bench.ts (or those whose names contain an argument) one after
 * another and prints their figures. Each bench module exports `default: () => Promise<void>` and
 * prints its own lines; timing helpers are in bench/timing.ts.
 *
 * Each bench runs in a process of its own: TF.js keeps one backend per process, and a bench that
 * picks the cpu backend (Miwin's reader) would otherwise time every later bench on it too.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const [flag, only] = process.argv.slice(2);
if (flag === '--one') {
  const mod = (await import(pathToFileURL(join(here, only)).href)) as { default: () => Promise<void> };
  await mod.default();
} else {
  const filters = process.argv.slice(2);
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort();
  let failed = 0;
  for (const f of files) {
    console.log(`\n## ${f.replace('.bench.ts', '')}`);
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--one', f], { stdio: 'inherit', env: process.env });
    if (r.status !== 0) failed++;
  }
  process.exitCode = failed ? 1 : 0;
}
