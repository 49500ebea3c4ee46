import type { Constraint } from '../../../engine/engel-und-bengel/tafel.ts';
import { needGlyph } from '../../../vision/board/tafel-sheet.ts';

/** All a box takes in one compact mark, as the print sheet has it: "≠1,2", "≠1–3", "★" (any). */
export const boxGlyph = (must: readonly Constraint[]): string => needGlyph(must);

/** Which entry of the symbol key (renderer/help/symbols.ts) explains a requirement. */
export const glyphKind = (c: Constraint): string =>
  'value' in c ? 'value' : 'sameAs' in c ? 'same' : 'differentFrom' in c ? 'different' : c.step === 1 ? 'up' : 'down';
