/**
 * `npm run bench`: runs every bench/*.bench.ts (or those an argument names: a whole name, or a part of names) one after
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
  const all = readdirSync(here).filter((f) => f.endsWith('.bench.ts'));
  // A bench's whole name picks that bench alone (`vision` is not also `vision-board`); a part of
  // a name picks every bench it is in.
  const picks = (x: string) => (all.includes(`${x}.bench.ts`) ? [`${x}.bench.ts`] : all.filter((f) => f.includes(x)));
  const files = (filters.length === 0 ? all : [...new Set(filters.flatMap(picks))]).sort();
  let failed = 0;
  for (const f of files) {
    console.log(`\n## ${f.replace('.bench.ts', '')}`);
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--one', f], { stdio: 'inherit', env: process.env });
    if (r.status !== 0) failed++;
  }
  process.exitCode = failed ? 1 : 0;
}
