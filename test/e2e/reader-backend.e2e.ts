/**
 * The camera worker's TF.js backend: WebGL (here SwiftShader, Chromium's software WebGL 2) reads
 * the photos as wasm does, and the choice (renderer/vision/reader-backend.ts) never takes a
 * software WebGL and, on a GPU, keeps the backend it timed faster and leaves TF.js on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diceRoot, namedSet } from '../../cli/lib/dice-sets.ts';
import { readImage } from '../../cli/lib/image-file.ts';
import { fastest } from '../../renderer/vision/reader-backend.ts';
import type { Reading } from '../../vision/types.ts';
import { openReaderPage, type ReaderPage } from '../../bench/reader-page.ts';

const root = diceRoot();
const photos = root ? ['nell-byler:test', 'dice-3:test'].flatMap((spec) => namedSet(root, spec).items.slice(0, 2).map((s) => s.image)) : [];
let page: ReaderPage;

beforeAll(async () => {
  page = await openReaderPage();
});

afterAll(async () => {
  await page?.close();
});

const dice = (r: Reading) => r.dice.map((d) => ({ value: d.value, centre: d.centre.map(Math.round), box: d.box.map(Math.round) }));

describe('the reader on WebGL', () => {
  it('has WebGL 2 from a software rasteriser here', () => {
    expect(page.init.wasm).toMatchObject({ ok: true, backend: 'wasm' });
    expect(page.init.webgl).toMatchObject({ ok: true, backend: 'webgl' });
    expect(page.init.webgl.gpu).toMatch(/swiftshader/i);
  });

  it.skipIf(!root)('reads the same dice as wasm, confidences to the third decimal', { timeout: 180_000 }, async () => {
    for (const path of photos) {
      const frame = readImage(path);
      const a = await page.read('wasm', frame);
      const b = await page.read('webgl', frame);
      expect(a.ok && b.ok, a.error ?? b.error).toBe(true);
      expect(a.reading.dice.length).toBeGreaterThan(0);
      expect(dice(b.reading)).toEqual(dice(a.reading));
      // Confidences come rounded to thousandths: compared as whole thousandths, one apart at most
      // (0.001 as a difference of two such floats can come out 0.0010000000000000009).
      const thousandths = (c: number) => Math.round(c * 1000);
      b.reading.dice.forEach((d, i) => expect(Math.abs(thousandths(d.confidence) - thousandths(a.reading.dice[i].confidence))).toBeLessThanOrEqual(1));
    }
  });

  it('is not chosen where WebGL is a software rasteriser: wasm, nothing timed', async () => {
    const { ok, choice, now } = await page.choose();
    expect(ok).toBe(true);
    expect(choice.gpu).toMatch(/swiftshader/i);
    expect(choice).toMatchObject({ backend: 'wasm', timings: {} });
    expect(now).toBe('wasm');
  });

  it('on a GPU both are timed and the faster kept', { timeout: 180_000 }, async () => {
    const { ok, choice, now } = await page.choose('ANGLE (NVIDIA GeForce GTX 1650)');
    expect(ok).toBe(true);
    expect(choice.timings.wasm).toBeGreaterThan(0);
    expect(choice.timings.webgl).toBeGreaterThan(0);
    expect(choice.backend).toBe(fastest(choice.timings));
    expect(now).toBe(choice.backend);
    expect(page.problems).toEqual([]);
  });
});
