import { SHIPPED_TAFELN } from '../engine/engel-und-bengel/tafeln/index.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir } from '../cli/lib/yolo-set.ts';
import { tafelObservation } from '../renderer/games/engel-und-bengel/camera.ts';
import { paperCorners, tafelScenes } from '../test/e2e/tafel-video.ts';
import { placedTafelBoard } from '../vision/board/board.ts';
import { BoardTracker, withFields } from '../vision/board/calibration.ts';
import { read, REFEREE_THRESHOLDS } from '../vision/read.ts';
import { fmt, time } from './timing.ts';

/**
 * What the Engel und Bengel camera worker does on a settled frame, 640x480, TF.js wasm backend,
 * on the camera test's fixture (Tafel 1, five nell-byler dice): the markers checked against the
 * kept calibration, the dice read, each given its box; and on the same Tafel printed without
 * markers, a calibration from clicked corners checked by the corners themselves.
 */
export default async function bench(): Promise<void> {
  const data = diceDataDir();
  if (!data) return void console.log('skipped: the nell-byler photos are not on this machine');
  const tafel = SHIPPED_TAFELN[0];
  const dice = { r1b1: 1, r1b2: 2, r1b3: 3, r2b1: 4, r2b2: 4 };
  const frames = tafelScenes(tafel, data, 1)(dice, 1, 8);
  const models = await loadModelsFromDisk();
  const tracker = new BoardTracker(placedTafelBoard(tafel));
  tracker.update(frames[0]);
  let i = 0;
  const track = await time(() => tracker.update(frames[i++ % frames.length]), 30);
  console.log(`BoardTracker.update, calibration kept: ${fmt(track)}`);
  const settled = await time(async () => {
    const f = frames[i++ % frames.length];
    const cal = tracker.update(f).calibration!;
    return tafelObservation(withFields(cal, await read(f, { models, thresholds: REFEREE_THRESHOLDS })));
  }, 30);
  console.log(`settled frame (markers + read + boxes): ${fmt(settled)}`);

  const plain = tafelScenes(tafel, data, 1, { markers: false })(dice, 1, 8);
  const clicked = new BoardTracker(placedTafelBoard(tafel));
  clicked.setCorners(paperCorners(tafel));
  clicked.update(plain[0]);
  const kept = await time(() => clicked.update(plain[i++ % plain.length]), 30);
  console.log(`BoardTracker.update, clicked corners kept: ${fmt(kept)}`);
}
