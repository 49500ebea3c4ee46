/**
 * Every reading of the dice reader on the photos of some lists, as JSON lines, so that two
 * versions of the reader can be compared die by die (a speed change must read the same):
 * `npx tsx bench/reader-readings.ts nell-byler:test,dice-3:test > a.jsonl`, change the code,
 * run it again into b.jsonl, `diff a.jsonl b.jsonl`. Default thresholds and the referee's.
 * Never on rune55:unseen (test only): this is a tool for changes that must not change readings.
 */
import { diceRoot, namedSet } from '../cli/lib/dice-sets.ts';
import { readImage } from '../cli/lib/image-file.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { read, REFEREE_THRESHOLDS } from '../vision/read.ts';

const sets = (process.argv[2] ?? 'nell-byler:test,dice-3:test,dice-3:valid').split(',');
if (sets.some((s) => s.startsWith('rune55:unseen'))) throw new Error('rune55:unseen is for testing only');
const models = await loadModelsFromDisk();
for (const name of sets) {
  for (const item of namedSet(diceRoot()!, name).items) {
    const frame = readImage(item.image);
    for (const [th, thresholds] of [['default', {}], ['referee', REFEREE_THRESHOLDS]] as const) {
      const { dice } = await read(frame, { models, thresholds });
      console.log(JSON.stringify({ set: name, image: item.image.split('/').pop(), th, dice }));
    }
  }
}
