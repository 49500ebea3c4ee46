/** Label fixes: parsed strictly, applied only where the label file says what the fix expects. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyLabelFixes, diceDataDir, parseLabelFixes, readLabels } from '../../cli/lib/yolo-set.ts';

const labels = () => [
  { value: 2, box: [0, 0, 10, 10] as [number, number, number, number] },
  { value: 5, box: [20, 0, 10, 10] as [number, number, number, number] },
];
const fix = { image: 'a.jpg', die: 1, labelled: 5, shows: 6, why: 'six pips' };

describe('label fixes', () => {
  it('change the named die of the named image only, and leave the input alone', () => {
    const given = labels();
    expect(applyLabelFixes('/photos/a.jpg', given, [fix]).map((d) => d.value)).toEqual([2, 6]);
    expect(applyLabelFixes('/photos/b.jpg', given, [fix]).map((d) => d.value)).toEqual([2, 5]);
    expect(given[1].value).toBe(5);
  });

  it.each([
    [{ ...fix, labelled: 4 }, /the labels give 5, the fix expects 4/],
    [{ ...fix, die: 7 }, /the labels give no such die/],
  ])('refuse a fix that does not match the labels: %j', (f, why) => {
    expect(() => applyLabelFixes('a.jpg', labels(), [f])).toThrow(why);
  });

  it.each([
    ['[]', /expected \{ "fixes"/],
    ['{"fixes":[{"image":"a.jpg","die":0,"labelled":7,"shows":6,"why":""}]}', /fix 1: expected/],
    ['{"fixes":[{"image":"a.jpg","die":-1,"labelled":1,"shows":6,"why":""}]}', /fix 1: expected/],
    ['{"fixes":[{"image":"a.jpg","die":0,"labelled":1,"shows":6}]}', /fix 1: expected/],
  ])('refuse a malformed fixes file: %s', (text, why) => {
    expect(() => parseLabelFixes(text)).toThrow(why);
  });

  const data = diceDataDir();
  it.skipIf(!data)('the committed fixes match the shipped nell-byler labels', () => {
    const fixes = parseLabelFixes(readFileSync(join(__dirname, '../../models/nell-byler-label-fixes.json'), 'utf8'));
    expect(fixes.length).toBeGreaterThan(0);
    for (const f of fixes) {
      const given = readLabels(join(data!, 'labels', f.image.replace(/\.jpg$/, '.txt')), 640, 640);
      expect(applyLabelFixes(f.image, given, [f])[f.die].value).toBe(f.shows);
    }
  });
});
