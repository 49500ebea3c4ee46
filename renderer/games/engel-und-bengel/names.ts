import type { Text } from '../../../engine/core/contract.ts';
import { boxNameOf, type Colour } from '../../../engine/engel-und-bengel/tafel.ts';

/**
 * Boxes and rows as the table sees them: rows counted from the top of the Tafel (the number is
 * printed beside each row), boxes from the left. Never the id `r2b1`.
 */
export const boxName = (id: string): Text => boxNameOf(id);

/** "weiße Reihe 2" / "white row 2". */
export const rowName = (colour: Colour, row: number): Text =>
  colour === 'white' ? { de: `weiße Reihe ${row}`, en: `white row ${row}` } : { de: `schwarze Reihe ${row}`, en: `black row ${row}` };

/** Points won or paid: "+50", "−20"; a row paid at nothing is "0", never "+0" or "±0". */
export const signed = (d: number): string => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0');
