/**
 * The words and the bookkeeping of "Würfel anlernen" (TeachDialog.svelte), apart from the DOM so
 * the unit tests run them in Node: how the dice of a roll are numbered, what the players typed
 * for a whole roll, how sure a set makes the reader, a new set from the confirmed rolls.
 */
import type { Text } from '../../engine/core/text.ts';
import { diceSetId, type DiceSet, type Sureness, type TaughtDie } from '../../vision/adapt/dice-set.ts';
import { tx } from '../i18n/text.ts';
import type { LookedDie } from './protocol.ts';

/** A die of a roll being confirmed: what the reader said, and what the players say (0: no die; null: not yet said). */
export interface RollDie extends LookedDie {
  said: number | null;
}

/** The dice of a looked-at frame, numbered as the picture shows them: left to right, then top to bottom for dice in one column. */
export function numbered(dice: LookedDie[]): RollDie[] {
  const centre = (d: LookedDie) => [d.box[0] + d.box[2] / 2, d.box[1] + d.box[3] / 2];
  return [...dice]
    .sort((a, b) => {
      const [ax, ay] = centre(a);
      const [bx, by] = centre(b);
      const side = Math.max(a.box[2], b.box[2]) / 2;
      return Math.abs(ax - bx) > side ? ax - bx : ay - by;
    })
    .map((d) => ({ ...d, said: d.value }));
}

/**
 * The values of a whole roll as typed, in the dice's numbered order: digits 1 to 6, 0 or "-" for
 * a box that holds no die, with or without spaces or commas between. A Text says what is wrong.
 */
export function parseTyped(typed: string, dice: number): number[] | Text {
  const chars = typed.replace(/[\s,;]+/g, '');
  const bad = chars.match(/[^0-6-]/);
  if (bad) return tx(`„${bad[0]}“ ist keine Augenzahl: 1 bis 6 eintippen, 0 oder - für „kein Würfel“.`, `"${bad[0]}" is no value: type 1 to 6, 0 or - for "no die".`);
  const values = [...chars].map((c) => (c === '-' ? 0 : Number(c)));
  if (values.length !== dice) {
    return tx(`${values.length} Werte eingetippt, auf dem Bild sind ${dice} Würfel markiert.`, `${values.length} values typed, the picture marks ${dice} dice.`);
  }
  return values;
}

/** How sure a set makes the reader, measured on the taught dice (vision/adapt/teach.ts `sureness`). */
export function surenessText(s: Sureness | null): Text {
  if (!s) return tx('Noch nicht gemessen.', 'Not measured yet.');
  const rolls = s.rolls > 1;
  return tx(
    `Von ${s.dice} angelernten Würfeln liest Schiri ohne den Satz ${s.before} richtig, mit ihm ${s.after} (${rolls ? 'jeder Wurf gelesen mit dem, was die anderen Würfe lehrten' : 'jeder Würfel gelesen mit dem, was die anderen lehrten'}).`,
    `Of ${s.dice} taught dice Schiri reads ${s.before} right without the set, ${s.after} with it (${rolls ? 'each roll read with what the other rolls taught' : 'each die read with what the others taught'}).`,
  );
}

/** A new d6 set of the confirmed rolls, not yet taught (the worker teaches it and measures it). */
export function draftSet(name: string, rolls: RollDie[][], now: Date): DiceSet {
  const dice: TaughtDie[] = rolls.flatMap((roll, r) => roll.filter((d) => d.said !== null).map((d) => ({ value: d.said as number, roll: r, patch: d.patch })));
  return { id: diceSetId(name, now), name: name.trim(), kind: 'd6', created: now.toISOString(), taughtOn: null, dice, pipColours: null, sure: null };
}
