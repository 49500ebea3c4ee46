/**
 * Image files to Frames for the CLI, tests and model scripts (Node only: the app gets frames from
 * the camera). Pure-JS decoders, so nothing native is needed. Every way a file can be bad (missing,
 * empty, not an image, truncated, too large) ends in one ImageFileError with a message in German
 * and English.
 *
 * The size is read from the header before anything is decoded: a 1 MB PNG can claim 30000 x 30000
 * pixels (3.6 GB as RGBA), and decoding it is what took 5.4 GB and 72 s before. Above
 * MAX_MEGAPIXELS a file is refused at once (docs/reliability.md).
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

/**
 * The largest image read, in megapixels: 50 covers the photos of today's phones and cameras in
 * their usual modes (48 and 50 MP sensors); its RGBA frame alone is 200 MB. Anything larger is
 * refused before it is decoded: scale it down first.
 */
export const MAX_MEGAPIXELS = 50;

const u16 = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32 = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];

/**
 * Width and height as the file's header states them, without decoding a pixel: a PNG's IHDR, or
 * a JPEG's first start-of-frame segment. Null where the header holds no size (not an image of
 * these kinds, or cut short before it).
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (startsWith(bytes, PNG_SIG)) {
    // Signature, then the IHDR chunk: length, "IHDR", width, height.
    if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
    return { width: u32(bytes, 16), height: u32(bytes, 20) };
  }
  if (!startsWith(bytes, JPEG_SOI)) return null;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end, or scan data before any frame
    const length = u16(bytes, i + 2);
    // SOF0..SOF15, but C4 (DHT), C8 (JPG) and CC (DAC) are other segments.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > bytes.length) return null;
      return { width: u16(bytes, i + 7), height: u16(bytes, i + 5) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

export function decodeImage(bytes: Uint8Array, path = '(bytes)', time = 0): Frame {
  if (bytes.length === 0) throw new ImageFileError(path, 'Die Datei ist leer.', 'the file is empty.');
  const size = imageSize(bytes);
  if (size && size.width * size.height > MAX_MEGAPIXELS * 1e6) {
    const mp = ((size.width * size.height) / 1e6).toFixed(0);
    throw new ImageFileError(
      path,
      `Das Bild ist zu groß: ${size.width} × ${size.height} Pixel (${mp} Megapixel), höchstens ${MAX_MEGAPIXELS} Megapixel. Bitte verkleinern.`,
      `the image is too large: ${size.width} x ${size.height} pixels (${mp} megapixels), at most ${MAX_MEGAPIXELS} megapixels. Please scale it down.`,
    );
  }
  let raw: { width: number; height: number; data: Uint8Array };
  if (startsWith(bytes, JPEG_SOI)) {
    if (!jpegComplete(bytes)) throw new ImageFileError(path, 'Das JPEG-Bild ist abgeschnitten.', 'the JPEG image is truncated.');
    try {
      raw = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, tolerantDecoding: false, maxMemoryUsageInMB: 1024 });
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
