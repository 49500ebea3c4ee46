import { parseArgs } from 'node:util';
import { readImage, ImageFileError } from './lib/image-file.ts';
import { loadModelsFromDisk } from './lib/models.ts';
import { read } from '../vision/read.ts';
import type { Reading } from '../vision/types.ts';

const HELP = `usage: schiri read IMAGE... [--json]

Reads the dice in each image (JPEG or PNG): value (or "?" and the reason when the reader will not
guess), confidence, box [x,y,w,h] in pixels, body and pip colour, and the time taken.
A file that cannot be read (missing, empty, not an image, truncated) gets an error on stderr and
the other files are still read; the exit code is then 1.
  --json   one JSON object a line: {"file", "reading"} or {"file", "error": {"de", "en"}}`;

function describe(file: string, r: Reading): string {
  const lines = [`${file}: ${r.dice.length} ${r.dice.length === 1 ? 'die' : 'dice'} (${r.elapsedMs.toFixed(1)} ms)`];
  for (const d of r.dice) {
    const value = d.value === null ? `? (${d.unreadable})` : String(d.value);
    lines.push(`  ${value.padEnd(3)} conf ${d.confidence.toFixed(2)}  box [${d.box.join(',')}]  ${d.body.name} body, ${d.pips.name} pips`);
  }
  return lines.join('\n');
}

export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    console.error(`schiri read: ${(e as Error).message}\n${HELP}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(HELP);
    return 0;
  }
  if (parsed.positionals.length === 0) {
    console.error(`schiri read: no image given\n${HELP}`);
    return 2;
  }
  const models = await loadModelsFromDisk();
  let failed = 0;
  for (const [i, file] of parsed.positionals.entries()) {
    try {
      const reading = await read(readImage(file, i), { models });
      console.log(parsed.values.json ? JSON.stringify({ file, reading }) : describe(file, reading));
    } catch (e) {
      if (!(e instanceof ImageFileError)) throw e;
      failed++;
      if (parsed.values.json) console.log(JSON.stringify({ file, error: { de: e.de, en: e.en } }));
      console.error(`schiri read: ${e.message}`);
    }
  }
  return failed ? 1 : 0;
}
