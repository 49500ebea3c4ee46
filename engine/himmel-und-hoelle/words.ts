import type { Text } from '../core/contract.ts';
import { SIDE_NAME, isField, placeName, type Place, type Side } from './board.ts';
import type { HuhDie } from './state.ts';

/**
 * How the duel's messages name dice, places and sides, as the table sees them (field ids are
 * printed on the board) and in the German case the sentence needs.
 */
export type Case = 'nom' | 'acc' | 'dat';

const ARTICLE: Record<Case, string> = { nom: 'der', acc: 'den', dat: 'dem' };

/** "der Himmel-Würfel auf b4 (5)" / "Himmel's die on b4 (5)". */
export function dieWords(d: HuhDie, c: Case = 'nom'): Text {
  const side = SIDE_NAME[d.side];
  const at = placeName(d.at);
  return isField(d.at)
    ? { de: `${ARTICLE[c]} ${side.de}-Würfel auf ${at.de} (${d.pips})`, en: `${side.en}'s die on ${at.en} (${d.pips})` }
    : { de: `${ARTICLE[c]} ${side.de}-Würfel im ${at.de} (${d.pips})`, en: `${side.en}'s die in ${at.en} (${d.pips})` };
}

/** A field's id, or an area with its article: "b4" / "den Startbereich der Hölle". */
export function placeWords(p: Place, c: Case = 'nom'): Text {
  const name = placeName(p);
  return isField(p) ? name : { de: `${ARTICLE[c]} ${name.de}`, en: name.en };
}

/** Where a die goes: "nach b4" / "in den Startbereich der Hölle". */
export function toPlace(p: Place): Text {
  const name = placeName(p);
  return isField(p) ? { de: `nach ${p}`, en: `to ${p}` } : { de: `in den ${name.de}`, en: `into ${name.en}` };
}

/** A side as the object of "gehört": "dem Himmel" / "der Hölle". */
export const SIDE_DATIVE: Record<Side, Text> = {
  0: { de: 'dem Himmel', en: 'Himmel' },
  1: { de: 'der Hölle', en: 'Hölle' },
};

/** The first letter made upper-case, for a text that starts a sentence. */
export { capital } from '../core/text.ts';
