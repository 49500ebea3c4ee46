import type { Text } from '../../../engine/core/contract.ts';
import type { EubObservation } from '../../../engine/engel-und-bengel/state.ts';
import { ROLL_AREA } from '../../../vision/board/board.ts';
import { UNREADABLE, type DieReading, type Reading } from '../../../vision/types.ts';
import { oneDieEach } from '../../../vision/one-die-each.ts';
import { join, tx } from '../../i18n/text.ts';
import { boxName } from './names.ts';

/**
 * What the camera saw on the Tafel: the occupied boxes and the roll on the sheet, or why the boxes
 * cannot be told. `note` says why the roll was left out (a die on the sheet that cannot be read).
 */
export type TafelSeen = { ok: true; observed: EubObservation; note?: Text } | { ok: false; reason: Text };

/** One die's value from its readings, or why it has none (`where` names it in the message). */
function valueOf(readings: DieReading[], where: Text): { value: number } | { problem: Text } {
  const unreadable = readings.find((d) => d.value === null);
  if (unreadable) {
    const why = UNREADABLE[unreadable.unreadable ?? 'unsure'];
    return { problem: tx(`Der Würfel ${where.de} ist nicht zu lesen: ${why.de}.`, `The die ${where.en} cannot be read: ${why.en}.`) };
  }
  const values = [...new Set(readings.map((d) => d.value))];
  if (values.length > 1) return { problem: tx(`Der Würfel ${where.de} ist nicht eindeutig: als ${values.join(' und als ')} gelesen.`, `The die ${where.en} is ambiguous: read as ${values.join(' and as ')}.`) };
  return { value: values[0]! };
}

/**
 * The dice on the Tafel as the engine's observation: the dice on boxes, and the dice on the sheet
 * in no box (`ROLL_AREA`) as the roll. Dice off the sheet (the supplies) are none of the referee's
 * business. A die on a box that cannot be read, or two dice in one box, make the whole observation
 * unusable: guessing would play a wrong move. A die on the sheet that cannot be read leaves only
 * the roll out: the boxes can still be judged.
 */
export function tafelObservation(reading: Reading): TafelSeen {
  const onBox = new Map<string, DieReading[]>();
  for (const d of reading.dice) if (d.field && d.field !== ROLL_AREA) onBox.set(d.field, [...(onBox.get(d.field) ?? []), d]);
  const boxes: Record<string, number> = {};
  const problems: Text[] = [];
  for (const [box, dice] of onBox) {
    const [one, ...more] = oneDieEach(dice);
    if (more.length > 0) {
      const where = boxName(box);
      problems.push(tx(`In ${where.de} liegen zwei Würfel: ein Kästchen nimmt einen.`, `Two dice lie in ${where.en}: a box takes one.`));
      continue;
    }
    const where = boxName(box);
    const v = valueOf(one, tx(`in ${where.de}`, `in ${where.en}`));
    if ('problem' in v) problems.push(v.problem);
    else boxes[box] = v.value;
  }
  if (problems.length > 0) return { ok: false, reason: join(problems) };
  const roll: number[] = [];
  const unread: Text[] = [];
  for (const readings of oneDieEach(reading.dice.filter((d) => d.field === ROLL_AREA))) {
    const v = valueOf(readings, tx('auf dem Blatt', 'on the sheet'));
    if ('problem' in v) unread.push(v.problem);
    else roll.push(v.value);
  }
  if (unread.length > 0) return { ok: true, observed: { boxes }, note: join([...unread, tx('Der Wurf wird nicht gelesen.', 'The roll is not read.')]) };
  return { ok: true, observed: { boxes, roll: roll.sort((a, b) => a - b) } };
}

/**
 * The observation to judge, given the roll area of the last one judged: a roll area that has not
 * changed is left out, as it may be dice that lay there already (the previous turn's, not taken
 * back). A still picture cannot tell those from a new roll showing the same values: that roll has
 * to be tapped in.
 */
export function withNewRoll(observed: EubObservation, lastRoll: readonly number[] | undefined): EubObservation {
  const { roll } = observed;
  if (!roll || !lastRoll || roll.length !== lastRoll.length || roll.some((v, i) => v !== lastRoll[i])) return observed;
  return { boxes: observed.boxes };
}
