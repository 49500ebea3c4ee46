/**
 * A second process writing the same record as the test (records.test.ts): argv dir, tag, count,
 * and `replace` (20 lines a write) or `append` (a move a write, every 4th 700 KB). Prints how many
 * writes failed and which appends were confirmed.
 */
import { RecordFiles } from '../../electron/records/store.ts';

const [dir, tag, count, op = 'replace'] = process.argv.slice(2);
const store = new RecordFiles(dir);
const lines = (i: number) => Array.from({ length: 20 }, (_, k) => JSON.stringify({ tag, i, k, pad: 'y'.repeat(200) }) + '\n').join('');
const move = (i: number) => JSON.stringify({ kind: 'move', tag, i, pad: 'm'.repeat(i % 4 === 3 ? 700_000 : 100) }) + '\n';
let failed = 0;
const confirmed: number[] = [];
for (let i = 0; i < Number(count); i++) {
  if (op === 'append') {
    await store.append('plus', move(i)).then(
      () => confirmed.push(i),
      () => failed++,
    );
  } else {
    await store.replace('plus', lines(i)).catch(() => failed++);
  }
}
console.log(JSON.stringify({ failed, confirmed }));
