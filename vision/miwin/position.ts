import { UNREADABLE, type Reading } from '../types.ts';
import { MIWIN_DICE, type MiwinDie } from './dice.ts';

type Text = { de: string; en: string };

export type MiwinPosition = { ok: true; values: Record<MiwinDie, number> } | { ok: false; reason: Text };

/**
 * What three Miwin dice on the table show, or why the reading is no such position: a die
 * missing or seen twice, one that cannot be read, or a stranger in view. Never a guess.
 */
export function miwinPosition(reading: Reading): MiwinPosition {
  const unreadable = reading.dice.filter((d) => d.value === null);
  if (unreadable.length > 0) {
    const why = UNREADABLE[unreadable[0].unreadable ?? 'unsure'];
    return { ok: false, reason: { de: `${unreadable.length} Würfel nicht lesbar (${why.de}).`, en: `${unreadable.length} dice cannot be read (${why.en}).` } };
  }
  if (reading.dice.length !== 3) {
    return { ok: false, reason: { de: `3 Würfel erwartet, ${reading.dice.length} gesehen.`, en: `Expected 3 dice, saw ${reading.dice.length}.` } };
  }
  const values = {} as Record<MiwinDie, number>;
  for (const d of reading.dice) {
    if (!d.miwin) return { ok: false, reason: { de: 'Ein Würfel ist keiner von Miwins Würfeln.', en: "A die is not one of Miwin's dice." } };
    if (values[d.miwin] !== undefined) {
      return { ok: false, reason: { de: `Würfel ${d.miwin} doppelt gesehen.`, en: `Die ${d.miwin} seen twice.` } };
    }
    values[d.miwin] = d.value!;
  }
  const missing = MIWIN_DICE.filter((d) => values[d] === undefined);
  if (missing.length) return { ok: false, reason: { de: `Würfel ${missing.join(', ')} fehlt.`, en: `Die ${missing.join(', ')} is missing.` } };
  return { ok: true, values };
}
