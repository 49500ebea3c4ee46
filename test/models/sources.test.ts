import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { trainingSources, type PhotoSource } from '../../models/sources.ts';

// A data root with every source's folders and empty lists, and renders written as render.ts
// writes them (a frame is finished once its meta file is there).
const dir = mkdtempSync(join(tmpdir(), 'schiri-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = join(dir, 'dice');
for (const set of ['nell-byler', 'dice-3', 'rune55']) {
  mkdirSync(join(root, set, 'images'), { recursive: true });
  mkdirSync(join(root, set, 'labels'), { recursive: true });
  writeFileSync(join(root, set, 'train.txt'), '');
}
for (const v of ['1', '2', '3', '4', '5', '6']) mkdirSync(join(root, 'tomitomi3-crops', v), { recursive: true });
mkdirSync(join(root, 'chase-crops'), { recursive: true });
writeFileSync(join(root, 'chase-crops', 'train.txt'), '');

function render(name: string, frames: string[], unfinished: string[] = []): string {
  const out = join(dir, name);
  for (const sub of ['images', 'labels', 'meta']) mkdirSync(join(out, sub), { recursive: true });
  for (const f of [...frames, ...unfinished]) {
    writeFileSync(join(out, 'images', `${f}.jpg`), '');
    writeFileSync(join(out, 'labels', `${f}.txt`), '');
  }
  // One die the labels leave out in each frame: it must stay an "ignore" box.
  for (const f of frames) writeFileSync(join(out, 'meta', `${f}.json`), JSON.stringify({ dice: [{ labelled: false, box: [1, 2, 11, 22] }] }));
  return out;
}

const rendered = (synth: string) => trainingSources(root, synth).find((s): s is PhotoSource => s.name === 'synth');

describe('the rendered scenes of the training sources', () => {
  const plain = render('dice-synth', ['00000', '00001']);
  const focus = render('dice-synth-focus', ['00000', '00001', '00002'], ['00003']);

  it('takes one render folder', () => {
    expect(rendered(plain)!.items.map((i) => basename(i.image))).toEqual(['00000.jpg', '00001.jpg']);
  });

  it('takes several folders, separated by commas, as one source: their finished frames in that order', () => {
    const synth = rendered(`${plain},${focus}`)!;
    expect(synth.items.map((i) => i.image)).toEqual([
      join(plain, 'images', '00000.jpg'),
      join(plain, 'images', '00001.jpg'),
      join(focus, 'images', '00000.jpg'),
      join(focus, 'images', '00001.jpg'),
      join(focus, 'images', '00002.jpg'),
    ]);
    expect(synth.items.every((i) => JSON.stringify(i.unlabelled) === JSON.stringify([[1, 2, 10, 20]]))).toBe(true);
  });

  it('leaves out a folder that holds no render, and has no rendered source without any', () => {
    expect(rendered(`/nonexistent,${focus}`)!.items).toHaveLength(3);
    expect(rendered('/nonexistent')).toBeUndefined();
    expect(trainingSources(root).some((s) => s.name === 'synth')).toBe(false);
  });
});
