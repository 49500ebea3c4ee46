/**
 * A contact sheet of labelled dice from a candidate dump (models/trials/replay/candidate-dump.ts), to look at
 * what a reader gets wrong: for each labelled die chosen, the crop the classifier saw (its surest
 * candidate on the die, CONTEXT times the box) and, beside it, the labelled die with more of the
 * table round it. One line a die on stdout: photo, labelled value, value read, die probability, pips.
 *
 *   npx tsx models/trials/replay/candidate-sheet.ts --dump .cache/dumps/dice-3.json --read 6 --wrong --out /tmp/sixes.png
 *   --label V / --read V   only dice labelled V / read as V;  --wrong  only dice read as another value
 *   --under P              only dice whose surest candidate's die probability is under P (0.9: those the reader turns down)
 *   --max N                at most N dice (default 40)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { basename } from 'node:path';
import { PNG } from 'pngjs';
import { readImage } from '../../../cli/lib/image-file.ts';
import type { Box } from '../../../vision/detect/boxes.ts';
import { CONTEXT, cropSquare } from '../../../vision/classify/crop.ts';
import { frameToRgb } from '../../../vision/detect/frame.ts';
import { loadCv } from '../../../vision/detect/opencv.ts';
import { argmaxValue, surestOn, type Dump } from './candidate-replay.ts';

const { values } = parseArgs({
  options: { dump: { type: 'string' }, out: { type: 'string' }, label: { type: 'string' }, read: { type: 'string' }, wrong: { type: 'boolean' }, under: { type: 'string' }, max: { type: 'string' } },
});
if (!values.dump || !values.out) throw new Error('usage: npx tsx models/trials/replay/candidate-sheet.ts --dump FILE --out FILE.png [--label V] [--read V] [--wrong] [--under P] [--max N]');
const max = Number(values.max ?? 40);
const TILE = 144;
const GAP = 4;
const COLUMNS = 8;
/** The labelled die with this much of the table round it (times its longer side). */
const AROUND = 2.2;

const d: Dump = JSON.parse(readFileSync(values.dump, 'utf8'));
const cv = await loadCv();
const centred = (rgb: unknown, b: Box, times: number) => cropSquare(cv, rgb, b[0] + b[2] / 2, b[1] + b[3] / 2, Math.max(b[2], b[3]) * times, 0, TILE);
const tiles: Uint8Array[] = [];
for (const p of d.photos) {
  if (tiles.length >= 2 * max) break;
  const chosen = p.labels.flatMap((l) => {
    const on = surestOn(p, l);
    if (!on) return [];
    const read = argmaxValue(on.probs);
    const keep = (!values.label || l.value === Number(values.label)) && (!values.read || read === Number(values.read)) && (!values.wrong || read !== l.value) && (!values.under || 1 - on.probs[0] < Number(values.under));
    return keep ? [{ l, on, read }] : [];
  });
  if (chosen.length === 0) continue;
  const rgb = frameToRgb(cv, readImage(p.image));
  try {
    for (const { l, on, read } of chosen.slice(0, max - tiles.length / 2)) {
      tiles.push(centred(rgb, on.box, CONTEXT), centred(rgb, l.box, AROUND));
      console.log(`${basename(p.image)}  labelled ${l.value}  read ${read}  die ${(1 - on.probs[0]).toFixed(2)}  pips ${on.pips}`);
    }
  } finally {
    rgb.delete();
  }
}
const step = TILE + GAP;
const png = new PNG({ width: COLUMNS * step, height: Math.max(1, Math.ceil(tiles.length / COLUMNS)) * step });
png.data.fill(255);
tiles.forEach((t, i) => {
  const [ox, oy] = [(i % COLUMNS) * step, Math.floor(i / COLUMNS) * step];
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      const [s, o] = [(y * TILE + x) * 3, ((oy + y) * png.width + ox + x) * 4];
      png.data.set([t[s], t[s + 1], t[s + 2], 255], o);
    }
  }
});
writeFileSync(values.out, PNG.sync.write(png));
console.log(`${tiles.length / 2} dice -> ${values.out}`);
