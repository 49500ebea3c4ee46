/**
 * What can be wrong with an image file, and the limits of what is decoded: shared by the file
 * reader, the PNG and JPEG checks and the decoding worker.
 */
import type { Text } from '../../engine/core/text.ts';

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

/**
 * The largest image read, in megapixels: 50 covers the photos of today's phones and cameras in
 * their usual modes (48 and 50 MP sensors); its RGBA frame alone is 200 MB. Anything larger is
 * refused before it is decoded: scale it down first.
 */
export const MAX_MEGAPIXELS = 50;

/**
 * The longest side read, in pixels (a JPEG cannot be longer). pngjs spends about 110 bytes of heap
 * on every row, so a 1 x 50,000,000 strip, within the megapixels, took 5.6 GB and ended the process.
 */
export const MAX_SIDE = 65535;

/** Refuses a size the decoder must not be asked for: no pixels, too many, or a side too long. */
export function checkSize(path: string, width: number, height: number): void {
  if (width <= 0 || height <= 0) throw new ImageFileError(path, 'Das Bild hat keine Pixel.', 'the image has no pixels.');
  const mp = Math.round((width * height) / 1e6);
  if (width * height > MAX_MEGAPIXELS * 1e6) {
    throw new ImageFileError(
      path,
      `Das Bild ist zu groß: ${width} × ${height} Pixel (${mp} Megapixel), höchstens ${MAX_MEGAPIXELS} Megapixel. Bitte verkleinern.`,
      `the image is too large: ${width} x ${height} pixels (${mp} megapixels), at most ${MAX_MEGAPIXELS} megapixels. Please scale it down.`,
    );
  }
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new ImageFileError(
      path,
      `Das Bild ist zu lang: ${width} × ${height} Pixel, höchstens ${MAX_SIDE} Pixel je Seite. Bitte verkleinern.`,
      `the image is too long: ${width} x ${height} pixels, at most ${MAX_SIDE} pixels a side. Please scale it down.`,
    );
  }
}

/** Any failure reading `path` as an ImageFileError: an unforeseen one says so. */
export function asImageFileError(path: string, e: unknown): ImageFileError {
  return e instanceof ImageFileError ? e : new ImageFileError(path, `Unerwarteter Fehler beim Lesen (${String(e)}).`, `unexpected error while reading (${String(e)}).`);
}
