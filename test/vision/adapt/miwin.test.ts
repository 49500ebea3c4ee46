/**
 * Teaching the reader a table's own Miwin dice (vision/adapt/miwin.ts): on the players' table of
 * miwin-table.ts, a set taught from four rolls makes the reader read every die of eight other
 * rolls right, which die and which value, where the plain reader misses or mistakes some; a set
 * missing a die is refused saying which; the set file keeps what was taught.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCommitted } from '../../../models/miwin/eval.ts';
import type { MiwinClassifier } from '../../../vision/miwin/classifier.ts';
import { readMiwin, type TaughtLook } from '../../../vision/miwin/read.ts';
import { lookMiwin, prepareMiwin, teachMiwin } from '../../../vision/adapt/miwin.ts';
import { patchAt } from '../../../vision/adapt/sample.ts';
import { DiceSetError, parseDiceSet, serialiseDiceSet, type DiceSet, type TaughtDie } from '../../../vision/adapt/dice-set.ts';
import { inPicture, onTable, rolls } from './miwin-table.ts';

let classifier: MiwinClassifier;
beforeAll(async () => {
  classifier = await loadCommitted();
});

/** A set of `n` rolls, each die at the box the reader finds for it under white light (as the players would tap it). */
function taughtSet(n: number, leaveOut?: string): DiceSet {
  const dice: TaughtDie[] = rolls(1, n).flatMap((roll, r) => {
    const frame = onTable(roll, r);
    const found = readMiwin(onTable(roll, r, false), classifier).dice;
    return roll
      .filter((d) => d.die !== leaveOut)
      .map((d) => {
        const [x, y] = inPicture(d);
        const box = found.find((f) => Math.hypot(f.centre[0] - x, f.centre[1] - y) < 25)!.box;
        return { value: d.value, die: d.die, roll: r, patch: patchAt(frame, box) };
      });
  });
  return { id: 'unsere-miwin', name: 'Unsere Miwin-Würfel', kind: 'miwin', created: '2026-12-02T00:00:00.000Z', taughtOn: null, dice, pipColours: null, sure: null };
}

/** Eight rolls never taught, read: right (die and value), another die, not read. */
function score(taught?: TaughtLook) {
  const out = { dice: 0, right: 0, otherDie: 0, notRead: 0 };
  rolls(5, 8).forEach((roll, r) => {
    const reading = readMiwin(onTable(roll, 100 + r), classifier, { taught });
    for (const d of roll) {
      const [x, y] = inPicture(d);
      const got = reading.dice.find((f) => Math.hypot(f.centre[0] - x, f.centre[1] - y) < 25);
      out.dice++;
      if (!got || got.value === null) out.notRead++;
      else if (got.miwin !== d.die) out.otherDie++;
      else if (got.value === d.value) out.right++;
    }
  });
  return out;
}

describe('teaching Miwin’s dice under the players’ light', () => {
  it('reads every die of rolls never taught right, where the plain reader misses or mistakes some', () => {
    const draft = taughtSet(4);
    const t0 = performance.now();
    const { taught, set } = prepareMiwin(classifier, draft);
    const t1 = performance.now();
    teachMiwin(lookMiwin(draft));
    console.log(`miwin teaching time: prepareMiwin of 12 dice ${(t1 - t0).toFixed(0)} ms (sureness included), the means alone ${(performance.now() - t1).toFixed(0)} ms`);
    const before = score();
    const after = score(taught);
    console.log(`miwin teaching: 24 dice of 8 rolls never taught, read right ${before.right} without the set (${before.otherDie} as another die, ${before.notRead} not read), ${after.right} with it; sureness ${JSON.stringify(set.sure)}`);
    expect(before.otherDie).toBeGreaterThan(0);
    expect(before.notRead).toBeGreaterThan(0);
    expect(after).toEqual({ dice: 24, right: 24, otherDie: 0, notRead: 0 });
    // The lamp is warm: red over blue in what it makes of a white body.
    expect(taught.light[0]).toBeGreaterThan(taught.light[2] + 30);
    // The players' III pips are darker than the trained blue, still bluer than V's.
    expect(taught.pips.III[2]).toBeGreaterThan(taught.pips.V[2] + 20);
    expect(set.sure).toMatchObject({ dice: 12, rolls: 4 });
    expect(set.sure!.after).toBeGreaterThan(set.sure!.before);
  }, 120_000);

  it('keeps what it measured in the set file: each die’s pips and each taught die’s', () => {
    const { set } = prepareMiwin(classifier, taughtSet(2));
    const again = parseDiceSet(serialiseDiceSet(set));
    expect(again.pipColours).toEqual(set.pipColours);
    expect(again.dice.every((d) => d.die && d.pips)).toBe(true);
    expect(prepareMiwin(classifier, again).set).toEqual(again);
  }, 60_000);

  it('refuses a set in which a die was never taught, naming it', () => {
    let error: unknown;
    try {
      prepareMiwin(classifier, taughtSet(2, 'IV'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DiceSetError);
    expect((error as DiceSetError).text).toEqual({
      de: 'Jeder der drei Würfel muss mindestens einmal angelernt sein, gut erkennbar; es fehlt: IV.',
      en: 'Each of the three dice must be taught at least once, clearly in view; missing: IV.',
    });
  }, 60_000);
});
