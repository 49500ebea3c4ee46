import type { Constraint } from '../../../engine/engel-und-bengel/tafel.ts';

/** A box's requirement as the Tafel prints it: "=1", "≠1", "+1", "−1" (a value is drawn as grey pips; any value as ★). */
export const glyph = (c: Constraint): string =>
  'sameAs' in c ? `=${c.sameAs}` : 'differentFrom' in c ? `≠${c.differentFrom}` : 'step' in c ? (c.step === 1 ? '+1' : '−1') : String(c.value);

/** Which entry of the symbol key (renderer/help/symbols.ts) explains a requirement. */
export const glyphKind = (c: Constraint): string =>
  'value' in c ? 'value' : 'sameAs' in c ? 'same' : 'differentFrom' in c ? 'different' : c.step === 1 ? 'up' : 'down';
