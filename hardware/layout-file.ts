import { readFileSync } from 'node:fs';
import { HardwareError } from './core/errors.ts';
import { parseLayout, type Layout } from './core/layouts/format.ts';
import { layoutByName } from './core/layouts/index.ts';

/** A shipped layout by name, or the user's own layout file by path (anything ending in .json). */
export function loadLayout(nameOrPath: string): Layout {
  if (!nameOrPath.endsWith('.json')) return layoutByName(nameOrPath);
  let text: string;
  try {
    text = readFileSync(nameOrPath, 'utf8');
  } catch (e) {
    const why = (e as Error).message;
    throw new HardwareError('bad-layout', { de: `Layout-Datei nicht lesbar: ${why}`, en: `cannot read the layout file: ${why}` });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const why = (e as Error).message;
    throw new HardwareError('bad-layout', { de: `${nameOrPath} ist kein gültiges JSON: ${why}`, en: `${nameOrPath} is not valid JSON: ${why}` });
  }
  return parseLayout(json);
}
