/**
 * Trunk features of a random share of a fold's classifier crops (the ones its classifier was
 * trained on, in .cache/dice-data-without-FOLD), each turned and mirrored at random.
 *   tsx models/trials/pretrained-trunk/train-features.ts FOLD TRUNK N OUT_DIR MODELS_DIR
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { CROP as C } from '../../../vision/classify/nets.ts';
import { batchedFeatures, joined, loadTrunk, trunkName } from './trunk.ts';

const [fold, trunkArg, nArg, out, modelsDir] = process.argv.slice(2);
const dir = `.cache/dice-data-without-${fold}`;
const B = C * C * 3;
const x = readFileSync(`${dir}/cls_x.bin`);
const y = readFileSync(`${dir}/cls_y.bin`);
const n = Math.min(Number(nArg), y.length);
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const order = Array.from({ length: y.length }, (_, i) => i);
for (let i = order.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [order[i], order[j]] = [order[j], order[i]];
}
const picked = order.slice(0, n);

/** The crop turned k quarter turns, mirrored first if `flip`. */
function pose(c: Uint8Array, k: number, flip: boolean): Uint8Array {
  const o = new Uint8Array(B);
  for (let r = 0; r < C; r++)
    for (let q = 0; q < C; q++) {
      let [rr, qq] = [r, flip ? C - 1 - q : q];
      for (let t = 0; t < k; t++) [rr, qq] = [qq, C - 1 - rr];
      o.set(c.subarray((r * C + q) * 3, (r * C + q) * 3 + 3), (rr * C + qq) * 3);
    }
  return o;
}

const trunk = await loadTrunk(trunkName(trunkArg), modelsDir);
const start = performance.now();
const crops = picked.map((p) => pose(x.subarray(p * B, (p + 1) * B), Math.floor(random() * 4), random() < 0.5));
const rows = batchedFeatures(trunk, crops);
mkdirSync(out, { recursive: true });
writeFileSync(`${out}/train_f.bin`, joined(rows));
writeFileSync(`${out}/train_y.bin`, Uint8Array.from(picked.map((p) => y[p])));
console.log(`${fold} ${trunkArg}: ${n} training crops, ${rows[0].length} features each, ${((performance.now() - start) / 1000).toFixed(0)} s`);
