/** What `explain` answers, in a module of its own so that the diagnosis can name it without importing `explain`. */
import type { Text } from '../core/contract.ts';
import type { Place, Side } from './board.ts';
import type { HuhMove } from './state.ts';

/** A battle the board shows but whose cards nobody entered: where it was fought and who won. */
export interface BattleAsked {
  attacker: Place;
  defender: Place;
  /** Pips of each die as the battle began (the attacker's after paying for its step). */
  attackerPips: number;
  defenderPips: number;
  winner: Side;
}

export type HuhExplanation =
  | {
      legal: true;
      unchanged: boolean;
      moves: HuhMove[];
      /** AP the explanation spends. */
      ap: number;
      /**
       * Whether no cheaper explanation exists (proved by A*). False where the position was too
       * crowded to prove it quickly: then the explanation is legal and the first a greedy search
       * found, and may spend more AP than the turn did.
       */
      cheapest: boolean;
      /** Other, equally cheap explanations that move different dice or fight other battles. */
      alternatives: HuhMove[][];
      note?: Text;
    }
  | {
      legal: false;
      code: string;
      reason: Text;
      /** With code `cards-needed`: the battles the board shows, in order, whose cards must be entered. */
      battles?: BattleAsked[];
    };
