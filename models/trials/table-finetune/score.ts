/**
 * A candidate dump's photos of one set from list index FROM on, scored as `schiri eval` scores them
 * (models/trials/replay/candidate-replay.ts), at the reader's die bar and at 0.7.
 *   npx tsx models/trials/table-finetune/score.ts DUMP SET FROM
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_THRESHOLDS } from '../../../vision/read.ts';
import { fmt, replayProbs, type Dump } from '../replay/candidate-replay.ts';

const [file, set, from] = process.argv.slice(2);
const photos = (JSON.parse(readFileSync(file, 'utf8')) as Dump).photos.filter((p) => p.set === set).slice(Number(from));
for (const die of [DEFAULT_THRESHOLDS.die, 0.7]) console.log(`${set} from photo ${from}, die bar ${die}: ${fmt(replayProbs(photos, (c) => c.probs, { die })[0])}`);
