import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeImage, imageSize, MAX_MEGAPIXELS } from '../../cli/lib/image-file.ts';
import { chunk, IEND, ihdr, imageFileError, PNG_SIGNATURE, smallJpeg } from './image-files.ts';

/** The same JPEG with its frame header claiming other dimensions. */
function jpegClaiming(width: number, height: number): Uint8Array {
  const b = Uint8Array.from(smallJpeg());
  for (let i = 2; i < b.length; ) {
    const m = b[i + 1];
    if (m === 0xc0) {
      b[i + 5] = height >> 8;
      b[i + 6] = height & 0xff;
      b[i + 7] = width >> 8;
      b[i + 8] = width & 0xff;
      return b;
    }
    i += 2 + ((b[i + 2] << 8) | b[i + 3]);
  }
  throw new Error('no SOF0');
}

/**
 * A real decompression bomb: a valid 30000 x 30000 one-bit PNG of about 100 KB that decodes to
 * 3.6 GB of RGBA (the 874 KB file of issue 16 took 5.4 GB and 72 s, then ended the batch).
 */
let bomb: Buffer | undefined;
function pngBomb(): Buffer {
  return (bomb ??= makePngBomb());
}

function makePngBomb(): Buffer {
  const side = 30000;
  const raw = Buffer.alloc(side * (Math.ceil(side / 8) + 1)); // filter byte 0 and zero pixels, row by row
  return Buffer.concat([PNG_SIGNATURE, ihdr(side, side, 1, 0), chunk('IDAT', deflateSync(raw, { level: 9 })), IEND]);
}

describe('image limits', () => {
  it('reads the size from the header, before any decoding', () => {
    expect(imageSize(smallJpeg())).toEqual({ width: 16, height: 8 });
    expect(imageSize(jpegClaiming(10000, 10000))).toEqual({ width: 10000, height: 10000 });
    expect(imageSize(pngBomb())).toEqual({ width: 30000, height: 30000 });
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
    expect(imageSize(new TextEncoder().encode('not an image'))).toBeNull();
  });

  it(`refuses an image above ${MAX_MEGAPIXELS} megapixels as too large, in German and English`, () => {
    const bomb = imageFileError(() => decodeImage(pngBomb(), 'bomb.png'));
    expect(bomb.en).toBe(`the image is too large: 30000 x 30000 pixels (900 megapixels), at most ${MAX_MEGAPIXELS} megapixels. Please scale it down.`);
    expect(bomb.de).toMatch(/^Das Bild ist zu groß: 30000 × 30000 Pixel/);
    // A 10000 x 10000 JPEG was refused as "corrupt" after 20 s and 1.1 GB.
    expect(imageFileError(() => decodeImage(jpegClaiming(10000, 10000))).en).toMatch(/too large: 10000 x 10000/);
  });

  it('schiri read reads the other files of a batch around a bomb', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schiri-limits-'));
    writeFileSync(join(dir, 'good.jpg'), smallJpeg());
    writeFileSync(join(dir, 'bomb.png'), pngBomb());
    const files = ['good.jpg', 'bomb.png', 'good.jpg'].map((f) => join(dir, f));
    const r = spawnSync(process.execPath, ['bin/schiri.js', 'read', ...files, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.file, 'reading' in l ? 'read' : l.error.en])).toEqual([
      [files[0], 'read'],
      [files[1], expect.stringMatching(/too large/)],
      [files[2], 'read'],
    ]);
    expect(r.stderr).toMatch(/bomb\.png: Das Bild ist zu groß/);
    expect(r.status).toBe(1);
  }, 120_000);
});
