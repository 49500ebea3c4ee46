/** A values-only photo set (values.json, no labels/): listed with each photo's values, refused where boxes are needed. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedSet, parseValuesFile, readLabelledPhoto } from '../../cli/lib/dice-sets.ts';

const root = mkdtempSync(join(tmpdir(), 'schiri-values-set-'));
mkdirSync(join(root, 'v', 'images'), { recursive: true });
writeFileSync(join(root, 'v', 'values.json'), JSON.stringify({ 'a.jpg': [3], 'b.jpg': [], 'c.jpg': [1, 6] }));
writeFileSync(join(root, 'v', 'test.txt'), 'a.jpg\nb.jpg\n');
writeFileSync(join(root, 'v', 'odd.txt'), 'a.jpg\nz.jpg\n');

describe('a values-only set', () => {
  it('lists the photos of a list with the values each shows', () => {
    const set = namedSet(root, 'v:test');
    expect(set.items.map((i) => i.values)).toEqual([[3], []]);
    expect(set.items[0].label).toBe(join(root, 'v', 'values.json'));
  });

  it('names a photo the values file does not cover, and a value that is no face', () => {
    expect(() => namedSet(root, 'v:odd')).toThrow(/no entry for z\.jpg/);
    expect(() => parseValuesFile('{"a.jpg":[7]}')).toThrow(/a\.jpg: expected a list of face values 1-6/);
    expect(() => parseValuesFile('[1]')).toThrow(/expected \{/);
  });

  it('is refused where boxes are needed', () => {
    expect(() => readLabelledPhoto(namedSet(root, 'v:test').items[0], 0)).toThrow(/values only, no boxes/);
  });
});
