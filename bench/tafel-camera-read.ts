/**
 * `npx tsx bench/tafel-camera-read.ts [seeds] [--roll | --fours]`: how the committed dice reader does on the
 * fixture of the Engel und Bengel camera test (test/e2e/tafel-video.ts), read in Node the way the
 * camera worker reads (test/e2e/worker-view.ts: through the fake camera's YUV round trip,
 * markers, `read` with the referee's thresholds, the box under each die, `tafelObservation`; a
 * scene refused as unreadable counts none of its dice right). For seeds
 * 1..N (default 20): five dice on Tafel 1 (r1b1 1, r1b2 2, r1b3 3, r2b1 4, r2b2 4), one frame each.
 * With `--roll`, the roll scenes of the camera test instead (test/e2e/eub-roll-scenes.ts): five
 * dice on the sheet, then two of them in boxes; a seed is right when both observations are exact.
 * With `--fours`, Anna's fours of the camera and corners tests (test/e2e/eub-camera-steps.ts): two 4s
 * on row 2, a third on r5b1, then on r3b1, and (the corners test) a 6 on r5b1 beside them; a seed
 * is right when all four are exact: the way to choose the tests' SEED.
 */
import { SHIPPED_TAFELN } from '../engine/engel-und-bengel/tafeln/index.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir } from '../cli/lib/yolo-set.ts';
import { tafelScenes, type Scene } from '../test/e2e/tafel-video.ts';
import { tafelSeen } from '../test/e2e/worker-view.ts';
import { FOURS_PLACED, ROLL, ROLLED } from '../test/e2e/eub-roll-scenes.ts';
import type { EubObservation } from '../engine/engel-und-bengel/state.ts';
import type { Frame } from '../vision/types.ts';

const data = diceDataDir();
if (!data) throw new Error('the nell-byler photos are not on this machine (../shared/data/dice/nell-byler or SCHIRI_DICE_DATA)');
const seeds = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 20);
const models = await loadModelsFromDisk();
if (process.argv.includes('--roll')) {
  await rollScenes();
  process.exit(0);
}
if (process.argv.includes('--fours')) {
  await fourScenes();
  process.exit(0);
}
const want: Record<string, number> = { r1b1: 1, r1b2: 2, r1b3: 3, r2b1: 4, r2b2: 4 };
const tafel = SHIPPED_TAFELN[0];
let right = 0;
let wrong = 0;
let scenes = 0;
let refused = 0;
let lost = 0;
for (let seed = 1; seed <= seeds; seed++) {
  const seen = await tafelSeen(tafelScenes(tafel, data, seed)(want, 0.2, 5)[0], tafel, models);
  if (!seen) {
    lost++;
    console.log(seed, 'no calibration');
    continue;
  }
  const observed: Record<string, number> = seen.ok ? seen.observed.boxes : {};
  if (!seen.ok) refused++;
  right += Object.keys(want).filter((k) => observed[k] === want[k]).length;
  wrong += Object.keys(observed).filter((k) => observed[k] !== want[k]).length;
  if (seen.ok && Object.keys(observed).length === 5 && Object.keys(want).every((k) => observed[k] === want[k])) scenes++;
  console.log(seed, seen.ok ? JSON.stringify(observed) : seen.reason.en);
}
console.log(
  `dice read right ${right}/${5 * seeds}, a wrong value given for ${wrong}; scenes read exactly ${scenes}/${seeds}, ` +
    `refused as unreadable or ambiguous ${refused}/${seeds}, no calibration ${lost}/${seeds}`,
);

/** What the worker and `tafelObservation` make of one frame, as the engine's observation (or why none). */
async function observe(frame: Frame): Promise<(EubObservation & { note?: string }) | string> {
  const seen = await tafelSeen(frame, SHIPPED_TAFELN[0], models);
  if (!seen) return 'no calibration';
  if (!seen.ok) return seen.reason.en;
  return { ...seen.observed, boxes: inIdOrder(seen.observed.boxes), ...(seen.note && { note: seen.note.en }) };
}

/** Boxes in id order, so that observations compare as text. */
function inIdOrder(boxes: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(boxes).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
}

async function fourScenes() {
  const row2 = { r2b1: 4, r2b2: 4 };
  const want: Scene[] = [row2, { ...row2, r5b1: 4 }, { ...row2, r3b1: 4 }, { ...row2, r3b1: 4, r5b1: 6 }];
  const good: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const scenes = tafelScenes(SHIPPED_TAFELN[0], data!, seed);
    const seen = [];
    for (const scene of want) seen.push(await observe(scenes(scene, 0.2, 5)[0]));
    const right = seen.every((o, i) => typeof o !== 'string' && JSON.stringify(o.boxes) === JSON.stringify(inIdOrder(want[i])));
    if (right) good.push(seed);
    console.log(seed, right ? 'right' : 'WRONG', seen.map((o) => JSON.stringify(o)).join(' | '));
  }
  console.log(`all four scenes read exactly for ${good.length}/${seeds} seeds: ${good.join(' ')}`);
}

async function rollScenes() {
  const want: [Scene, EubObservation][] = [
    [ROLLED, { boxes: {}, roll: ROLL }],
    [FOURS_PLACED, { boxes: { r2b1: 4, r2b2: 4 }, roll: [3, 5, 6] }],
  ];
  const good: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const scenes = tafelScenes(SHIPPED_TAFELN[0], data!, seed);
    const seen = [];
    for (const [scene] of want) seen.push(await observe(scenes(scene, 0.2, 5)[0]));
    const right = seen.every((o, i) => JSON.stringify(o) === JSON.stringify(want[i][1]));
    if (right) good.push(seed);
    console.log(seed, right ? 'right' : 'WRONG', seen.map((o) => JSON.stringify(o)).join(' | '));
  }
  console.log(`both scenes read exactly for ${good.length}/${seeds} seeds: ${good.join(' ')}`);
}
