import { join } from 'node:path';
import { readImage } from '../cli/lib/image-file.ts';
import { loadModelsFromDisk } from '../cli/lib/models.ts';
import { diceDataDir, listSet } from '../cli/lib/yolo-set.ts';
import { read } from '../vision/read.ts';
import type { Frame } from '../vision/types.ts';
import { fmt, time } from './timing.ts';

/** The 640 x 480 middle of a frame (the app's camera size; the photos are 640 x 640). */
function middle480(f: Frame): Frame {
  const top = Math.floor((f.height - 480) / 2);
  return { ...f, height: 480, data: f.data.slice(top * f.width * 4, (top + 480) * f.width * 4) };
}

/** read() per frame on nell-byler's test photos, one core (tfjs wasm backend, no threads in Node). */
export default async function bench(): Promise<void> {
  const dir = diceDataDir();
  if (!dir) {
    console.log('dice photos not found (set SCHIRI_DICE_DATA): skipped');
    return;
  }
  const models = await loadModelsFromDisk();
  const frames = listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt')).map((s) => readImage(s.image));
  for (const [label, set] of [
    ['640x480 (middle of each test photo)', frames.map(middle480)],
    ['640x640 (test photos as they are)', frames],
  ] as const) {
    let i = 0;
    const t = await time(() => read(set[i++ % set.length], { models }), set.length * 2, 5);
    console.log(`read ${label}: ${fmt(t)}`);
  }
}
