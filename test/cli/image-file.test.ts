import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { PNG } from 'pngjs';
import { decodeImage, readImage } from '../../cli/lib/image-file.ts';
import { imageFileError, smallJpeg } from './image-files.ts';

function pngBytes(): Uint8Array {
  const png = new PNG({ width: 5, height: 3 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

describe('image files to frames', () => {
  it('decodes JPEG and PNG to RGBA frames', () => {
    const j = decodeImage(smallJpeg());
    expect([j.width, j.height, j.data.length]).toEqual([16, 8, 16 * 8 * 4]);
    const p = decodeImage(pngBytes(), 'x.png', 7);
    expect([p.width, p.height, p.time, p.data[0], p.data[3]]).toEqual([5, 3, 7, 200, 200]);
  });

  it('names each way a file can be bad, in German and English', () => {
    expect(imageFileError(() => decodeImage(new Uint8Array(0))).en).toMatch(/empty/);
    expect(imageFileError(() => decodeImage(new TextEncoder().encode('hello, not a picture'))).en).toMatch(/not an image/);
    const j = smallJpeg();
    const cut = imageFileError(() => decodeImage(j.slice(0, Math.floor(j.length / 2))));
    expect(cut.en).toMatch(/truncated/);
    expect(cut.de).toMatch(/abgeschnitten/);
    const p = pngBytes();
    expect(imageFileError(() => decodeImage(p.slice(0, p.length - 20))).en).toMatch(/PNG image is corrupt or truncated/);
    expect(imageFileError(() => readImage(join(tmpdir(), 'no-such-file.jpg'))).en).toMatch(/cannot read the file \(ENOENT\)/);
  });

  it('reads a file from disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schiri-img-'));
    writeFileSync(join(dir, 'a.jpg'), smallJpeg());
    expect(readImage(join(dir, 'a.jpg')).width).toBe(16);
    expect(readFileSync(join(dir, 'a.jpg')).length).toBeGreaterThan(0);
  });
});
