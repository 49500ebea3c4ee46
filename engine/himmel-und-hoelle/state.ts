import { GOAL, START, isField, type Place, type Side } from './board.ts';
import type { HuhRules } from './options.ts';

export interface HuhDie {
  side: Side;
  at: Place;
  pips: number;
}

/** A battle waiting for its cards; `cards` is indexed by seat, null until that seat has chosen. */
export interface PendingBattle {
  attacker: number;
  defender: number;
  cards: [number | null, number | null];
}

export interface BattleResult {
  attacker: number;
  defender: number;
  /** Indexed by seat. */
  cards: [number, number];
  winner: Side;
}

export type Phase = 'setup' | 'turn' | 'battle' | 'free' | 'over';

/**
 * The whole game as plain JSON. Dice 0-4 are Himmel's (seat 0), 5-9 Hölle's (seat 1); a die keeps
 * its index all game, so a move names it by index.
 */
export interface HuhState {
  game: 'himmel-und-hoelle';
  rules: HuhRules;
  phase: Phase;
  dice: HuhDie[];
  /** Battle cards each seat still holds (the 0 is never used up). */
  cards: [number[], number[]];
  /** Whose turn it is (in 'setup': whose start values are due). */
  active: Side;
  /** Action points left in this turn. */
  ap: number;
  /** Turns each seat has begun. */
  turns: [number, number];
  /** AP each seat carries into its next turn (only with the carryAp switch). */
  saved: [number, number];
  battle: PendingBattle | null;
  /** The seat that holds a battle's free AP (phase 'free'). */
  free: Side | null;
  lastBattle: BattleResult | null;
  /** Who brought the third die into the goal. */
  finisher: Side | null;
}

/** A die move as the table shows it: which die of which side sits where, showing what. */
export type HuhMove =
  | { type: 'start-values'; pips: number[] }
  | { type: 'step'; die: number; to: Place; pay: 'ap' | 'pip' }
  | { type: 'raise'; die: number }
  | { type: 'card'; card: number }
  | { type: 'free-step'; die: number; to: Place }
  | { type: 'free-raise'; die: number }
  | { type: 'free-pass' }
  | { type: 'end' };

export const DICE_PER_SIDE = 5;
export const CARDS: readonly number[] = Array.from({ length: 13 }, (_, i) => i);
export const MAX_PIPS = 6;
/** A card may be played only where die pips + card stay within this. */
export const MAX_STRENGTH = 13;

export const sideOfDie = (i: number): Side => (i < DICE_PER_SIDE ? 0 : 1);
export const other = (s: Side): Side => (s === 0 ? 1 : 0);

export function dieAt(s: HuhState, p: Place): number {
  return isField(p) ? s.dice.findIndex((d) => d.at === p) : -1;
}

export function inGoal(d: HuhDie): boolean {
  return d.at === GOAL[d.side];
}

export function goalDice(s: HuhState, side: Side): HuhDie[] {
  return s.dice.filter((d) => d.side === side && inGoal(d));
}

export function goalPips(s: HuhState, side: Side): number {
  return goalDice(s, side).reduce((n, d) => n + d.pips, 0);
}

/** AP at the start of `side`'s turn number `turn` (1-based). */
export function apForTurn(s: HuhState, side: Side, turn: number): number {
  if (turn === 1) return 1 + s.saved[side];
  const counted = s.dice.filter((d) => isField(d.at) && (s.rules.apFrom === 'all' || d.side === side)).length;
  return (s.rules.minOneAp ? Math.max(1, counted) : counted) + s.saved[side];
}

export function initialDice(pips: [number[], number[]]): HuhDie[] {
  return ([0, 1] as const).flatMap((side) => pips[side].map((p) => ({ side, at: START[side], pips: p })));
}
