import { GOAL, PLACES, START, isField, type Place, type Side } from './board.ts';
import type { HuhRules } from './options.ts';

export interface HuhDie {
  side: Side;
  at: Place;
  pips: number;
}

/** One die as the table shows it: a side's dice look alike, so side, place and pips are all there is. */
export const dieKey = (d: HuhDie): string => `${d.side}|${d.at}|${d.pips}`;

/** The dice on the table in no order: equal keys, the same dice on the same places with the same pips. */
export const diceKey = (dice: readonly HuhDie[]): string => dice.map(dieKey).sort().join();

export const sameDice = (a: readonly HuhDie[], b: readonly HuhDie[]): boolean => diceKey(a) === diceKey(b);

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
  /**
   * `full`: a battle's first card waits in the state until the second is chosen (one app holds
   * the game, bots, simulation). `referee`: the state never holds a card before both are in; a
   * battle is settled by one move carrying both (`cards`), so a state shown to anybody (the
   * protocol, a second screen) cannot give the first card away.
   */
  view: 'full' | 'referee';
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
  /**
   * The positions that began each turn since the last change that cannot come back (a card used,
   * a die out of its start area or into its goal where the rules keep it there), for the
   * repetition rule; empty where that rule is switched off.
   */
  seen: string[];
}

/** A die move as the table shows it: which die of which side sits where, showing what. */
export type HuhMove =
  | { type: 'start-values'; pips: number[] }
  | { type: 'step'; die: number; to: Place; pay: 'ap' | 'pip' }
  | { type: 'raise'; die: number }
  | { type: 'card'; card: number }
  /** Both cards of a battle at once, indexed by seat (the referee view). */
  | { type: 'cards'; cards: [number, number] }
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

/** A die on field `p` (the first if own dice share it), or -1; areas hold no "field" die. */
export function dieAt(s: HuhState, p: Place): number {
  return isField(p) ? s.dice.findIndex((d) => d.at === p) : -1;
}

/**
 * The die of `side` that defends field `p` against an attack, or -1. Where own dice may share a
 * field (oneDiePerField off), the one with the most pips defends.
 */
export function defenderAt(s: HuhState, p: Place, side: Side): number {
  if (!isField(p)) return -1;
  let best = -1;
  s.dice.forEach((d, i) => {
    if (d.at === p && d.side === side && (best < 0 || d.pips > s.dice[best].pips)) best = i;
  });
  return best;
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

const PLACE_CODE = new Map(PLACES.map((p, i) => [p, String.fromCharCode(65 + i)]));

/** The position as the table shows it: every die (a side's dice look alike), whose turn, the AP carried. */
export function positionKey(s: HuhState): string {
  const side = (k: Side) =>
    s.dice
      .filter((d) => d.side === k)
      .map((d) => `${PLACE_CODE.get(d.at)}${d.pips}`)
      .sort()
      .join('');
  return `${side(0)}/${side(1)}/${s.active}/${s.saved.join(',')}`;
}

/** What never comes back once it changed: the cards, the dice in start areas and goals where the rules keep them there. */
function lastingKey(s: HuhState): string {
  const count = (p: Place, side: Side) => s.dice.filter((d) => d.side === side && d.at === p).length;
  const start = s.rules.returnToStart ? '' : `${count(START[0], 0)}${count(START[1], 1)}`;
  const goal = s.rules.goalFinal ? `${count(GOAL[0], 0)}${count(GOAL[1], 1)}` : '';
  return `${s.cards[0].join('.')}|${s.cards[1].join('.')}|${start}|${goal}`;
}

/**
 * A turn begins: its position joins `seen`. The third time the same position begins a turn, a
 * game under the repetition rule is over (and nobody has three dice home).
 */
export function noteTurn(s: HuhState): HuhState {
  if (s.rules.repetition !== 'third-repetition') return s;
  const lasting = lastingKey(s);
  const entry = `${lasting}#${positionKey(s)}`;
  const last = s.seen.at(-1);
  const seen = last !== undefined && last.slice(0, last.indexOf('#')) === lasting ? [...s.seen, entry] : [entry];
  const times = seen.filter((e) => e === entry).length;
  return times >= 3 ? { ...s, seen, phase: 'over', finisher: null } : { ...s, seen };
}

/** Whether the game ended by the repetition rule: over, and nobody brought three dice home. */
export function endedByRepetition(s: HuhState): boolean {
  return s.phase === 'over' && goalDice(s, 0).length < 3 && goalDice(s, 1).length < 3;
}

export function initialDice(pips: [number[], number[]]): HuhDie[] {
  return ([0, 1] as const).flatMap((side) => pips[side].map((p) => ({ side, at: START[side], pips: p })));
}
