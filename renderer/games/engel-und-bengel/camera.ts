import type { Text } from '../../../engine/core/contract.ts';
import type { EubObservation } from '../../../engine/engel-und-bengel/state.ts';
import { UNREADABLE, type DieReading, type Reading } from '../../../vision/types.ts';

const tx = (de: string, en: string): Text => ({ de, en });

/** What the camera saw on the Tafel: the occupied boxes, or why they cannot be told. */
export type TafelSeen = { ok: true; observed: EubObservation } | { ok: false; reason: Text };

/**
 * The dice on the Tafel's boxes as the engine's observation. Dice off the boxes (the roll beside
 * the Tafel, the supply) are none of the referee's business. A die on a box that cannot be read,
 * or two dice in one box, make the whole observation unusable: guessing would play a wrong move.
 *
 * The reader sometimes reports one die twice with shifted boxes (its overlap test lets boxes that
 * share little area both stand). Two dice cannot lie closer than a die's edge, so two readings
 * on one box whose centres are that close are one die: it counts once if both readings agree.
 */
export function tafelObservation(reading: Reading): TafelSeen {
  const onBox = new Map<string, DieReading[]>();
  for (const d of reading.dice) if (d.field) onBox.set(d.field, [...(onBox.get(d.field) ?? []), d]);
  const observed: EubObservation = {};
  const problems: Text[] = [];
  for (const [box, dice] of onBox) {
    const [first, ...rest] = dice;
    const edge = Math.min(...dice.flatMap((d) => [d.box[2], d.box[3]]));
    if (rest.some((d) => Math.hypot(d.centre[0] - first.centre[0], d.centre[1] - first.centre[1]) >= edge)) {
      problems.push(tx(`Auf ${box} liegen zwei Würfel: ein Kästchen nimmt einen.`, `Two dice lie on ${box}: a box takes one.`));
      continue;
    }
    const unreadable = dice.find((d) => d.value === null);
    const values = [...new Set(dice.map((d) => d.value))];
    if (unreadable) {
      const why = UNREADABLE[unreadable.unreadable ?? 'unsure'];
      problems.push(tx(`Der Würfel auf ${box} ist nicht zu lesen: ${why.de}.`, `The die on ${box} cannot be read: ${why.en}.`));
    } else if (values.length > 1) {
      problems.push(tx(`Der Würfel auf ${box} ist nicht eindeutig: als ${values.join(' und als ')} gelesen.`, `The die on ${box} is ambiguous: read as ${values.join(' and as ')}.`));
    } else observed[box] = values[0]!;
  }
  if (problems.length === 0) return { ok: true, observed };
  return { ok: false, reason: { de: problems.map((p) => p.de).join(' '), en: problems.map((p) => p.en).join(' ') } };
}
