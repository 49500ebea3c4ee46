import { join } from 'node:path';
import { readImage } from '../../cli/lib/image-file.ts';
import { readLabels, type LabelledDie } from '../../cli/lib/yolo-set.ts';
import type { Frame } from '../../vision/types.ts';

/**
 * Real dice-3 photos (640 x 640, Roboflow's stretch) as a 640 x 480 webcam shows a table: the
 * photo's middle 640 x 480 at its own scale, with the labelled dice that lie wholly inside it.
 * At the camera's thresholds the reader leaves many of these dice unread ("?": not sure enough) or
 * reads them wrong (docs/teach-dice.md), which teaching can put right.
 */
export const CAMERA = { width: 640, height: 480 };

export interface Photo {
  name: string;
  frame: Frame;
  labels: LabelledDie[];
}

export function cameraPhoto(data: string, name: string): Photo {
  const photo = readImage(join(data, 'dice-3', 'images', name));
  const { width: W, height: H } = CAMERA;
  const top = Math.round((photo.height - H) / 2);
  const left = Math.round((photo.width - W) / 2);
  const out = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) out.set(photo.data.subarray(((y + top) * photo.width + left) * 4, ((y + top) * photo.width + left + W) * 4), y * W * 4);
  const labels = readLabels(join(data, 'dice-3', 'labels', name.replace(/\.jpg$/, '.txt')), photo.width, photo.height)
    .map((l) => ({ ...l, box: [l.box[0] - left, l.box[1] - top, l.box[2], l.box[3]] as [number, number, number, number] }))
    .filter(({ box: [x, y, w, h] }) => x >= 0 && y >= 0 && x + w <= W && y + h <= H);
  return { name, frame: { width: W, height: H, data: out, time: 0 }, labels };
}
