import { reach } from '../../../engine/himmel-und-hoelle/reach.ts';
import type { HuhMove, HuhState } from '../../../engine/himmel-und-hoelle/state.ts';
import type { LedIntent, LedMeaning } from '../../../hardware/core/intent.ts';

/**
 * What the LED board lights for Himmel und Hölle (layout `himmel-und-hoelle`): a selected die's
 * place (selected) and every place it can reach this turn (legal, attacks included); the
 * computer's move to carry out, from where to where (computer). Nothing else, so the table stays
 * readable.
 */
export function himmelUndHoelleLights(s: HuhState, selected: number | null, computer: HuhMove | null = null): LedIntent {
  const lit: Record<string, LedMeaning> = {};
  if (selected !== null && s.dice[selected]) {
    for (const r of reach(s, selected)) lit[r.place] = 'legal';
    lit[s.dice[selected].at] = 'selected';
  }
  if (computer && (computer.type === 'step' || computer.type === 'free-step')) {
    lit[s.dice[computer.die].at] = 'computer';
    lit[computer.to] = 'computer';
  } else if (computer && (computer.type === 'raise' || computer.type === 'free-raise')) {
    lit[s.dice[computer.die].at] = 'computer';
  }
  return lit;
}
