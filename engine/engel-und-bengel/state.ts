import { DICE_IN_GAME, type Colour, type Tafel } from './tafel.ts';

/** The marked interpretations of the rules, as the options switch them. */
export interface EubRules {
  /** After a roll in which no die fits: the unplaced dice go back to the supply (the rules' reading) or out of play. */
  noFitDice: 'return' | 'lost';
  /** When no player has dice left before the Tafel is full: the Durchgang ends, or the dice off the Tafel are dealt again. */
  outOfDice: 'end' | 'redeal';
  /** A die fits only where its row can still be completed afterwards (no dead rows). */
  liveRowsOnly: boolean;
}

export interface Turn {
  /** The dice of this turn not yet placed, as rolled (sorted). */
  hand: number[];
  /** Rolls made in this turn (1..5). */
  rolls: number;
  /** Dice placed since the last roll: at least one before stopping or rolling on. */
  placedSinceRoll: number;
}

/** One row scored: `delta` is what the points actually changed by (a black row stops at 0). */
export interface RowScore {
  durchgang: number;
  seat: number;
  row: number;
  colour: Colour;
  points: number;
  delta: number;
}

export type DurchgangEnd = 'full' | 'out-of-dice' | 'blocked';

export interface DurchgangSummary {
  number: number;
  tafel: string;
  ended: DurchgangEnd;
  /** Who placed the last die (or whose turn ended last when the dice ran out). */
  by: number;
  /** Points of every seat when it ended. */
  points: number[];
}

export type TurnEndReason = 'stop' | 'no-fit' | 'all-placed' | 'tafel-full' | 'blocked' | 'out-of-dice';

export interface TurnEnd {
  seat: number;
  reason: TurnEndReason;
  /** Dice that went back to the seat's supply, and dice that left play (noFitDice 'lost'). */
  returned: number;
  lost: number;
}

export interface EubState {
  game: 'engel-und-bengel';
  rules: EubRules;
  players: number;
  /** The Tafeln in the order they are turned up; reused from the top when used up. */
  stack: Tafel[];
  /** Index of the Tafel in play. */
  tafel: number;
  /** 1-based number of the Durchgang in play (or the last one, once over). */
  durchgang: number;
  /** Per row, per box: the die value lying there, or null. Rows fill from the left. */
  filled: (number | null)[][];
  /** Dice each seat holds (not counting the hand of the turn in play). */
  supply: number[];
  /** Dice in the game box, out of play until the next deal. */
  box: number;
  points: number[];
  toMove: number;
  /** Null between turns: the seat to move must roll. */
  turn: Turn | null;
  scores: RowScore[];
  history: DurchgangSummary[];
  /** How the previous turn ended, for the table to see. */
  last: TurnEnd | null;
  over: boolean;
  counts: { turns: number; rolls: number; placements: number };
}

export type EubMove = { type: 'roll'; values: number[] } | { type: 'place'; value: number; box: string } | { type: 'stop' };

/** What lies on the printed Tafel, as seen from above. */
export interface EubObservation {
  /** Occupied boxes: box id -> die value. */
  boxes: Record<string, number>;
  /**
   * The values of the dice lying on the sheet in no box: the roll. Left out where the roll area
   * was not looked at (a reading that only knows the boxes, or a roll area unchanged since the
   * last look, which may be old dice: see docs/camera.md); then only placements are read.
   */
  roll?: number[];
}

/** The 30 dice of the game. */
export const DICE = DICE_IN_GAME;
export const START_POINTS = 80;
export const MAX_ROLLS = 5;
export const DICE_PER_ROLL = 5;

export const diceEach = (players: number) => Math.floor(DICE / players);
export const diceInPlay = (players: number) => diceEach(players) * players;
/** 500 points end the game, 400 with five or six players. */
export const target = (players: number) => (players >= 5 ? 400 : 500);
export const currentTafel = (s: EubState) => s.stack[s.tafel];
