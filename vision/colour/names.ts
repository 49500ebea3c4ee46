/** Everyday names for measured colours ("white", "black", "red", ...), as players name dice. */
import type { NamedColour, Rgb } from '../types.ts';

export function nameColour(rgb: Rgb): NamedColour {
  const [r, g, b] = rgb.map((x) => x / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const v = max;
  const s = max === 0 ? 0 : (max - min) / max;
  let name: string;
  if (v < 0.22) name = 'black';
  else if (s < 0.22) name = v > 0.68 ? 'white' : v < 0.35 ? 'black' : 'grey';
  else {
    const d = max - min;
    let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    h = (h * 60 + 360) % 360;
    if (h < 15 || h >= 340) name = v < 0.45 ? 'brown' : 'red';
    else if (h < 40) name = v < 0.55 ? 'brown' : 'orange';
    else if (h < 70) name = 'yellow';
    else if (h < 170) name = 'green';
    else if (h < 255) name = 'blue';
    else if (h < 300) name = 'purple';
    else name = 'pink';
  }
  return { name, rgb: rgb.map(Math.round) as Rgb };
}
