/**
 * `npx tsx scripts/tafel-camera-read.ts [seeds]`: how the committed dice reader does on the
 * fixture of the Engel und Bengel camera test (test/e2e/tafel-video.ts), read in Node the way the
 * camera worker reads (markers, `read` with the referee's thresholds, the box under each die,
 * `tafelObservation`; a scene refused as unreadable counts none of its dice right). For seeds
 * 1..N (default 20): five dice on Tafel 1 (r1b1 1, r1b2 2, r1b3 3, r2b1 4, r2b2 4), one frame each.
 */
import { SHIPPED_TAFELN } from '../engine/engel-und-bengel/tafeln/index.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir } from '../cli/lib/yolo-set.ts';
import { tafelObservation } from '../renderer/games/engel-und-bengel/camera.ts';
import { tafelScenes } from '../test/e2e/tafel-video.ts';
import { placedTafelBoard } from '../vision/board/board.ts';
import { BoardTracker, withFields } from '../vision/board/calibration.ts';
import { read, REFEREE_THRESHOLDS } from '../vision/read.ts';

const data = diceDataDir();
if (!data) throw new Error('the nell-byler photos are not on this machine (../shared/data/dice/nell-byler or SCHIRI_DICE_DATA)');
const seeds = Number(process.argv[2] ?? 20);
const want: Record<string, number> = { r1b1: 1, r1b2: 2, r1b3: 3, r2b1: 4, r2b2: 4 };
const tafel = SHIPPED_TAFELN[0];
const models = await loadModelsFromDisk();
let right = 0;
let wrong = 0;
let scenes = 0;
let refused = 0;
let lost = 0;
for (let seed = 1; seed <= seeds; seed++) {
  const [frame] = tafelScenes(tafel, data, seed)(want, 0.2, 5);
  const track = new BoardTracker(placedTafelBoard(tafel)).update(frame);
  if (!track.calibration) {
    lost++;
    console.log(seed, 'no calibration');
    continue;
  }
  const seen = tafelObservation(withFields(track.calibration, await read(frame, { models, thresholds: REFEREE_THRESHOLDS })));
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
