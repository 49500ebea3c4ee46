import type { Text } from '../../../engine/core/contract.ts';
import { parseBoxId, type Colour } from '../../../engine/engel-und-bengel/tafel.ts';

/**
 * Boxes and rows as the table sees them: rows counted from the top of the Tafel (the number is
 * printed beside each row), boxes from the left. Never the id `r2b1`.
 */
export function boxName(id: string): Text {
  const rb = parseBoxId(id);
  if (!rb) return { de: id, en: id };
  const [r, b] = rb;
  return { de: `Reihe ${r + 1}, Kästchen ${b + 1}`, en: `row ${r + 1}, box ${b + 1}` };
}

/** "weiße Reihe 2" / "white row 2". */
export const rowName = (colour: Colour, row: number): Text =>
  colour === 'white' ? { de: `weiße Reihe ${row}`, en: `white row ${row}` } : { de: `schwarze Reihe ${row}`, en: `black row ${row}` };

/** Points won or paid: "+50", "−20"; a row paid at nothing is "0", never "+0" or "±0". */
export const signed = (d: number): string => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0');

/**
 * An engine's text with every box id (`r2b1`) said as the table says it ("Reihe 2, Kästchen 1"):
 * the engine names boxes by id, a player reads them by row and box.
 */
export function withBoxNames(text: Text): Text {
  const put = (x: string, lang: 'de' | 'en') => {
    const said = x.replace(/\br([1-9]\d*)b([1-9]\d*)\b/g, (id) => boxName(id)[lang]);
    // "row 2, box 1 needs …" at the start of a sentence: with a capital.
    return said.replace(/(^|[.:!?]\s+)(row|box) /g, (_, before: string, w: string) => `${before}${w[0].toUpperCase()}${w.slice(1)} `);
  };
  return { de: put(text.de, 'de'), en: put(text.en, 'en') };
}
