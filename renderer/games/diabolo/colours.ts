import type { Text } from '../../../engine/core/contract.ts';
import { COLOUR_NAMES, COLOURS, type Colour } from '../../../engine/diabolo/cards.ts';

/** The deck's colours as this table calls them; a setting of the deck, kept across games. */
const NAMES_KEY = 'schiri.diabolo.colours';

export function loadColourNames(): Partial<Record<Colour, string>> {
  try {
    const v = JSON.parse(localStorage.getItem(NAMES_KEY) ?? '{}') as unknown;
    if (typeof v !== 'object' || v === null) return {};
    return Object.fromEntries(COLOURS.flatMap((c) => (typeof (v as Record<string, unknown>)[c] === 'string' ? [[c, (v as Record<string, string>)[c]]] : [])));
  } catch {
    return {};
  }
}

export function saveColourNames(names: Partial<Record<Colour, string>>): void {
  try {
    localStorage.setItem(NAMES_KEY, JSON.stringify(names));
  } catch {
    // Not saved: the names still hold for this game.
  }
}

/** A colour as the table calls it: its own name if it gave one, else the printed one. */
export function colourText(c: Colour, own: Partial<Record<Colour, string>> = loadColourNames()): Text {
  const mine = own[c]?.trim();
  return mine ? { de: mine, en: mine } : COLOUR_NAMES[c];
}
