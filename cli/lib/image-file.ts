/**
 * Image files to Frames for the CLI, tests and model scripts (Node only: the app gets frames from
 * the camera). Pure-JS decoders, so nothing native is needed. Every way a file can be bad (missing,
 * empty, not an image, truncated) ends in one ImageFileError with a message in German and English.
 */
import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Text } from '../../engine/core/text.ts';
import type { Frame } from '../../vision/types.ts';

export class ImageFileError extends Error {
  constructor(
    readonly path: string,
    readonly de: string,
    readonly en: string,
  ) {
    super(`${path}: ${en} / ${de}`);
  }

  /** What the CLI prints, the file named first. */
  get text(): Text {
    return { de: `${this.path}: ${this.de}`, en: `${this.path}: ${this.en}` };
  }
}

const JPEG_SOI = [0xff, 0xd8];
const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  return bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
}

/** A JPEG ends with the EOI marker; a file cut short in transfer does not (jpeg-js would fill the rest grey). */
function jpegComplete(bytes: Uint8Array): boolean {
  for (let i = bytes.length - 1; i > 0 && i >= bytes.length - 64; i--) {
    if (bytes[i - 1] === 0xff && bytes[i] === 0xd9) return true;
  }
  return false;
}

export function decodeImage(bytes: Uint8Array, path = '(bytes)', time = 0): Frame {
  if (bytes.length === 0) throw new ImageFileError(path, 'Die Datei ist leer.', 'the file is empty.');
  let raw: { width: number; height: number; data: Uint8Array };
  if (startsWith(bytes, JPEG_SOI)) {
    if (!jpegComplete(bytes)) throw new ImageFileError(path, 'Das JPEG-Bild ist abgeschnitten.', 'the JPEG image is truncated.');
    try {
      raw = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, tolerantDecoding: false, maxMemoryUsageInMB: 512 });
    } catch (e) {
      throw new ImageFileError(path, `Das JPEG-Bild ist beschädigt (${String(e)}).`, `the JPEG image is corrupt (${String(e)}).`);
    }
  } else if (startsWith(bytes, PNG_SIG)) {
    try {
      raw = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (e) {
      throw new ImageFileError(path, `Das PNG-Bild ist beschädigt oder abgeschnitten (${String(e)}).`, `the PNG image is corrupt or truncated (${String(e)}).`);
    }
  } else {
    throw new ImageFileError(path, 'Das ist kein Bild (erwartet: JPEG oder PNG).', 'not an image (expected JPEG or PNG).');
  }
  if (raw.width <= 0 || raw.height <= 0) throw new ImageFileError(path, 'Das Bild hat keine Pixel.', 'the image has no pixels.');
  return {
    width: raw.width,
    height: raw.height,
    data: new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.width * raw.height * 4),
    time,
  };
}

export function readImage(path: string, time = 0): Frame {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new ImageFileError(path, `Die Datei kann nicht gelesen werden (${code}).`, `cannot read the file (${code}).`);
  }
  return decodeImage(bytes, path, time);
}
