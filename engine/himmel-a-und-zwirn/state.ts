import type { HiddenCards } from '../core/card-games.ts';
import type { PileNo, ZCard } from './cards.ts';
import type { Table } from './rules.ts';

/**
 * Himmel, A… und Zwirn (Bumbesi) as plain JSON. One state for two views, chosen by the `view` option:
 * - `full`: hands and draw pile are in the state; the engine deals, refills, turns up targets
 *   and picks the stolen card by the seeded rng (bots, simulation, tests).
 * - `referee`: only the open table plus what the table enters. It asks (as `pending`) for the two
 *   target cards at the start and the new target card after a pile is taken, refuses entries that
 *   break the bounds or name a card already in the open, and takes the table's word on the draw
 *   pile's count. A theft stays blind: the referee counts the card, it never learns which it was.
 */
export type View = 'full' | 'referee';

/** A target card for `pile` is due: turned up at the start (`opening`), or chosen after a take. */
export interface Pending {
  kind: 'target';
  pile: PileNo;
  seat: number;
  opening: boolean;
}

export type Hidden = HiddenCards<ZCard>;

export interface ZwirnState extends Table {
  game: 'himmel-a-und-zwirn';
  view: View;
  players: number;
  noNumberCard: 'draw-pile' | 'hand-required';
  turn: number;
  /** +1 clockwise, -1 after an odd number of Richtungswechsel. */
  direction: 1 | -1;
  marker: PileNo;
  drawPile: number;
  handSizes: number[];
  pending: Pending | null;
  over: boolean;
  hidden: Hidden | null;
}

export type ZwirnMove =
  | { type: 'play'; card: number; pile: PileNo }
  | { type: 'reverse' }
  | { type: 'steal'; victim: number }
  | { type: 'raise'; card: number; pile: PileNo }
  | { type: 'take' }
  /** `card: null` (referee only): no number card was left, in hand or draw pile; the pile stays without a target. */
  | { type: 'target'; card: number | null }
  /** Referee only: the table says how many cards the draw pile holds (0: it is empty), where the app's count is off. */
  | { type: 'draw-pile'; count: number };

/**
 * What a camera (later) sees: each target and each pile's top card, and where it could see it
 * the marker (the pile to take next), which tells a take with a new target from a raise.
 */
export interface ZwirnObservation {
  target1: number | null;
  target2: number | null;
  pile1: number | null;
  pile2: number | null;
  marker?: PileNo;
}
