import type { Text } from '../core/contract.ts';
import { HIGHEST, SPECIALS, SPECIAL_COPIES, isNumber, type PileNo, type Special, type ZCard } from './cards.ts';

/**
 * The open table and the rules that only need it: the bounds of a pile, raising a target, and
 * which cards are already in the open. Shared by both views of the game.
 */
export interface Table {
  /** Per pile, the target cards (raised ones lie on the older); the last is the bound. Empty: no target. */
  targets: [number[], number[]];
  piles: [number[], number[]];
  misthaufen: ZCard[][];
}

export interface Refusal {
  code: string;
  reason: Text;
}

export const top = (xs: readonly number[]): number | null => (xs.length ? xs[xs.length - 1] : null);
export const targetOf = (t: Table, p: PileNo) => top(t.targets[p - 1]);
export const pileTop = (t: Table, p: PileNo) => top(t.piles[p - 1]);

/** Why number card `card` may not go onto pile `p`, or null: below the target, above the top card. */
export function whyNotPlay(t: Table, p: PileNo, card: number): Refusal | null {
  const target = targetOf(t, p);
  const below = pileTop(t, p);
  if (target === null) {
    return { code: 'no-target', reason: { de: `Stapel ${p} hat keine Zielkarte.`, en: `Pile ${p} has no target card.` } };
  }
  if (card >= target) {
    return {
      code: 'not-below-target',
      reason: { de: `${card} ist nicht kleiner als die Zielkarte ${target} von Stapel ${p}.`, en: `${card} is not below pile ${p}'s target ${target}.` },
    };
  }
  if (below !== null && card <= below) {
    return {
      code: 'not-above-top',
      reason: { de: `${card} ist nicht größer als die oberste Karte ${below} von Stapel ${p}.`, en: `${card} is not above pile ${p}'s top card ${below}.` },
    };
  }
  return null;
}

export function whyNotRaise(t: Table, p: PileNo, card: number): Refusal | null {
  const target = targetOf(t, p);
  if (target === null) {
    return { code: 'no-target', reason: { de: `Stapel ${p} hat keine Zielkarte.`, en: `Pile ${p} has no target card.` } };
  }
  if (card <= target) {
    return {
      code: 'not-above-target',
      reason: { de: `${card} ist nicht höher als die Zielkarte ${target}.`, en: `${card} is not higher than the target ${target}.` },
    };
  }
  return null;
}

/** What lies open: every number card on the table or a Misthaufen, and the specials played. */
export interface Seen {
  numbers: Set<number>;
  specials: Record<Special, number>;
}

export function seen(t: Table): Seen {
  const numbers = new Set<number>([...t.targets.flat(), ...t.piles.flat()]);
  const specials = { reverse: 0, steal: 0, raise: 0 };
  for (const c of t.misthaufen.flat()) {
    if (isNumber(c)) numbers.add(c);
    else specials[c]++;
  }
  return { numbers, specials };
}

/** Could a hand hold this card, as far as the open cards tell? */
export const unseen = (s: Seen, c: ZCard) => (isNumber(c) ? c >= 1 && c <= HIGHEST && !s.numbers.has(c) : s.specials[c] < SPECIAL_COPIES[c]);

export function unseenCards(s: Seen): ZCard[] {
  const out: ZCard[] = [];
  for (let n = 1; n <= HIGHEST; n++) if (!s.numbers.has(n)) out.push(n);
  for (const sp of SPECIALS) if (s.specials[sp] < SPECIAL_COPIES[sp]) out.push(sp);
  return out;
}
