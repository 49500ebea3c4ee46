import type { Text } from '../../../engine/core/contract.ts';
import { VALUES, type Colour } from '../../../engine/diabolo/cards.ts';
import { starter, type DiaboloState } from '../../../engine/diabolo/game.ts';
import { copiesLeft } from '../../../engine/diabolo/rules.ts';
import { tx } from '../../i18n/text.ts';

/** The most points of `colour` a hand can hold: every card of it that lies neither in the rows nor among the discards. */
export function heldAtMost(s: DiaboloState, colour: Colour): number {
  const left = copiesLeft(s.rows, s.discards, colour);
  return VALUES.reduce((sum, v) => sum + v * left[v], 0);
}

/**
 * What the scoring waits for, for the turn banner: the colour to pick and who picks it, who
 * doubled, who holds the highest sum, or whose sum to enter. Null outside the scoring.
 */
export function scoringStep(s: DiaboloState, name: (seat: number) => string, colourName: (c: Colour) => string, seat: number | null): Text | null {
  if (s.phase === 'colour') return tx(`Wertung: ${name(starter(s))} wählt die nächste Farbe`, `Scoring: ${name(starter(s))} picks the next colour`);
  if (!s.scoring) return null;
  const c = colourName(s.scoring.colour);
  if (s.phase === 'doppler') return tx(`Wertung ${c}: wer doppelt?`, `Scoring ${c}: who doubles?`);
  if (s.phase === 'reveal' && s.rules.entry === 'highest') return tx(`Wertung ${c}: wer hat die höchste Summe?`, `Scoring ${c}: who holds the highest sum?`);
  if (s.phase === 'reveal' && seat !== null) return tx(`Wertung ${c}: Summe von ${name(seat)} eingeben`, `Scoring ${c}: enter ${name(seat)}'s sum`);
  return tx(`Wertung ${c}`, `Scoring ${c}`);
}
