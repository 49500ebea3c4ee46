/**
 * The dice reader's readings on TF.js's wasm and WebGL backends, photo by photo, in Chromium
 * workers (WebGL on SwiftShader, the only WebGL here): `npx tsx bench/reader-backends.ts
 * [SET:LIST,...]` (default nell-byler:test,dice-3:test). Prints, per photo, whether the two
 * readings are byte-identical and whether they have the same dice (value and centre), then the
 * counts, the largest confidence difference and each backend's median read time. On SwiftShader
 * the WebGL time is a software rasteriser's, not a GPU's.
 */
import { diceRoot, namedSet } from '../cli/lib/dice-sets.ts';
import { readImage } from '../cli/lib/image-file.ts';
import type { DieReading, Reading } from '../vision/types.ts';
import { openReaderPage } from './reader-page.ts';
import { median } from './timing.ts';

const root = diceRoot();
if (!root) throw new Error('dice photos not found (set SCHIRI_DICE_ROOT)');
const photos = (process.argv[2] ?? 'nell-byler:test,dice-3:test').split(',').flatMap((spec) => namedSet(root, spec).items.map((s) => s.image));

const dieKey = (d: DieReading) => `${d.value}@${d.centre.map(Math.round).join(',')}`;
/** The dice in one order, whatever order a backend reported them in. */
const sorted = (r: Reading) => [...r.dice].sort((a, b) => dieKey(a).localeCompare(dieKey(b)));
const key = (r: Reading) => sorted(r).map(dieKey).join(' ');
const page = await openReaderPage();
try {
  console.log(`wasm: ${page.init.wasm.backend}; webgl: ${page.init.webgl.backend} on ${page.init.webgl.gpu}`);
  let identical = 0;
  let same = 0;
  let worst = 0;
  const ms = { wasm: [] as number[], webgl: [] as number[] };
  for (const path of photos) {
    const frame = readImage(path);
    const a = await page.read('wasm', frame);
    const b = await page.read('webgl', frame);
    if (!a.ok || !b.ok) throw new Error(`${path}: ${a.error ?? b.error}`);
    const isIdentical = JSON.stringify(a.reading.dice) === JSON.stringify(b.reading.dice);
    const isSame = key(a.reading) === key(b.reading);
    identical += +isIdentical;
    same += +isSame;
    if (isSame) {
      const other = sorted(b.reading);
      sorted(a.reading).forEach((d, i) => (worst = Math.max(worst, Math.abs(d.confidence - other[i].confidence))));
    }
    ms.wasm.push(a.ms);
    ms.webgl.push(b.ms);
    console.log(`${path.split('/').pop()}: ${a.reading.dice.length} dice, ${isIdentical ? 'identical' : isSame ? 'same dice' : `DIFFERENT: ${key(a.reading)} | ${key(b.reading)}`}`);
  }
  console.log(`${photos.length} photos: readings identical ${identical}, same dice and values ${same}, largest confidence difference ${worst.toExponential(2)}; median read wasm ${median(ms.wasm).toFixed(1)} ms, webgl ${median(ms.webgl).toFixed(1)} ms`);
  if (page.problems.length) console.log('page problems:', page.problems.join('; '));
} finally {
  await page.close();
}
