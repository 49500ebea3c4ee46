import { parseArgs } from 'node:util';
import { parsed, printError, textOf, UsageError } from './args.ts';
import { asImageFileError, MAX_MEGAPIXELS } from './lib/image-file.ts';
import { IsolatedImages } from './lib/isolated-images.ts';
import { loadModelsFromDisk } from './lib/models.ts';
import { read } from '../vision/read.ts';
import type { Reading } from '../vision/types.ts';

const HELP = `usage: schiri read IMAGE... [--json]

Reads the dice in each image (JPEG or PNG): value (or "?" and the reason when the reader will not
guess), confidence, box [x,y,w,h] in pixels, body and pip colour, and the time taken.
A file that cannot be read (missing, not a regular file, empty, not an image, truncated, larger
than ${MAX_MEGAPIXELS} megapixels) gets an error on stderr and the other files are still read; the
exit code is then 1.
  --json   one JSON object a line: {"file", "reading"} or {"file", "error": {"de", "en"}}`;

function describe(file: string, r: Reading): string {
  const lines = [`${file}: ${r.dice.length} ${r.dice.length === 1 ? 'die' : 'dice'} (${r.elapsedMs.toFixed(1)} ms)`];
  for (const d of r.dice) {
    const value = d.value === null ? `? (${d.unreadable})` : String(d.value);
    lines.push(`  ${value.padEnd(3)} conf ${d.confidence.toFixed(2)}  box [${d.box.map(Math.round).join(',')}]  ${d.body.name} body, ${d.pips.name} pips`);
  }
  return lines.join('\n');
}

export async function run(args: string[]): Promise<number> {
  try {
    return await readAll(args);
  } catch (e) {
    printError('read', textOf(e));
    return e instanceof UsageError ? 2 : 1;
  }
}

async function readAll(args: string[]): Promise<number> {
  const { values, positionals } = parsed(() => parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError({ de: `Kein Bild angegeben\n${HELP}`, en: `no image given\n${HELP}` });
  const models = await loadModelsFromDisk();
  let failed = 0;
  const images = new IsolatedImages();
  try {
    for (const [i, file] of positionals.entries()) {
      try {
        const reading = await read(await images.read(file, i), { models });
        console.log(values.json ? JSON.stringify({ file, reading }) : describe(file, reading));
      } catch (e) {
        // One file's failure, whatever it is, is that file's: the rest of the batch is still read.
        const error = asImageFileError(file, e);
        failed++;
        if (values.json) console.log(JSON.stringify({ file, error: { de: error.de, en: error.en } }));
        printError('read', error.text);
      }
    }
  } finally {
    await images.close();
  }
  return failed ? 1 : 0;
}
