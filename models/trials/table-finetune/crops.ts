/**
 * The crops of a taught dice set for fine-tuning the whole classifier on one table: each box of
 * models/trials/table-finetune/taught-boxes.ts (the first N labelled dice of a set and the boxes taught as "not a die")
 * cut at itself and 7 jittered boxes, in its four turns (cut.ts). Prints the index of the last
 * photo taught from (scoring starts after it).
 *   npx tsx models/trials/table-finetune/crops.ts DUMP SET N OUT_DIR [LABEL_FIXES]
 */
import { readFileSync } from 'node:fs';
import type { Dump } from '../replay/candidate-replay.ts';
import { teachFirst } from './taught-boxes.ts';
import { writeCrops } from './cut.ts';

const [dumpFile, setName, n, out, fixesFile] = process.argv.slice(2);
if (!out) throw new Error('usage: npx tsx models/trials/table-finetune/crops.ts DUMP SET N OUT_DIR [LABEL_FIXES]');
const photos = (JSON.parse(readFileSync(dumpFile, 'utf8')) as Dump).photos.filter((p) => p.set === setName);
const { taught, last } = teachFirst(photos, Number(n));
const boxes = taught.flatMap((t) => (t.box ? [{ image: photos[t.roll].image, box: t.box, value: t.value }] : []));
await writeCrops(setName, boxes, out, 8, fixesFile);
console.log(last);
