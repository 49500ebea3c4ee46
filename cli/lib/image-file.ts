/**
 * Image files to Frames for the CLI, tests and model scripts (Node only: the app gets frames from
 * the camera). Pure-JS decoders, so nothing native is needed. Every way a file can be bad (missing,
 * not a regular file, too big a file, empty, not an image, truncated, corrupt, too large) ends in
 * one ImageFileError with a message in German and English.
 *
 * Nothing is decoded before the file's structure is checked (png-check.ts, jpeg-check.ts): the
 * size every decoder will use, within MAX_MEGAPIXELS and MAX_SIDE, and data that fits it. A batch
 * of files anyone may hand in is decoded through isolated-images.ts, in a worker whose heap is
 * capped, so that even a decoder failure nobody foresaw ends one file, not the batch
 * (docs/reliability.md).
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Frame } from '../../vision/types.ts';
import { ImageFileError, MAX_MEGAPIXELS } from './image-error.ts';
import { checkJpegData, JPEG_SOI, jpegHeader } from './jpeg-check.ts';
import { checkPngData, PNG_SIG, pngHeader } from './png-check.ts';

export { asImageFileError, ImageFileError, MAX_MEGAPIXELS, MAX_SIDE } from './image-error.ts';

/**
 * The largest file read, in MiB: a 50-megapixel photo is a JPEG of 10 to 30 MB or a PNG of up to
 * about 200 MB. Checked before a byte is read (a 1.5 GB sparse file was read whole).
 */
export const MAX_FILE_MIB = 256;

/**
 * What jpeg-js may count as allocated, in MiB: for each pixel it counts 4 bytes a component for
 * its blocks, 1 for the component's samples, 1 a component for the colour conversion and 4 for the
 * RGBA out, so 28 bytes for a four-component (CMYK) image at MAX_MEGAPIXELS. (Its old cap of
 * 1024 refused a real 49-megapixel photo after decoding it for 110 s.)
 */
const JPEG_MEMORY_MB = Math.ceil((28 * MAX_MEGAPIXELS * 1e6) / 2 ** 20);

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  return bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
}

/**
 * Width and height as the file's structure states them, whatever the limits, without decoding a
 * pixel; null where it holds no sound size (not a PNG or JPEG, cut short, a second header).
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const any = () => {};
  try {
    const { width, height } = startsWith(bytes, PNG_SIG) ? pngHeader(bytes, '', any) : jpegHeader(bytes, '', any);
    return { width, height };
  } catch {
    // not a sound image: no size
  }
  return null;
}

export function decodeImage(bytes: Uint8Array, path = '(bytes)', time = 0): Frame {
  if (bytes.length === 0) throw new ImageFileError(path, 'Die Datei ist leer.', 'the file is empty.');
  let raw: { width: number; height: number; data: Uint8Array };
  if (startsWith(bytes, JPEG_SOI)) {
    checkJpegData(jpegHeader(bytes, path), path);
    try {
      raw = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, tolerantDecoding: false, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: JPEG_MEMORY_MB });
    } catch (e) {
      throw new ImageFileError(path, `Das JPEG-Bild ist beschädigt (${String(e)}).`, `the JPEG image is corrupt (${String(e)}).`);
    }
  } else if (startsWith(bytes, PNG_SIG)) {
    checkPngData(pngHeader(bytes, path), path);
    try {
      raw = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (e) {
      throw new ImageFileError(path, `Das PNG-Bild ist beschädigt oder abgeschnitten (${String(e)}).`, `the PNG image is corrupt or truncated (${String(e)}).`);
    }
  } else {
    throw new ImageFileError(path, 'Das ist kein Bild (erwartet: JPEG oder PNG).', 'not an image (expected JPEG or PNG).');
  }
  return {
    width: raw.width,
    height: raw.height,
    data: new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.width * raw.height * 4),
    time,
  };
}

/**
 * A regular file's bytes, refused before reading when it is anything else (a fifo hung for ever,
 * a link to /dev/zero grew past 14 GB) or larger than MAX_FILE_MIB.
 */
export function readImageBytes(path: string): Uint8Array {
  const cannot = (code: string) => new ImageFileError(path, `Die Datei kann nicht gelesen werden (${code}).`, `cannot read the file (${code}).`);
  let fd: number;
  try {
    // Non-blocking, so that opening a fifo with no writer returns at once and is then refused.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw cannot((e as NodeJS.ErrnoException).code ?? String(e));
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw new ImageFileError(path, 'Das ist keine gewöhnliche Datei (ein Ordner, ein Gerät oder eine Pipe).', 'not a regular file (a folder, a device or a pipe).');
    }
    if (stat.size > MAX_FILE_MIB * 2 ** 20) {
      const mib = Math.round(stat.size / 2 ** 20);
      throw new ImageFileError(path, `Die Datei ist zu groß: ${mib} MiB, höchstens ${MAX_FILE_MIB} MiB.`, `the file is too big: ${mib} MiB, at most ${MAX_FILE_MIB} MiB.`);
    }
    // Only the size stat gave: a file growing while it is read does not grow what is read.
    const bytes = new Uint8Array(stat.size);
    let got = 0;
    for (let n = 1; got < bytes.length && n > 0; got += n) n = readSync(fd, bytes, got, bytes.length - got, got);
    return bytes.subarray(0, got);
  } catch (e) {
    throw e instanceof ImageFileError ? e : cannot((e as NodeJS.ErrnoException).code ?? String(e));
  } finally {
    closeSync(fd);
  }
}

export function readImage(path: string, time = 0): Frame {
  return decodeImage(readImageBytes(path), path, time);
}
