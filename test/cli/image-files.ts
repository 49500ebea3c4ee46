import jpeg from 'jpeg-js';
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
