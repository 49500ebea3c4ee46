import type { Constraint } from '../../../engine/engel-und-bengel/tafel.ts';
import { needGlyph } from '../../../vision/board/tafel-sheet.ts';

/** A box's requirement as the print sheet prints it: "=1", "≠1", "+1", "−1" (a value is drawn as grey pips; any value as ★). */
export const glyph = (c: Constraint): string => needGlyph([c]);

/** Which entry of the symbol key (renderer/help/symbols.ts) explains a requirement. */
export const glyphKind = (c: Constraint): string =>
  'value' in c ? 'value' : 'sameAs' in c ? 'same' : 'differentFrom' in c ? 'different' : c.step === 1 ? 'up' : 'down';
