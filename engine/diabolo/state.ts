import type { HiddenCards } from '../core/card-games.ts';
import type { Card, Colour, Side } from './cards.ts';
import type { Highest, Rows, Verdict } from './rules.ts';

/**
 * Himmel + Hölle, the card game (Diabolo), as plain JSON. One state for two views, chosen by the
 * `view` option:
 * - `full`: every hand and the draw pile are in the state (bots, simulation, tests); the engine
 *   deals, draws and reveals by itself.
 * - `referee`: only what lies open plus what the table enters; the engine checks each entry
 *   against what it can know (row limits, locked rows, copies already seen, hand sizes).
 */
export type View = 'full' | 'referee';

/**
 * `play`: cards are played. Then each colour is scored: `colour` (the round's first player names
 * the next colour, where the table chooses the order), `doppler` (the table says who doubled),
 * `reveal` (the referee is told the hand sums: the highest and who holds it, or every seat's).
 */
export type Phase = 'play' | 'colour' | 'doppler' | 'reveal' | 'over';

/** The marked interpretations of the rules and the referee's way of entering sums, as the options switch them. */
export interface DiaboloRules {
  /** Can never take effect (docs/card-games.md): with an empty draw pile a player skips the draw, or the round ends. */
  emptyDrawPile: 'skip-draw' | 'end-round';
  /** The Doppler announced aloud in play order from the round's first player (the seed), or chosen by all at once, hidden. */
  doppler: 'aloud' | 'hidden';
  /** The colours scored in their fixed order c1..c5, or in the order the round's first player names. */
  colourOrder: 'fixed' | 'chosen';
  /** Referee only: the table enters the highest hand sum and who holds it, or every seat's sum. */
  entry: 'highest' | 'every-sum';
  /** When the game ends (the seed names no end): after as many rounds as players (`each-deals`, the rules' reading), or after `endRounds`. */
  gameEnd: 'each-deals' | 'rounds';
  endRounds: number;
}

export interface ColourResult {
  colour: Colour;
  angels: number;
  devils: number;
  verdict: Verdict;
  announced: boolean[];
  /** The highest hand sum and who held it; null when the colour was equal and nobody revealed. */
  highest: Highest | null;
  /** Every seat's hand sum, where known (the full view, or every sum entered); null otherwise. */
  sums: number[] | null;
  points: number[];
}

export interface Scoring {
  colour: Colour;
  /** Who announced the Doppler; null while the table has still to say. */
  announced: boolean[] | null;
  /** Entry `every-sum`: the sums entered so far, by seat. */
  sums: (number | null)[];
}

export type Hidden = HiddenCards<Card>;

export interface DiaboloState {
  game: 'diabolo';
  view: View;
  players: number;
  rules: DiaboloRules;
  /** 0-based; seat `round % players` deals, the seat after it begins. */
  round: number;
  phase: Phase;
  turn: number;
  rows: Rows;
  discards: Card[];
  drawPile: number;
  handSizes: number[];
  scores: number[];
  dopplerUsed: boolean[];
  scoring: Scoring | null;
  /** Colours of the round still to be scored, once play has ended. */
  toScore: Colour[];
  /** One list per round begun, each colour's outcome in scoring order. */
  results: ColourResult[][];
  /** Cards left in the draw pile when each finished round's play ended (did the pile last?). */
  pileLeft: number[];
  /** Hands and draw pile in the full view; null in the referee's view. */
  hidden: Hidden | null;
}

export type DiaboloMove =
  | { type: 'play'; colour: Colour; value: number; side: Side }
  | { type: 'discard'; colour: Colour; value: number }
  /** The colour to score next (colourOrder `chosen`). */
  | { type: 'colour'; colour: Colour }
  /** Who doubled on the colour being scored (ascending seats; none: nobody). */
  | { type: 'doppler'; seats: number[] }
  /** Referee, entry `every-sum`: the hand sum of the seat to move. */
  | { type: 'reveal'; sum: number }
  /** Referee, entry `highest`: the highest hand sum and everyone holding it (ascending); 0 and nobody: nobody holds the colour. */
  | { type: 'highest'; sum: number; seats: number[] };

/** What a camera (later) or a test sees: the rows as they lie. */
export type DiaboloObservation = Rows;
