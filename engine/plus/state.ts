import type { Dice } from './dice.ts';

/** Plus as plain JSON: the dice, whose move it is, and the rules the game was set up with. */
export interface PlusState {
  game: 'plus';
  variant: 1 | 2;
  everyDieRises: boolean;
  players: number;
  dice: Dice;
  toMove: number;
  /** Moves played so far. */
  ply: number;
  /** Who wins with three or more players (the seed names only the loser): see the option `winner`. */
  winner: PlusWinner;
}

/** `last-move`: who made the last Plus; `all-others`: everyone but the player who cannot move. */
export const WINNERS = ['last-move', 'all-others'] as const;
export type PlusWinner = (typeof WINNERS)[number];

/** A move names the position it leads to: that is what the camera sees and what a tap enters. */
export interface PlusMove {
  to: Dice;
}

export type PlusObservation = Dice;

