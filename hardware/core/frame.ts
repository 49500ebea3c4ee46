import { DEFAULT_PALETTE, type Palette } from './color.ts';
import type { LedIntent, LedMeaning } from './intent.ts';
import type { Layout } from './layouts/format.ts';

/** One colour a LED, R G B in strip order: what every protocol encodes. */
export type Frame = Uint8Array;

export interface Rendered {
  frame: Frame;
  /** Field ids the intent names that the layout does not have (they cannot light). */
  unknown: string[];
}

export function renderIntent(layout: Layout, intent: LedIntent, palette: Palette = DEFAULT_PALETTE): Rendered {
  const frame = new Uint8Array(layout.leds * 3);
  const unknown: string[] = [];
  for (const [id, meaning] of Object.entries(intent)) {
    const at = layout.fields.get(id);
    if (!at) {
      unknown.push(id);
      continue;
    }
    const rgb = palette[meaning];
    for (const i of at) frame.set(rgb, i * 3);
  }
  return { frame, unknown };
}

/** Every field of a layout with one meaning: the test pattern and `--light all`. */
export function everyField(layout: Layout, meaning: LedMeaning): LedIntent {
  return Object.fromEntries([...layout.fields.keys()].map((id) => [id, meaning]));
}
