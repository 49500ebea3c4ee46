/**
 * Read right / precision of a fold's left-out photos at several die thresholds, deciding as
 * `schiri eval` does (vision/read.ts decide, cli/lib/score.ts), for three answers per candidate:
 *   reader  the fold's own classifier (four turns): its row at 0.9 is the fold's `schiri eval`
 *   head    the trunk head's alone (one turn)
 *   mix     whether it is a die from the head, which value from the fold's classifier
 *   tsx models/trials/pretrained-trunk/score.ts DIR/head.json [DIE_THRESHOLD...]
 */
import { readFileSync } from 'node:fs';
import { decide, DEFAULT_THRESHOLDS, type Candidate } from '../../../vision/read.ts';
import { scoreImage, scoreSet } from '../../../cli/lib/score.ts';
import type { LabelledDie } from '../../../cli/lib/yolo-set.ts';

interface Scored extends Omit<Candidate, 'probs'> {
  probs: number[];
  reader: number[];
}
interface ScoredSet {
  spec: string;
  images: { labels: LabelledDie[]; cands: Scored[] }[];
}

const [file, ...barArgs] = process.argv.slice(2);
const bars = barArgs.length ? barArgs.map(Number) : [0.9, 0.7, 0.5];
const answers: Record<string, (c: Scored) => number[]> = {
  reader: (c) => c.reader,
  head: (c) => c.probs,
  mix: (c) => {
    const die = 1 - c.probs[0];
    const readerDie = Math.max(1 - c.reader[0], 1e-6);
    return [c.probs[0], ...c.reader.slice(1).map((v) => (die * v) / readerDie)];
  },
};
console.log(`| set | answers | ${bars.map((b) => `die ${b}: read right / precision`).join(' | ')} |`);
console.log(`|---|---|${bars.map(() => '---').join('|')}|`);
for (const set of JSON.parse(readFileSync(file, 'utf8')) as ScoredSet[])
  for (const [name, answer] of Object.entries(answers)) {
    const cells = bars.map((die) => {
      const s = scoreSet(
        set.images.map((im) => ({
          ms: 0,
          score: scoreImage(decide(im.cands.map((c) => ({ ...c, probs: Float32Array.from(answer(c)) })), { ...DEFAULT_THRESHOLDS, die }), im.labels),
        })),
      );
      return `${s.recall.toFixed(3)} / ${s.precision.toFixed(3)}`;
    });
    console.log(`| ${set.spec} | ${name} | ${cells.join(' | ')} |`);
  }
