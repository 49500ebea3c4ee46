import type { Text } from '../../engine/core/contract.ts';
import type { LedMeaning } from '../../hardware/core/intent.ts';

/** The meanings of a lit field in the user's words. */
export const MEANING_TEXT: Record<LedMeaning, Text> = {
  legal: { de: 'erlaubt', en: 'legal' },
  selected: { de: 'gewählt', en: 'selected' },
  illegal: { de: 'nicht erlaubt', en: 'illegal' },
  computer: { de: 'Computerzug', en: "computer's move" },
};
