import { appendFileSync, writeFileSync } from 'node:fs';
import type { Frame } from '../../vision/types.ts';

const clamp = (x: number) => Math.max(0, Math.min(255, Math.round(x)));

/**
 * A Y4M video (what Chromium's fake camera plays) from RGBA frames: a one-line header, then per
 * frame `FRAME\n` and the I420 planes in full-range (JPEG) YCbCr, chroma averaged over 2x2.
 * Chromium's fake camera decodes the planes as video range (16..235) whatever the header says,
 * which stretches the contrast; `videoRange` writes them so, and Chromium shows the frames' own colours.
 */
export function y4m(frames: Frame[], fps: number, { videoRange = false } = {}): Buffer {
  const [luma, chroma] = videoRange ? [219 / 255, 224 / 255] : [1, 1];
  const lumaOffset = videoRange ? 16 : 0;
  const { width: w, height: h } = frames[0];
  if (w % 2 || h % 2) throw new Error('Y4M 4:2:0 needs even width and height');
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const size = w * h + 2 * (w / 2) * (h / 2);
  const out = Buffer.alloc(header.length + frames.length * (6 + size));
  header.copy(out, 0);
  let at = header.length;
  for (const f of frames) {
    at += out.write('FRAME\n', at);
    const y = at;
    const u = y + w * h;
    const v = u + (w / 2) * (h / 2);
    const d = f.data;
    for (let i = 0; i < w * h; i++) out[y + i] = Math.round(lumaOffset + luma * (0.299 * d[i * 4] + 0.587 * d[i * 4 + 1] + 0.114 * d[i * 4 + 2]));
    const row = w * 4;
    for (let cy = 0; cy < h / 2; cy++) {
      for (let cx = 0; cx < w / 2; cx++) {
        // Summed in this order, quarter by quarter: the bytes the fixtures' seeds were chosen on.
        const k = 2 * cy * row + 8 * cx;
        const r = d[k] / 4 + d[k + 4] / 4 + d[k + row] / 4 + d[k + row + 4] / 4;
        const g = d[k + 1] / 4 + d[k + 5] / 4 + d[k + row + 1] / 4 + d[k + row + 5] / 4;
        const b = d[k + 2] / 4 + d[k + 6] / 4 + d[k + row + 2] / 4 + d[k + row + 6] / 4;
        out[u + cy * (w / 2) + cx] = clamp(128 + chroma * (-0.168736 * r - 0.331264 * g + 0.5 * b));
        out[v + cy * (w / 2) + cx] = clamp(128 + chroma * (0.5 * r - 0.418688 * g - 0.081312 * b));
      }
    }
    at += size;
  }
  return out;
}

/**
 * Writes a Y4M video to `file` chunk by chunk (one header, then each chunk's frames), so a long
 * video of large frames never has to be in memory at once.
 */
export function writeY4m(file: string, chunks: Iterable<Frame[]>, fps: number, opts: { videoRange?: boolean } = {}): void {
  let first = true;
  for (const frames of chunks) {
    const video = y4m(frames, fps, opts);
    if (first) writeFileSync(file, video);
    else appendFileSync(file, video.subarray(video.indexOf(0x0a) + 1));
    first = false;
  }
}

/**
 * `frame` as the app receives it from Chromium's fake camera playing `y4m(…, { videoRange: true })`:
 * the I420 planes decoded as BT.601 video range, each chroma sample spread over its 2x2 pixels.
 * The reader-check scripts read this, not the rendered frame: the colour of a small die's pips
 * lives in a few chroma samples, and a die read right before the video can be misread after it.
 */
export function throughFakeCamera(frame: Frame): Frame {
  const { width: w, height: h } = frame;
  const video = y4m([frame], 1, { videoRange: true });
  const y = video.indexOf('FRAME\n') + 6;
  const [u, v] = [y + w * h, y + w * h + (w / 2) * (h / 2)];
  const data = new Uint8ClampedArray(w * h * 4);
  for (let py = 0; py < h; py++) {
    for (let px = 0; px < w; px++) {
      const c = (py >> 1) * (w / 2) + (px >> 1);
      const [l, cb, cr] = [1.164 * (video[y + py * w + px] - 16), video[u + c] - 128, video[v + c] - 128];
      data.set([l + 1.596 * cr, l - 0.392 * cb - 0.813 * cr, l + 2.017 * cb, 255], (py * w + px) * 4);
    }
  }
  return { ...frame, data };
}
