/**
 * `npm run bench`: runs every bench/*.bench.ts (or those whose names contain an argument) one after
 * another and prints their figures. Each bench module exports `default: () => Promise<void>` and
 * prints its own lines; timing helpers are in bench/timing.ts.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

for (const f of files) {
  console.log(`\n## ${f.replace('.bench.ts', '')}`);
  const mod = (await import(pathToFileURL(join(here, f)).href)) as { default: () => Promise<void> };
  await mod.default();
}
