import type { Text } from '../core/contract.ts';

/** 70 number cards (1 to 70, each once) and 15 special cards: 85 in all. */
export const SPECIALS = ['reverse', 'steal', 'raise'] as const;
export type Special = (typeof SPECIALS)[number];
export type ZCard = number | Special;

export const SPECIAL_COPIES: Readonly<Record<Special, number>> = { reverse: 6, steal: 5, raise: 4 };
export const HIGHEST = 70;
export const DECK_SIZE = 85;
export const HAND_SIZE = 5;

export type PileNo = 1 | 2;
export const PILE_NOS: readonly PileNo[] = [1, 2];

export function fullDeck(): ZCard[] {
  const deck: ZCard[] = Array.from({ length: HIGHEST }, (_, i) => i + 1);
  for (const s of SPECIALS) for (let i = 0; i < SPECIAL_COPIES[s]; i++) deck.push(s);
  return deck;
}

export const isNumber = (c: ZCard): c is number => typeof c === 'number';

export const specialText: Record<Special, Text> = {
  reverse: { de: 'Richtungswechsel', en: 'Reverse' },
  steal: { de: 'Diebstahl', en: 'Steal' },
  raise: { de: 'Zielkarte erhöhen', en: 'Raise a target' },
};

export const cardText = (c: ZCard): Text => (isNumber(c) ? { de: String(c), en: String(c) } : specialText[c]);

/** Field ids shared with the UI and later the camera. */
export const targetId = (p: PileNo) => `target${p}`;
export const pileId = (p: PileNo) => `pile${p}`;
export const markerId = (p: PileNo) => `marker${p}`;
