import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeImage, MAX_FILE_MIB, readImage } from '../../cli/lib/image-file.ts';
import { IsolatedImages } from '../../cli/lib/isolated-images.ts';
import { chunk, IEND, ihdr, imageFileError, jpegWith, PNG_SIGNATURE, smallJpeg, sof0 } from './image-files.ts';

/**
 * The files issue 63's second attack used, made here for real: each was decoded for seconds to
 * minutes and gigabytes, or hung, or ended the batch. Each is now refused before a pixel is
 * allocated, and a batch goes on to the next file.
 */
/** smallJpeg with its own frame header's size changed. */
function jpegClaiming(width: number, height: number): Uint8Array {
  const b = Uint8Array.from(smallJpeg());
  for (let i = 2; ; i += 2 + ((b[i + 2] << 8) | b[i + 3])) {
    if (b[i + 1] === 0xc0) {
      b.set([height >> 8, height & 0xff, width >> 8, width & 0xff], i + 5);
      return b;
    }
  }
}

const rgbaRows = (width: number, height: number) => Buffer.alloc(height * (1 + 4 * width));

const attacks = {
  /** A 16 x 16 IHDR, then a 30000 x 30000 one: the check read the first, pngjs used the last. */
  secondIhdr: () => Buffer.concat([PNG_SIGNATURE, ihdr(16, 16), ihdr(30000, 30000), chunk('IDAT', deflateSync(rgbaRows(16, 16))), IEND]),
  /** 1 x 50,000,000 RGBA, at the megapixel limit: pngjs's rows ran V8 out of heap (5.6 GB). */
  strip: () => Buffer.concat([PNG_SIGNATURE, ihdr(1, 50_000_000), chunk('IDAT', deflateSync(rgbaRows(1, 1000))), IEND]),
  /** The signature and nothing else ("read requests waiting on finished stream"). */
  signatureOnly: () => PNG_SIGNATURE,
  /** 16 x 16 whose image data inflates to 64 MB ("AssertionError ... have should not go down"). */
  idatBomb: () => Buffer.concat([PNG_SIGNATURE, ihdr(16, 16), chunk('IDAT', deflateSync(Buffer.alloc(64 << 20), { level: 9 })), IEND]),
  /** The same, interlaced: pngjs inflated that without any cap. */
  interlacedBomb: () => Buffer.concat([PNG_SIGNATURE, ihdr(16, 16, 8, 6, 1), chunk('IDAT', deflateSync(Buffer.alloc(64 << 20), { level: 9 })), IEND]),
  /** A second start-of-frame of 9999 x 9999, after the scan (28.9 s and 2 GB) or before it. */
  secondSof: () => jpegWith(smallJpeg(), 0xd9, sof0(9999, 9999)),
  secondSofFirst: () => jpegWith(smallJpeg(), 0xda, sof0(9999, 9999)),
  /** Under 1 KB claiming 7000 x 7000 (a 5 KB one took 16.5 s and 1.6 GB). */
  claims7000: () => jpegClaiming(7000, 7000),
};

describe('image attacks of issue 63', () => {
  it('refuses a second IHDR, naming it, before decoding', () => {
    const e = imageFileError(() => decodeImage(attacks.secondIhdr(), 'two.png'));
    expect(e.en).toBe('the PNG image is corrupt or truncated (a second IHDR header).');
    expect(e.de).toBe('Das PNG-Bild ist beschädigt oder abgeschnitten (ein zweiter IHDR-Kopf).');
  });

  it('refuses a side longer than a JPEG can be, however few the pixels', () => {
    expect(imageFileError(() => decodeImage(attacks.strip(), 'strip.png')).en).toBe('the image is too long: 1 x 50000000 pixels, at most 65535 pixels a side. Please scale it down.');
  });

  it('refuses image data that inflates to more, or less, than the header says', () => {
    expect(imageFileError(() => decodeImage(attacks.idatBomb())).en).toBe('the PNG image is corrupt or truncated (its image data is larger than 16 x 16 pixels).');
    expect(imageFileError(() => decodeImage(attacks.interlacedBomb())).en).toBe('the PNG image is corrupt or truncated (its image data is larger than 16 x 16 pixels).');
    const short = Buffer.concat([PNG_SIGNATURE, ihdr(16, 16), chunk('IDAT', deflateSync(rgbaRows(16, 15))), IEND]);
    expect(imageFileError(() => decodeImage(short)).en).toBe('the PNG image is corrupt or truncated (its image data is shorter than 16 x 16 pixels).');
  });

  it('refuses a PNG cut anywhere, a wrong checksum and a signature alone, with a message', () => {
    const png = new PNG({ width: 4, height: 4 });
    const good = PNG.sync.write(png);
    expect(imageFileError(() => decodeImage(attacks.signatureOnly())).en).toBe('the PNG image is corrupt or truncated (it ends after 8 bytes without IEND).');
    for (let cut = 9; cut < good.length; cut++) expect(imageFileError(() => decodeImage(good.subarray(0, cut))).en).toMatch(/^the PNG image is corrupt or truncated \(/);
    const flipped = Buffer.from(good);
    flipped[20] ^= 1; // inside IHDR
    expect(imageFileError(() => decodeImage(flipped)).en).toBe('the PNG image is corrupt or truncated (wrong checksum of IHDR).');
    expect(decodeImage(good).width).toBe(4);
  });

  it('refuses a second JPEG frame header and a body too small for the size it claims', () => {
    expect(imageFileError(() => decodeImage(attacks.secondSof())).en).toBe('the JPEG image is corrupt (a second frame header).');
    expect(imageFileError(() => decodeImage(attacks.secondSofFirst())).en).toBe('the JPEG image is corrupt (a second frame header).');
    const e = imageFileError(() => decodeImage(attacks.claims7000()));
    expect(e.en).toMatch(/^the JPEG image is truncated or corrupt: its 7000 x 7000 pixels need at least 281 KB of image data, it has 1 KB\.$/);
    expect(e.de).toMatch(/^Das JPEG-Bild ist abgeschnitten oder beschädigt: seine 7000 × 7000 Pixel brauchen mindestens 281 KB Bilddaten/);
  });

  it('reads only regular files, and refuses one too big before reading it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schiri-special-'));
    symlinkSync('/dev/zero', join(dir, 'zero.jpg'));
    expect(spawnSync('mkfifo', [join(dir, 'fifo.jpg')]).status).toBe(0);
    writeFileSync(join(dir, 'sparse.jpg'), '');
    truncateSync(join(dir, 'sparse.jpg'), 1.5 * 2 ** 30);
    expect(imageFileError(() => readImage(join(dir, 'zero.jpg'))).en).toBe('not a regular file (a folder, a device or a pipe).');
    expect(imageFileError(() => readImage(join(dir, 'fifo.jpg'))).de).toBe('Das ist keine gewöhnliche Datei (ein Ordner, ein Gerät oder eine Pipe).');
    expect(imageFileError(() => readImage(dir)).en).toBe('not a regular file (a folder, a device or a pipe).');
    expect(imageFileError(() => readImage(join(dir, 'sparse.jpg'))).en).toBe(`the file is too big: 1536 MiB, at most ${MAX_FILE_MIB} MiB.`);
  });

  it('a decoder that runs out of its heap ends its worker, not the process; the next file is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schiri-worker-'));
    const small = join(dir, 'small.jpg');
    writeFileSync(small, smallJpeg());
    // A real 2000 x 2000 photo-like JPEG: jpeg-js keeps an object for each of its 187,500 blocks.
    const big = join(dir, 'big.jpg');
    const data = new Uint8Array(2000 * 2000 * 4).map((_, i) => (i * 2654435761) >>> 24);
    writeFileSync(big, (await import('jpeg-js')).default.encode({ width: 2000, height: 2000, data }, 90).data);
    const images = new IsolatedImages(24);
    try {
      expect((await images.read(small)).width).toBe(16);
      const e = await images.read(big).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toMatchObject({ path: big, en: 'the image could not be decoded, the decoder broke off (ERR_WORKER_OUT_OF_MEMORY).' });
      expect((await images.read(small, 3)).time).toBe(3);
    } finally {
      await images.close();
    }
    expect(readImage(big).width).toBe(2000); // the file itself is sound: only the cap refused it
  }, 60_000);

  it('schiri read reports each attack file and reads the good ones around them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schiri-attacks-'));
    const good = join(dir, 'good.jpg');
    writeFileSync(good, smallJpeg());
    const bad = Object.entries(attacks).map(([name, make]) => {
      const path = join(dir, `${name}.${/Sof|7000/.test(name) ? 'jpg' : 'png'}`);
      writeFileSync(path, make());
      return path;
    });
    const fifo = join(dir, 'fifo.jpg');
    spawnSync('mkfifo', [fifo]);
    const zero = join(dir, 'zero.jpg');
    symlinkSync('/dev/zero', zero);
    const files = [good, ...bad, fifo, zero, good];
    const r = spawnSync(process.execPath, ['bin/schiri.js', 'read', ...files, '--json'], { encoding: 'utf8', timeout: 100_000, maxBuffer: 1 << 24 });
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { file: string; reading?: unknown; error?: { en: string } });
    expect(lines.map((l) => [l.file, l.reading ? 'read' : l.error?.en])).toEqual([
      [good, 'read'],
      [bad[0], 'the PNG image is corrupt or truncated (a second IHDR header).'],
      [bad[1], 'the image is too long: 1 x 50000000 pixels, at most 65535 pixels a side. Please scale it down.'],
      [bad[2], 'the PNG image is corrupt or truncated (it ends after 8 bytes without IEND).'],
      [bad[3], 'the PNG image is corrupt or truncated (its image data is larger than 16 x 16 pixels).'],
      [bad[4], 'the PNG image is corrupt or truncated (its image data is larger than 16 x 16 pixels).'],
      [bad[5], 'the JPEG image is corrupt (a second frame header).'],
      [bad[6], 'the JPEG image is corrupt (a second frame header).'],
      [bad[7], expect.stringMatching(/^the JPEG image is truncated or corrupt: its 7000 x 7000 pixels/)],
      [fifo, 'not a regular file (a folder, a device or a pipe).'],
      [zero, 'not a regular file (a folder, a device or a pipe).'],
      [good, 'read'],
    ]);
    expect(r.status).toBe(1);
  }, 120_000);
});
