import { describe, expect, it } from 'vitest';
import { parseLabels } from '../../cli/lib/yolo-set.ts';
import { scoreImage, scoreSet, scoreValues } from '../../cli/lib/score.ts';
import type { DieReading } from '../../vision/types.ts';

const colour = { name: 'white', rgb: [255, 255, 255] as [number, number, number] };
const die = (value: number | null, box: [number, number, number, number]): DieReading => ({
  value,
  confidence: 0.9,
  box,
  centre: [box[0] + box[2] / 2, box[1] + box[3] / 2],
  body: colour,
  pips: colour,
});

describe('scoring a reading against YOLO labels', () => {
  it('parses YOLO lines into pixel boxes, class k = value k + 1', () => {
    expect(parseLabels('2 0.5 0.25 0.1 0.2\n\n', 200, 100)).toEqual([{ value: 3, box: [90, 15, 20, 20] }]);
    expect(() => parseLabels('2 0.5 0.25', 10, 10)).toThrow(/line 1/);
  });

  it('matches by centre one to one and counts right, wrong, unreadable, missed and phantom dice', () => {
    const labels = parseLabels(['0 0.1 0.1 0.1 0.1', '1 0.5 0.5 0.1 0.1', '2 0.8 0.8 0.1 0.1', '3 0.3 0.8 0.1 0.1'].join('\n'), 100, 100);
    const s = scoreImage(
      [
        die(1, [5, 5, 10, 10]), // right
        die(1, [45, 46, 10, 10]), // found, wrong value (2 read as 1)
        die(null, [75, 75, 10, 10]), // found, unreadable
        die(4, [25, 75, 3, 3]), // near the 4's centre but a third of its size: phantom, and the 4 is missed
      ],
      labels,
    );
    expect(s).toMatchObject({ labelled: 4, reported: 4, found: 3, right: 1, unreadable: 1 });
    expect(s.confusion[1][1]).toBe(1);
    expect(s.confusion[2][1]).toBe(1);
    expect(s.confusion[3][0]).toBe(1);
    expect(s.confusion[4][7]).toBe(1);
    expect(s.confusion[0][4]).toBe(1);
    const set = scoreSet([
      { score: s, ms: 10 },
      { score: scoreImage([die(1, [5, 5, 10, 10])], labels.slice(0, 1)), ms: 20 },
    ]);
    expect(set).toMatchObject({ labelled: 5, found: 4, right: 2, reported: 5, imagesAllRight: 1 });
    expect(set.recall).toBeCloseTo(2 / 5);
    expect(set.precision).toBeCloseTo(4 / 5);
    expect(set.valueAccuracy).toBeCloseTo(2 / 4);
    expect(set.givenValueAccuracy).toBeCloseTo(2 / 3);
    expect(set.phantomsPerFrame).toBeCloseTo(1 / 2);
  });

  it('matches a top face boxed inside a label of the whole die seen at an angle, not a box of several dice', () => {
    // The label boxes the whole die (top face and the side below it); the reader boxes the top face.
    const [label] = parseLabels('4 0.5 0.5 0.2 0.3', 100, 100);
    expect(scoreImage([die(5, [41, 36, 18, 18])], [label]).right).toBe(1);
    // A box around a heap, centred on the die but three times its size, is no reading of it.
    expect(scoreImage([die(5, [20, 5, 60, 90])], [label]).found).toBe(0);
    // Off by more than half the label's longer side: another die.
    expect(scoreImage([die(5, [41, 60, 18, 18])], [label]).found).toBe(0);
  });
});

describe('scoring a reading against the values a photo shows (no boxes)', () => {
  const at = (value: number | null, confidence: number): DieReading => ({ ...die(value, [0, 0, 10, 10]), confidence });

  it('counts a value read that the photo shows as right, wherever it was read', () => {
    const s = scoreValues([at(2, 0.5), at(5, 0.9)], [5, 2]);
    expect(s).toMatchObject({ labelled: 2, reported: 2, found: 2, right: 2, unreadable: 0 });
    expect(s.confusion[2][2] + s.confusion[5][5]).toBe(2);
  });

  it('pairs the other dice, surest first, with the values left; the rest are phantoms or missed', () => {
    // One die shown (a 2): read as 3 (sure), unreadable, and 6: one wrong value, two phantoms.
    const s = scoreValues([at(null, 0.2), at(3, 0.8), at(6, 0.5)], [2]);
    expect(s).toMatchObject({ labelled: 1, reported: 3, found: 1, right: 0, unreadable: 0 });
    expect(s.confusion[2][3]).toBe(1);
    expect(s.confusion[0][6] + s.confusion[0][0]).toBe(2);
    const missed = scoreValues([at(null, 0.2)], [4, 1]);
    expect(missed).toMatchObject({ found: 1, right: 0, unreadable: 1 });
    expect(missed.confusion[4][0] + missed.confusion[1][7]).toBe(2);
    // A photo with no die: everything read is a phantom.
    expect(scoreSet([{ score: scoreValues([at(1, 0.9)], []), ms: 1 }]).phantomsPerFrame).toBe(1);
  });
});
