import jpeg from 'jpeg-js';
import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import { ImageFileError } from '../../cli/lib/image-file.ts';

/** A small real JPEG (16 x 8). */
export function smallJpeg(): Uint8Array {
  const data = new Uint8Array(16 * 8 * 4).map((_, i) => (i % 4 === 3 ? 255 : i % 251));
  return jpeg.encode({ width: 16, height: 8, data }, 90).data;
}

/** The ImageFileError `f` throws; the test fails if it throws nothing or something else. */
export function imageFileError(f: () => unknown): ImageFileError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ImageFileError);
    return e as ImageFileError;
  }
  throw new Error('no error');
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and its right CRC. */
export function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(type)));
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, crc]);
}

/** An IHDR chunk: 8-bit RGBA unless told otherwise. */
export function ihdr(width: number, height: number, depth = 8, colour = 6, interlace = 0): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d[8] = depth;
  d[9] = colour;
  d[12] = interlace;
  return chunk('IHDR', d);
}

export const IEND = chunk('IEND', Buffer.alloc(0));

/** The JPEG's segments with `segment` put in before the marker at `before` (e.g. 0xda: the first scan, 0xd9: the end). */
export function jpegWith(j: Uint8Array, before: number, segment: Uint8Array): Uint8Array {
  let i = 2;
  while (j[i + 1] !== before) {
    if (j[i + 1] === 0xda) {
      // Scan data runs to the next marker that is not a restart or a stuffed 0xff.
      for (i += 2 + ((j[i + 2] << 8) | j[i + 3]); !(j[i] === 0xff && j[i + 1] !== 0 && (j[i + 1] < 0xd0 || j[i + 1] > 0xd7)); i++);
      continue;
    }
    i += 2 + ((j[i + 2] << 8) | j[i + 3]);
  }
  return Uint8Array.from([...j.subarray(0, i), ...segment, ...j.subarray(i)]);
}

/** A baseline start-of-frame segment: three components, 1x1 sampling. */
export function sof0(width: number, height: number): Uint8Array {
  return Uint8Array.from([0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
}
