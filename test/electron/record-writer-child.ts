/** A second process writing the same record as the test (records.test.ts): argv dir, tag, count. */
import { RecordFiles } from '../../electron/records/store.ts';

const [dir, tag, count] = process.argv.slice(2);
const store = new RecordFiles(dir);
const lines = (i: number) => Array.from({ length: 20 }, (_, k) => JSON.stringify({ tag, i, k, pad: 'y'.repeat(200) }) + '\n').join('');
let failed = 0;
for (let i = 0; i < Number(count); i++) await store.replace('plus', lines(i)).catch(() => failed++);
console.log(JSON.stringify({ failed }));
