import type { Json } from '../core/contract.ts';
import { sha256Hex, stableJson } from './hash.ts';

/**
 * Choices seats make at once and in secret, where the game needs them: the duel's battle cards.
 * One table must not learn the other's card before its own is fixed, so each table first sends a
 * commitment (a hash of its card and a random nonce), and shows its card only once every seat has
 * committed; the cards then make the one move both engines play.
 */
export interface Sealing {
  /** The seats choosing in secret now, or null when the position wants an ordinary move. */
  seats(state: Json): number[] | null;
  /** The move the revealed choices make, by seat. */
  combine(state: Json, parts: Record<number, Json>): Json;
}

const duel: Sealing = {
  seats: (s) => ((s as { phase?: string }).phase === 'battle' ? [0, 1] : null),
  combine: (_s, parts) => ({ type: 'cards', cards: [parts[0], parts[1]] }),
};

/** Games with secret choices; a game not listed has none. */
export const SEALINGS: Readonly<Record<string, Sealing>> = { 'himmel-und-hoelle': duel };

export const commitment = (seq: number, seat: number, part: Json, nonce: string): string => sha256Hex(stableJson({ seq, seat, part, nonce }));
