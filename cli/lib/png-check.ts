/**
 * A PNG's structure checked before pngjs is given it: every chunk whole and its CRC right, one
 * IHDR and the first chunk (pngjs used the last one, so a second IHDR passed a 16 x 16 size check
 * and then decoded 30000 x 30000), image data present and the file ended by IEND. Then the image
 * data is inflated with a cap at exactly what the IHDR's size needs: an IDAT that inflates to more
 * (a bomb) or to less (cut short) is refused before pngjs allocates its pixels.
 */
import { crc32, inflateSync } from 'node:zlib';
import { checkSize, ImageFileError } from './image-error.ts';

export const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngHeader {
  width: number;
  height: number;
  /** Bytes that inflating the image data must give: every row's filter byte and pixels, every pass. */
  inflatedBytes: number;
  idat: Buffer[];
}

const u32 = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];

/** Samples a pixel, by colour type, and the bit depths each allows. */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7: each pass's first column and row, and its steps. */
const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

function corrupt(path: string, de: string, en: string): ImageFileError {
  return new ImageFileError(path, `Das PNG-Bild ist beschädigt oder abgeschnitten (${de}).`, `the PNG image is corrupt or truncated (${en}).`);
}

function inflatedBytes(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return PASSES.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0);
}

/**
 * The chunks walked and the header read; throws an ImageFileError naming what is wrong, the size
 * checked by `sizeCheck` as soon as it is read.
 */
export function pngHeader(bytes: Uint8Array, path: string, sizeCheck = checkSize): PngHeader {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Omit<PngHeader, 'idat'> | undefined;
  const idat: Buffer[] = [];
  for (let at = PNG_SIG.length; ; ) {
    if (at + 12 > buf.length) throw corrupt(path, `endet nach ${buf.length} Bytes ohne IEND`, `it ends after ${buf.length} bytes without IEND`);
    const length = u32(buf, at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw corrupt(path, `kein Abschnitt bei Byte ${at}`, `no chunk at byte ${at}`);
    if (length > buf.length - at - 12) throw corrupt(path, `Abschnitt ${type} endet nach dem Dateiende`, `chunk ${type} runs past the end of the file`);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (crc32(data, crc32(type)) !== u32(buf, at + 8 + length)) throw corrupt(path, `Prüfsumme von ${type} falsch`, `wrong checksum of ${type}`);
    at += 12 + length;
    if ((type === 'IHDR') !== (header === undefined)) {
      throw corrupt(path, header ? 'ein zweiter IHDR-Kopf' : 'der erste Abschnitt ist nicht IHDR', header ? 'a second IHDR header' : 'the first chunk is not IHDR');
    }
    if (type === 'IHDR') {
      if (length !== 13) throw corrupt(path, 'IHDR hat nicht 13 Bytes', 'IHDR is not 13 bytes long');
      const [width, height, depth, colour, compression, filter, interlace] = [u32(data, 0), u32(data, 4), data[8], data[9], data[10], data[11], data[12]];
      const kind = COLOUR_TYPES[colour];
      if (!kind?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) {
        throw corrupt(path, `unbekannte Art: Farbtyp ${colour}, Bittiefe ${depth}`, `unknown kind: colour type ${colour}, bit depth ${depth}`);
      }
      sizeCheck(path, width, height);
      header = { width, height, inflatedBytes: inflatedBytes(width, height, kind.channels * depth, interlace === 1) };
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      if (!header || idat.length === 0) throw corrupt(path, 'keine Bilddaten', 'no image data');
      return { ...header, idat };
    }
  }
}

/**
 * Inflates the image data with a cap, only to see that it is exactly as long as the header says:
 * pngjs inflates it again, but is never given a bomb or a stream cut short.
 */
export function checkPngData(header: PngHeader, path: string): void {
  let inflated: Buffer;
  try {
    inflated = inflateSync(Buffer.concat(header.idat), { maxOutputLength: header.inflatedBytes });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw corrupt(path, `die Bilddaten sind größer als ${header.width} × ${header.height} Pixel`, `its image data is larger than ${header.width} x ${header.height} pixels`);
    }
    throw corrupt(path, `Bilddaten: ${(e as Error).message}`, `image data: ${(e as Error).message}`);
  }
  if (inflated.length !== header.inflatedBytes) {
    throw corrupt(path, `die Bilddaten sind kürzer als ${header.width} × ${header.height} Pixel`, `its image data is shorter than ${header.width} x ${header.height} pixels`);
  }
}
