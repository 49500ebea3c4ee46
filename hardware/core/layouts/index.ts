import diabolo from './diabolo.json';
import engelUndBengel from './engel-und-bengel.json';
import himmelAUndZwirn from './himmel-a-und-zwirn.json';
import himmelUndHoelle from './himmel-und-hoelle.json';
import plus from './plus.json';
import { HardwareError } from '../errors.ts';
import { parseLayout, type Layout } from './format.ts';

/** The layouts Schiri ships, one per game, named like the game (engine/registry.ts). */
export const LAYOUTS: ReadonlyMap<string, Layout> = new Map(
  [engelUndBengel, himmelUndHoelle, plus, diabolo, himmelAUndZwirn].map((file) => {
    const layout = parseLayout(file);
    return [layout.name, layout] as const;
  }),
);

export function layoutByName(name: string): Layout {
  const layout = LAYOUTS.get(name);
  if (!layout) {
    const known = [...LAYOUTS.keys()].join(', ');
    throw new HardwareError('unknown-layout', {
      de: `Unbekanntes Layout "${name}" (bekannt: ${known})`,
      en: `unknown layout "${name}" (known: ${known})`,
    });
  }
  return layout;
}
