/**
 * A table's own dice without anyone's labels: in a dump of the fold reader on photos of the table
 * (models/trials/replay/candidate-dump.ts; the labels are not looked at), every box it is sure is a die
 * (pooled die probability >= SURE and one value >= VALUE of it) as that value, and as many of the
 * boxes it is surest are not a die (die probability <= 0.05) as "not a die", each cut at itself and
 * one jittered box in its four turns (cut.ts).
 *   npx tsx models/trials/table-finetune/pseudo-crops.ts DUMP SET OUT_DIR [SURE [VALUE]]
 */
import { readFileSync } from 'node:fs';
import type { Dump } from '../replay/candidate-replay.ts';
import { argmaxValue } from '../replay/candidate-replay.ts';
import { writeCrops, type BoxToCut } from './cut.ts';

const [dumpFile, setName, out, sureArg, valueArg] = process.argv.slice(2);
if (!out) throw new Error('usage: npx tsx models/trials/table-finetune/pseudo-crops.ts DUMP SET OUT_DIR [SURE [VALUE]]');
const sure = Number(sureArg ?? 0.97);
const valueShare = Number(valueArg ?? 0.9);
const photos = (JSON.parse(readFileSync(dumpFile, 'utf8')) as Dump).photos.filter((p) => p.set === setName);
const boxes: BoxToCut[] = [];
for (const p of photos) {
  const dice = p.candidates.filter((c) => 1 - c.probs[0] >= sure && c.probs[argmaxValue(c.probs)] >= valueShare * (1 - c.probs[0]));
  const none = p.candidates.filter((c) => 1 - c.probs[0] <= 0.05).sort((a, b) => b.probs[0] - a.probs[0]).slice(0, dice.length);
  for (const c of dice) boxes.push({ image: p.image, box: c.box, value: argmaxValue(c.probs) });
  for (const c of none) boxes.push({ image: p.image, box: c.box, value: 0 });
}
const crops = await writeCrops(setName, boxes, out, 2);
console.log(`${photos.length} photos: ${boxes.filter((b) => b.value > 0).length} sure dice, ${boxes.filter((b) => b.value === 0).length} sure places without one; ${crops} crops`);
