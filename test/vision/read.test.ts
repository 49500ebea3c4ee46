/**
 * The reader with the committed weights on a handful of nell-byler test photos: a floor well below
 * the figures in models/README.md (the full evaluation is `schiri eval`, not a unit test), and the
 * CLI reading good and bad files side by side.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readImage } from '../../cli/lib/image-file.ts';
import { diceDataDir, listSet, readLabels } from '../../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../../cli/lib/models.ts';
import { scoreImage, scoreSet } from '../../cli/lib/score.ts';
import { decide, DEFAULT_THRESHOLDS, examine, read, type Candidate } from '../../vision/read.ts';
import { loadCv } from '../../vision/detect/opencv.ts';
import { frameToRgb } from '../../vision/detect/frame.ts';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { tafelScenes } from '../e2e/tafel-video.ts';
import { run } from '../../cli/read.ts';
import type { Models } from '../../vision/tf.ts';

const dir = diceDataDir();
const sample = dir ? listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt')).slice(0, 6) : [];
let models: Models;

beforeAll(async () => {
  models = await loadModelsFromDisk();
}, 30_000);

afterEach(() => vi.restoreAllMocks());

describe.skipIf(!dir)('the dice reader on real photos', () => {
  it('finds the dice of six test photos and reads most values', async () => {
    const scored = [];
    for (const item of sample) {
      const frame = readImage(item.image);
      const r = await read(frame, { models });
      for (const d of r.dice) {
        expect(d.confidence).toBeGreaterThanOrEqual(0);
        expect(d.confidence).toBeLessThanOrEqual(1);
        expect(d.value === null).toBe(d.unreadable !== undefined);
        expect(d.body.name).toMatch(/^[a-z]+$/);
      }
      scored.push({ score: scoreImage(r.dice, readLabels(item.label, frame.width, frame.height)), ms: r.elapsedMs });
    }
    const s = scoreSet(scored);
    expect(s.labelled).toBeGreaterThan(20);
    // Floors below the measured figures (models/README.md): detection ~0.99, values ~0.78.
    expect(s.detectionRecall).toBeGreaterThanOrEqual(0.95);
    expect(s.precision).toBeGreaterThanOrEqual(0.95);
    expect(s.recall).toBeGreaterThanOrEqual(0.6);
  }, 60_000);

  it('dropping proposals after one look at them changes no reading (photos and a printed Tafel)', async () => {
    const cv = await loadCv();
    const th = DEFAULT_THRESHOLDS;
    // The Tafel's printed boxes draw dozens of weak proposals: the case the early drop is for.
    const [tafel] = tafelScenes(SHIPPED_TAFELN[0], dir!, 1)({ r1b1: 1, r1b2: 2, r1b3: 3, r2b1: 4, r2b2: 4 }, 0.2, 5);
    let dropped = 0;
    for (const frame of [...sample.slice(0, 3).map((s) => readImage(s.image)), tafel]) {
      const rgb = frameToRgb(cv, frame);
      try {
        const all = examine(cv, rgb, models, th.proposal);
        const screened = examine(cv, rgb, models, th.proposal, { minDie: th.die });
        dropped += all.length - screened.length;
        expect(decide(screened, th)).toEqual(decide(all, th));
      } finally {
        rgb.delete();
      }
    }
    expect(dropped).toBeGreaterThan(10);
  }, 60_000);

  it('the first turn alone where it is sure reads the same dice and values as four turns (photos and a printed Tafel)', async () => {
    const cv = await loadCv();
    const th = DEFAULT_THRESHOLDS;
    const [tafel] = tafelScenes(SHIPPED_TAFELN[0], dir!, 1)({ r1b1: 1, r1b2: 2, r1b3: 3, r2b1: 4, r2b2: 4 }, 0.2, 5);
    // By place: decide lists the dice surest first, and a sure first turn alone changes that order.
    const seen = (candidates: Candidate[]) =>
      decide(candidates, th)
        .map((d) => ({ box: d.box, value: d.value, unreadable: d.unreadable }))
        .sort((a, b) => a.box[0] - b.box[0] || a.box[1] - b.box[1]);
    let alone = 0;
    let dice = 0;
    for (const frame of [...sample.map((s) => readImage(s.image)), tafel]) {
      const rgb = frameToRgb(cv, frame);
      try {
        const four = examine(cv, rgb, models, th.proposal, { minDie: th.die, sureAtOnce: Infinity });
        const gated = examine(cv, rgb, models, th.proposal, { minDie: th.die });
        // A candidate kept on its first turn alone has probabilities unlike any four turns' mean.
        alone += gated.filter((c, i) => c.probs.some((p, k) => p !== four[i].probs[k])).length;
        dice += seen(four).length;
        expect(seen(gated)).toEqual(seen(four));
      } finally {
        rgb.delete();
      }
    }
    expect(dice).toBeGreaterThan(30);
    expect(alone).toBeGreaterThan(10);
  }, 60_000);

  it('schiri read reads the good files and names the bad ones', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'schiri-read-'));
    writeFileSync(join(tmp, 'empty.jpg'), '');
    writeFileSync(join(tmp, 'text.png'), 'not a picture');
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(s));
    vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(s));
    const code = await run([join(tmp, 'empty.jpg'), sample[0].image, join(tmp, 'text.png'), '--json']);
    expect(code).toBe(1);
    const lines = out.map((l) => JSON.parse(l));
    expect(lines.map((l) => Object.keys(l).sort().join())).toEqual(['error,file', 'file,reading', 'error,file']);
    expect(lines[0].error.en).toMatch(/empty/);
    expect(lines[2].error.de).toMatch(/kein Bild/);
    expect(lines[1].reading.dice.length).toBeGreaterThan(0);
    // Each bad file named on stderr, in German and in English.
    expect(err.filter((l) => l.includes('empty.jpg'))).toEqual([expect.stringMatching(/leer/), expect.stringMatching(/empty/)]);
    expect(err.filter((l) => l.includes('text.png'))).toEqual([expect.stringMatching(/kein Bild/), expect.stringMatching(/not an image/)]);
  }, 60_000);
});
