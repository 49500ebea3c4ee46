import { markerId, pileId, targetId } from '../../../engine/himmel-a-und-zwirn/cards.ts';
import type { ZwirnMove, ZwirnState } from '../../../engine/himmel-a-und-zwirn/game.ts';
import type { LedIntent, LedMeaning } from '../../../hardware/core/intent.ts';

/**
 * What the LED board lights for Himmel, A… und Zwirn (layout `himmel-a-und-zwirn`): where the
 * marker lies (selected), each pile a card may go onto and each target a raise may cover (legal;
 * only for the picked card once one is picked), a target card that is due (selected).
 */
export function zwirnLights(s: ZwirnState, moves: ZwirnMove[], picked: number | null = null): LedIntent {
  if (s.over) return {};
  const lit: Record<string, LedMeaning> = { [markerId(s.marker)]: 'selected' };
  for (const m of moves) {
    if ((m.type === 'play' || m.type === 'raise') && (picked === null || m.card === picked)) {
      lit[m.type === 'play' ? pileId(m.pile) : targetId(m.pile)] = 'legal';
    }
  }
  if (s.pending?.kind === 'target') lit[targetId(s.pending.pile)] = 'selected';
  return lit;
}
