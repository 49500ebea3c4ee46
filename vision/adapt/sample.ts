/**
 * A taught die's patch cut in plain JS, where no OpenCV is loaded (the main thread, the Miwin
 * worker): the same square `cutPatch` (patch.ts) cuts with OpenCV's warpAffine, bilinear, the
 * frame's edge repeated. test/vision/adapt/sample.test.ts checks the two agree.
 */
import type { Frame } from '../types.ts';
import { oversampling } from '../classify/oversample.ts';
import { PATCH, PATCH_BYTES, SPAN } from './patch-size.ts';

export type Pixels = Pick<Frame, 'width' | 'height' | 'data'>;

/**
 * `size` x `size` RGB bytes of the square `side` pixels across centred on (cx, cy), upright: sampled
 * at `oversampling` times the size and averaged down, as the reader's crops are (crop.ts).
 */
export function squareOf(f: Pixels, cx: number, cy: number, side: number, size: number): Uint8Array {
  const over = oversampling(side, size);
  if (over === 1) return sampled(f, cx, cy, side, size);
  const fine = sampled(f, cx, cy, side, size * over);
  const out = new Uint8Array(size * size * 3);
  const n = size * over;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      for (let ch = 0; ch < 3; ch++) {
        let sum = 0;
        for (let y = j * over; y < (j + 1) * over; y++) for (let x = i * over; x < (i + 1) * over; x++) sum += fine[(y * n + x) * 3 + ch];
        out[(j * size + i) * 3 + ch] = Math.round(sum / (over * over));
      }
    }
  }
  return out;
}

/** The square sampled straight (bilinear) at `size` x `size`, as warpAffine samples it. */
function sampled(f: Pixels, cx: number, cy: number, side: number, size: number): Uint8Array {
  const out = new Uint8Array(size * size * 3);
  const step = side / size;
  const at = (x: number, y: number, ch: number) => f.data[(Math.min(f.height - 1, Math.max(0, y)) * f.width + Math.min(f.width - 1, Math.max(0, x))) * 4 + ch];
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      // warpAffine's pixel centres: output pixel i lies at cx + (i - size/2) * step.
      const x = cx + (i - size / 2) * step;
      const y = cy + (j - size / 2) * step;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const ax = x - x0;
      const ay = y - y0;
      for (let ch = 0; ch < 3; ch++) {
        const top = at(x0, y0, ch) * (1 - ax) + at(x0 + 1, y0, ch) * ax;
        const bottom = at(x0, y0 + 1, ch) * (1 - ax) + at(x0 + 1, y0 + 1, ch) * ax;
        out[(j * size + i) * 3 + ch] = Math.round(top * (1 - ay) + bottom * ay);
      }
    }
  }
  return out;
}

/** The patch a dice set keeps of the die in `box` (as patch.ts `cutPatch`). */
export function patchAt(f: Pixels, box: [number, number, number, number]): Uint8Array {
  return squareOf(f, box[0] + box[2] / 2, box[1] + box[3] / 2, Math.max(box[2], box[3]) * SPAN, PATCH);
}

/** A patch as a frame of its own (RGBA), the die in its middle, `side` pixels across. */
export function patchFrame(patch: Uint8Array): { frame: Frame; side: number } {
  if (patch.length !== PATCH_BYTES) throw new Error(`patchFrame: ${patch.length} bytes, not ${PATCH_BYTES}`);
  const data = new Uint8ClampedArray(PATCH * PATCH * 4);
  for (let i = 0, j = 0; i < patch.length; i += 3, j += 4) {
    data[j] = patch[i];
    data[j + 1] = patch[i + 1];
    data[j + 2] = patch[i + 2];
    data[j + 3] = 255;
  }
  return { frame: { width: PATCH, height: PATCH, data, time: 0 }, side: PATCH / SPAN };
}


