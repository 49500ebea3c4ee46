import { HardwareError } from './errors.ts';
import type { LedMeaning } from './intent.ts';

export type Rgb = readonly [r: number, g: number, b: number];

/** Colours by meaning, chosen to be told apart also with red-green colour blindness (blue vs orange). */
export const DEFAULT_PALETTE: Readonly<Record<LedMeaning, Rgb>> = {
  legal: [0, 170, 255],
  selected: [255, 255, 255],
  illegal: [255, 40, 0],
  computer: [200, 0, 255],
};

export type Palette = Readonly<Record<LedMeaning, Rgb>>;

/** `#00ff00`, `00FF00` or `0f0`. */
export function parseHex(text: string): Rgb {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(text.trim());
  if (!m) {
    throw new HardwareError('bad-color', {
      de: `Keine Farbe: "${text}" (erwartet z. B. #00ff00)`,
      en: `Not a colour: "${text}" (expected e.g. #00ff00)`,
    });
  }
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** Upper-case six hex digits, no `#`: WLED's notation. */
export function toHex(r: number, g: number, b: number): string {
  return ((r << 16) | (g << 8) | b).toString(16).padStart(6, '0').toUpperCase();
}
