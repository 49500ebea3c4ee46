import type { Explanation } from '../../../engine/core/contract.ts';
import { DICE, type Dice } from '../../../engine/plus/dice.ts';
import type { PlusMove, PlusState } from '../../../engine/plus/game.ts';
import type { LedIntent, LedMeaning } from '../../../hardware/core/intent.ts';

/**
 * What the LED board lights for Plus (layout `plus`): each die's face as it lies (selected),
 * every face a legal move turns a die to (legal); a tapped position marks the faces it turns to,
 * selected if the move is legal, illegal if not. After the game nothing is lit.
 */
export function plusLights(pos: PlusState, moves: PlusMove[], ended: boolean, pending: Dice | null, verdict: Explanation<PlusMove> | null): LedIntent {
  if (ended) return {};
  const lit: Record<string, LedMeaning> = {};
  for (const m of moves) for (const d of DICE) if (m.to[d] !== pos.dice[d]) lit[`${d}.${m.to[d]}`] = 'legal';
  for (const d of DICE) {
    lit[`${d}.${pos.dice[d]}`] = 'selected';
    if (pending && pending[d] !== pos.dice[d]) lit[`${d}.${pending[d]}`] = verdict?.legal ? 'selected' : 'illegal';
  }
  return lit;
}
