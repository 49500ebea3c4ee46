/** Label fixes: parsed strictly, applied only where the label file says what the fix expects. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyLabelFixes, diceDataDir, parseFixesFile, parseLabelFixes, parseUnlabelled, readLabels, withoutUnlabelled } from '../../cli/lib/yolo-set.ts';

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

  it('name photos whose labels miss their dice, strictly, and leave only those out of a set', () => {
    expect(parseUnlabelled('{"fixes":[]}')).toEqual([]);
    expect(() => parseUnlabelled('{"fixes":[],"unlabelled":{}}')).toThrow(/expected "unlabelled"/);
    expect(() => parseUnlabelled('{"fixes":[],"unlabelled":[{"image":"a.jpg"}]}')).toThrow(/unlabelled 1: expected/);
    const gaps = parseUnlabelled('{"fixes":[],"unlabelled":[{"image":"a.jpg","why":"dice, no labels"}]}');
    const items = ['a.jpg', 'b.jpg'].map((f) => ({ image: `/photos/${f}`, label: `/labels/${f.replace('.jpg', '.txt')}` }));
    expect(withoutUnlabelled(items, gaps).map((i) => i.image)).toEqual(['/photos/b.jpg']);
  });

  it('read both lists of a committed fixes file as the two parsers read them', () => {
    const text = readFileSync(join(__dirname, '../../models/dice-3-label-fixes.json'), 'utf8');
    expect(parseFixesFile(text)).toEqual({ fixes: parseLabelFixes(text), unlabelled: parseUnlabelled(text) });
    expect(() => parseFixesFile('{"fixes":[],"unlabelled":{}}')).toThrow(/expected "unlabelled"/);
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

  const dice3 = data && join(data, '..', 'dice-3');
  it.skipIf(!dice3 || !existsSync(dice3))('the committed dice-3 photos said to miss their labels are in their lists and list no die', () => {
    const gaps = parseUnlabelled(readFileSync(join(__dirname, '../../models/dice-3-label-fixes.json'), 'utf8'));
    expect(gaps.length).toBeGreaterThan(0);
    for (const g of gaps) {
      expect(readFileSync(join(dice3!, g.list!), 'utf8').split('\n')).toContain(g.image);
      expect(readFileSync(join(dice3!, 'labels', g.image.replace(/\.jpg$/, '.txt')), 'utf8').trim()).toBe('');
    }
  });
});
