/**
 * Chooses and checks the photos of the "Würfel anlernen" camera test (test/e2e/teach-dice.e2e.ts):
 * dice-3 train photos as the 640 x 480 webcam shows them (test/e2e/teach-photos.ts), read by the
 * reader with the camera's thresholds; for each photo with a die read as a wrong value, teaches
 * the dice of one or two photos of *other* source photos as `schiri eval --adapt` plays the
 * players (cli/lib/adapt-eval.ts teachFirst: every labelled die, the reader's other boxes and those
 * just under its bar as "not a die") and reads the held-out photo again.
 *
 *   npx tsx bench/teach-camera-read.ts [PHOTOS=60]        search the first PHOTOS train photos
 *   npx tsx bench/teach-camera-read.ts --photos A B …     search these photos
 *   npx tsx bench/teach-camera-read.ts --check H T1 [T2…]  one held-out photo, taught from T1…
 *   --with both|examples|bar                              what the set adjusts (as eval --adapt-with)
 */
import { dirname } from 'node:path';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diceDataDir } from '../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { matchDice } from '../cli/lib/score.ts';
import { loadCv } from '../vision/detect/opencv.ts';
import { read, REFEREE_THRESHOLDS, type Adapter } from '../vision/read.ts';
import { APP_PARTS, type AdaptParts } from '../vision/adapt/teach.ts';
import { adapt, teachFirst } from '../cli/lib/adapt-eval.ts';
import type { Models } from '../vision/tf.ts';
import { cameraPhoto, type Photo } from '../test/e2e/teach-photos.ts';

const nell = diceDataDir();
if (!nell) throw new Error('no dice photos on this machine');
const data = dirname(nell);
const cv = await loadCv();
const models = await loadModelsFromDisk();

async function readOut(p: Photo, adapter?: Adapter) {
  const r = await read(p.frame, { models, thresholds: REFEREE_THRESHOLDS, adapter });
  const pairs = matchDice(r.dice, p.labels);
  const dice = p.labels.map((l, j) => ({ value: l.value, read: pairs.has(j) ? r.dice[pairs.get(j)!].value : undefined }));
  return { reading: r, pairs, dice, right: dice.filter((d) => d.read === d.value).length };
}

async function check(held: string, teachers: string[]) {
  const h = cameraPhoto(data, held);
  const before = await readOut(h);
  // What the players confirm on each photo, as `schiri eval --adapt` plays them (every labelled die).
  const frames = teachers.map((t, index) => ({ index, ...cameraPhoto(data, t) }));
  const { dice } = await teachFirst(cv, models, frames, Infinity, REFEREE_THRESHOLDS);
  const { adapter, bias, sure } = adapt(cv, models, dice, PARTS);
  const after = await readOut(h, adapter);
  const fmt = (x: typeof before) => x.dice.map((d) => `${d.value}:${d.read ?? '-'}`).join(' ');
  console.log(`${held} taught from ${teachers.join(' ')} (${dice.filter((d) => d.value > 0).length} dice, ${dice.filter((d) => d.value === 0).length} no die; die-ness raised by ${bias}; sureness ${JSON.stringify(sure)})`);
  console.log(`  label:read without  ${fmt(before)}  right ${before.right}/${h.labels.length}`);
  console.log(`  label:read with     ${fmt(after)}  right ${after.right}/${h.labels.length}`);
  return { before, after };
}

const withAt = process.argv.indexOf('--with');
const PARTS = (withAt > 0 ? process.argv[withAt + 1] : APP_PARTS) as AdaptParts;
const args = process.argv.slice(2).filter((_, i, all) => all[i] !== '--with' && all[i - 1] !== '--with');
if (args[0] === '--check') {
  await check(args[1], args.slice(2));
} else {
  const names =
    args[0] === '--photos'
      ? args.slice(1)
      : readFileSync(join(data, 'dice-3', 'train.txt'), 'utf8').split('\n').filter(Boolean).slice(0, Number(args[0] ?? 60));
  const source = (s: string) => s.split('_jpg')[0];
  const reads = [];
  for (const name of names) {
    const p = cameraPhoto(data, name);
    const r = await readOut(p);
    reads.push({ name, p, r });
    const wrong = r.dice.filter((d) => d.read !== undefined && d.read !== null && d.read !== d.value);
    console.log(`${name}: ${r.right}/${p.labels.length} right, found ${r.pairs.size}, misread ${wrong.map((d) => `${d.value}->${d.read}`).join(' ')}`);
  }
  // Held-out photos with a die read as a wrong value; teachers: other sources holding that value, read found.
  for (const h of reads) {
    const wrong = h.r.dice.filter((d) => d.read !== undefined && d.read !== null && d.read !== d.value);
    if (wrong.length === 0) continue;
    const want = new Set(wrong.map((d) => d.value));
    const teachers = reads.filter((t) => source(t.name) !== source(h.name) && t.r.dice.some((d) => want.has(d.value) && d.read !== undefined)).slice(0, 3);
    for (const t of teachers) {
      const { before, after } = await check(h.name, [t.name]);
      if (after.right > before.right && after.dice.every((d, k) => d.read === d.value || before.dice[k].read !== d.value)) console.log('  CANDIDATE');
    }
  }
}
