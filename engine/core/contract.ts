/**
 * The one contract every game implements. States and moves are plain JSON, so a game record is a
 * list of them, a test is a table of them, and the JSON Lines protocol of `schiri engine` can
 * carry any game without knowing it.
 *
 * Rules of the contract:
 * - `play` never mutates its input; it returns a new state or throws `EngineError('illegal-move')`.
 * - Chance (dice rolls, shuffles) never happens inside the engine by surprise: a roll is a move
 *   whose values come from outside (camera, tap, or a seeded `Rng` in simulation), a shuffle is
 *   driven by a seed stored in the state.
 * - Anything that crosses a process boundary comes back in through `parseState` / `parseMove`,
 *   which reject malformed input with `EngineError('bad-state' | 'bad-move')`.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

import type { Text } from './text.ts';

export type { Text };

/** One switchable option; every marked interpretation of the rules is one of these. */
export type OptionSpec =
  | (OptionBase & { type: 'boolean'; default: boolean })
  | (OptionBase & { type: 'integer'; default: number; min: number; max: number })
  | (OptionBase & { type: 'enum'; default: string | number; values: { value: string | number; label: Text }[] });

interface OptionBase {
  key: string;
  label: Text;
  /** True where the option is a marked interpretation (house rule) of `../shared/rules/`. */
  interpretation?: boolean;
  help?: Text;
  /**
   * Set where no legal game reaches the case the option decides, saying why: the option stays (the
   * rules mark it, simulation may switch it), but a table is not offered a switch that does nothing.
   */
  moot?: Text;
  /** Set where the option matters only while another option has one value (a count for one reading): a setup screen shows it only then. */
  onlyWith?: { key: string; value: string | number | boolean };
}

export type Options = Record<string, Json>;

export interface Outcome {
  /** Seats (0-based) that won; several on a shared win; empty for a draw or a pure loser game. */
  winners: number[];
  /** Seats that lost, where the game names losers (Plus names exactly one). */
  losers: number[];
  draw: boolean;
  reason: Text;
}

/** How an observed position relates to the state it was observed from. */
export type Explanation<M> =
  | { legal: true; unchanged: boolean; moves: M[]; note?: Text }
  /**
   * Legal, but the picture fits several sequences of moves that end differently and cannot tell
   * which happened (Engel und Bengel: rows completed together where their order changes the
   * points): the table picks one of `choices`; until then nothing is played.
   */
  | { legal: true; unchanged: false; moves: []; ask: { question: Text; choices: { moves: M[]; note: Text }[] } }
  | { legal: false; code: string; reason: Text };

/**
 * S, M and Obs must be plain JSON (no classes, Dates, Maps, undefined). TypeScript interfaces
 * cannot be checked against `Json` without index signatures, so the round-trip test of every
 * registered game checks it instead (test/engine/contract.test.ts).
 */
export interface Game<S = Json, M = Json, Obs = Json> {
  id: string;
  name: Text;
  players: { min: number; max: number };
  options: OptionSpec[];

  /** A new game. Missing options take their defaults; bad ones throw `bad-options`. */
  setup(options: Options): S;
  /** Whose decision it is (a seat), or null once the game has ended. */
  toMove(state: S): number | null;
  legalMoves(state: S): M[];
  play(state: S, move: M): S;
  /** Null while the game runs. */
  outcome(state: S): Outcome | null;
  /** Points per seat as the game counts them now. */
  score(state: S): number[];
  /** The legal move(s) that turn `state` into the observed position, or why none can. */
  explain(state: S, observed: Obs): Explanation<M>;
  /** Short human text for a move, for logs, records and the UI. */
  describeMove(state: S, move: M): Text;

  parseState(value: unknown): S;
  parseMove(value: unknown): M;
  parseObservation(value: unknown): Obs;

  /** Exact solution where the game is small enough (Plus). */
  solve?(state: S): Solution<M>;
  /** Computer players by level name, each a pure function of state and a seeded rng. */
  bots?: Record<string, Bot<S, M>>;
  /** Game-specific figures of a (finished) game for `schiri simulate`, e.g. rows completed. */
  stats?(state: S): Record<string, number>;
  /**
   * Turns begun so far and the position as the table shows it, for `schiri simulate`'s turn cap
   * and its stall report (a position that keeps coming back). Without it, simulate counts a turn
   * each time the seat to move changes and keeps no positions.
   */
  turnInfo?(state: S): { turn: number; position: string };
}

export interface Solution<M> {
  result: 'win' | 'loss';
  /** The moves that keep the win for the player to move (empty on a loss). */
  winning: M[];
}

export type Bot<S, M> = (state: S, rng: import('./rng.ts').Rng) => M;

export type AnyGame = Game<any, any, any>;
