/**
 * This checkout's dice reader against another checkout's, in one process, frame by frame
 * alternating (which goes first alternates too), so that a shared machine's load falls on both
 * alike: `npx tsx bench/reader-ab.ts /path/to/other/checkout [frames640] [frames1080] [frames12mp]`.
 * Prints the medians of wall and CPU time a frame and the median of the paired ratios (this /
 * other) on nell-byler's test photos at 640 x 480, 1920 x 1080 and (given a count) 4032 x 3024, as `npm run bench vision`
 * makes them. The other checkout must resolve the same node_modules (a symlink to this one's), so
 * both readers run on one TF.js backend and one OpenCV. With SCHIRI_AB_MODELS=THIS_DIR,OTHER_DIR
 * each reads with its own networks (a trial's weights against the shipped ones; the checkout may
 * then be this one: `SCHIRI_AB_MODELS=DIR,models/dice npx tsx bench/reader-ab.ts . 100 40`).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readImage } from '../cli/lib/image-file.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir, listSet } from '../cli/lib/yolo-set.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { read as readThis } from '../vision/read.ts';
import { asCamera, middle480 } from './vision.bench.ts';
import { median } from './timing.ts';
import type { Frame } from '../vision/types.ts';

const [other, n640, n1080, n12mp] = process.argv.slice(2);
if (!other) throw new Error('usage: npx tsx bench/reader-ab.ts OTHER_CHECKOUT [frames640] [frames1080] [frames12mp]');
const { read: readOther } = (await import(pathToFileURL(resolve(other, 'vision/read.ts')).href)) as { read: typeof readThis };
const [thisDir, otherDir] = (process.env.SCHIRI_AB_MODELS ?? ',').split(',');
const models = { this: await loadModelsFromDisk(thisDir || undefined), other: await loadModelsFromDisk(otherDir || undefined) };
const cv = await loadCv();
const dir = diceDataDir();
if (!dir) throw new Error('dice photos not found (set SCHIRI_DICE_DATA)');
const photos = listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt')).map((s) => readImage(s.image));
const sizes: [string, (f: Frame) => Frame, number][] = [
  ['640x480', middle480, Number(n640 ?? 100)],
  ['1920x1080', (f) => asCamera(cv, f, 1920, 1080), Number(n1080 ?? 40)],
  ['4032x3024', (f) => asCamera(cv, f, 4032, 3024), Number(n12mp ?? 0)],
];
for (const [label, make, runs] of sizes.filter(([, , runs]) => runs > 0)) {
  const set = photos.slice(0, Math.min(runs, photos.length)).map(make);
  const wall = { this: [] as number[], other: [] as number[] };
  const cpu = { this: [] as number[], other: [] as number[] };
  for (let i = 0; i < runs + 2; i++) {
    for (const which of i % 2 ? (['other', 'this'] as const) : (['this', 'other'] as const)) {
      const [w0, c0] = [performance.now(), process.cpuUsage()];
      await (which === 'this' ? readThis : readOther)(set[i % set.length], { models: models[which] });
      const c = process.cpuUsage(c0);
      if (i < 2) continue; // warm-up
      wall[which].push(performance.now() - w0);
      cpu[which].push((c.user + c.system) / 1000);
    }
  }
  const ratio = (t: typeof wall) => median(t.this.map((x, i) => x / t.other[i])).toFixed(3);
  console.log(
    `${label} (${runs} frames): wall median ${median(wall.this).toFixed(1)} ms this, ${median(wall.other).toFixed(1)} ms other, paired ratio ${ratio(wall)}; ` +
      `CPU median ${median(cpu.this).toFixed(1)} ms this, ${median(cpu.other).toFixed(1)} ms other, paired ratio ${ratio(cpu)}`,
  );
}
