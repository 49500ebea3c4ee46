/**
 * A JPEG's structure checked before jpeg-js is given it: every segment whole to the end-of-image
 * marker, one frame header of a kind jpeg-js decodes (it allocated again for each one it met: a
 * second start-of-frame of 9999 x 9999 after a small one took 28.9 s and 2 GB), and enough
 * compressed data for the frame's blocks. Every 8 x 8 block of every component costs at least one
 * bit (its DC code) in any baseline or progressive JPEG, so a 5 KB file claiming 7000 x 7000
 * pixels (1.6 GB and 16.5 s before) is refused before a pixel is allocated.
 */
import { checkSize, ImageFileError } from './image-error.ts';

export const JPEG_SOI = [0xff, 0xd8];

export interface JpegHeader {
  width: number;
  height: number;
  /** 8 x 8 blocks of all components, and the bytes of compressed data their scans hold. */
  blocks: number;
  coded: number;
}

const u16 = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];

const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Baseline, extended and progressive Huffman frames: what jpeg-js decodes. */
const DECODED_FRAMES = [0xc0, 0xc1, 0xc2];
/** Markers that stand alone: TEM, RST0-7, SOI. */
const standsAlone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd8);

function truncated(path: string): ImageFileError {
  return new ImageFileError(path, 'Das JPEG-Bild ist abgeschnitten.', 'the JPEG image is truncated.');
}

function corrupt(path: string, de: string, en: string): ImageFileError {
  return new ImageFileError(path, `Das JPEG-Bild ist beschädigt (${de}).`, `the JPEG image is corrupt (${en}).`);
}

/** Blocks of 8 x 8 samples in the frame, each component at its own sampling. */
function blocks(width: number, height: number, sampling: { h: number; v: number }[]): number {
  const hMax = Math.max(...sampling.map((c) => c.h));
  const vMax = Math.max(...sampling.map((c) => c.v));
  return sampling.reduce((sum, c) => sum + Math.ceil(Math.ceil((width * c.h) / hMax) / 8) * Math.ceil(Math.ceil((height * c.v) / vMax) / 8), 0);
}

/** Where the entropy-coded data from `i` ends: at the next marker that is not a restart. */
function scanEnd(b: Uint8Array, i: number): number {
  for (; i + 1 < b.length; i++) {
    if (b[i] === 0xff && b[i + 1] !== 0 && !(b[i + 1] >= 0xd0 && b[i + 1] <= 0xd7)) return i;
  }
  return b.length;
}

/**
 * The segments walked to the end-of-image marker; throws an ImageFileError naming what is wrong,
 * the size checked by `sizeCheck` as soon as it is read.
 */
export function jpegHeader(b: Uint8Array, path: string, sizeCheck = checkSize): JpegHeader {
  let frame: Omit<JpegHeader, 'coded'> | undefined;
  let coded = 0;
  for (let i = JPEG_SOI.length; ; ) {
    if (i + 2 > b.length) throw truncated(path);
    if (b[i] !== 0xff) throw corrupt(path, `kein Marker bei Byte ${i}`, `no marker at byte ${i}`);
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (standsAlone(marker)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9) break;
    if (i + 4 > b.length) throw truncated(path);
    const length = u16(b, i + 2);
    if (length < 2) throw corrupt(path, `Segment bei Byte ${i} ohne Länge`, `segment at byte ${i} without a length`);
    const end = i + 2 + length;
    if (end > b.length) throw truncated(path);
    if (isFrame(marker)) {
      if (frame) throw corrupt(path, 'ein zweiter Bildkopf', 'a second frame header');
      if (!DECODED_FRAMES.includes(marker)) throw corrupt(path, 'verlustfrei, hierarchisch oder arithmetisch kodiert: nicht unterstützt', 'lossless, hierarchical or arithmetic coding: not supported');
      const components = b[i + 9];
      if (length !== 8 + 3 * components || components === 0) throw corrupt(path, 'Bildkopf falsch lang', 'frame header of a wrong length');
      const sampling = Array.from({ length: components }, (_, k) => ({ h: b[i + 11 + 3 * k] >> 4, v: b[i + 11 + 3 * k] & 15 }));
      if (sampling.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4)) throw corrupt(path, 'Abtastung außerhalb 1 bis 4', 'sampling outside 1 to 4');
      const [height, width] = [u16(b, i + 5), u16(b, i + 7)];
      sizeCheck(path, width, height);
      frame = { width, height, blocks: blocks(width, height, sampling) };
    }
    i = end;
    if (marker === 0xda) {
      if (!frame) throw corrupt(path, 'Bilddaten vor dem Bildkopf', 'image data before the frame header');
      const dataEnd = scanEnd(b, i);
      coded += dataEnd - i;
      i = dataEnd;
    }
  }
  if (!frame) throw corrupt(path, 'kein Bildkopf', 'no frame header');
  return { ...frame, coded };
}

/** Refuses a JPEG whose scans hold less than one bit for each block of its frame. */
export function checkJpegData(header: JpegHeader, path: string): void {
  if (header.coded * 8 >= header.blocks) return;
  const kb = (n: number) => Math.ceil(n / 1024);
  throw new ImageFileError(
    path,
    `Das JPEG-Bild ist abgeschnitten oder beschädigt: seine ${header.width} × ${header.height} Pixel brauchen mindestens ${kb(header.blocks / 8)} KB Bilddaten, es hat ${kb(header.coded)} KB.`,
    `the JPEG image is truncated or corrupt: its ${header.width} x ${header.height} pixels need at least ${kb(header.blocks / 8)} KB of image data, it has ${kb(header.coded)} KB.`,
  );
}
