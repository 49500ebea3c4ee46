import { COLOURS, SIDE_MAX, type Card } from '../../../engine/diabolo/cards.ts';
import type { DiaboloMove, DiaboloState } from '../../../engine/diabolo/game.ts';
import { isLocked } from '../../../engine/diabolo/rules.ts';
import type { LedIntent, LedMeaning } from '../../../hardware/core/intent.ts';

/**
 * What the LED board lights for Himmel + Hölle (layout `diabolo`): in play, the next free place on
 * each side a card may go to (legal), only the picked card's colour once one is picked; a locked
 * row's lock (illegal: closed). While a colour is scored, its lock (selected).
 * Places count from the Himmel + Hölle card outwards: `{colour}.devil.1` lies next to it.
 */
export function diaboloLights(s: DiaboloState, moves: DiaboloMove[], picked: Card | null = null): LedIntent {
  const lit: Record<string, LedMeaning> = {};
  for (const c of COLOURS) if (isLocked(s.rows[c])) lit[`${c}.lock`] = 'illegal';
  if (s.phase === 'play') {
    for (const m of moves) {
      if (m.type !== 'play' || (picked && (m.colour !== picked.colour || m.value !== picked.value))) continue;
      const next = s.rows[m.colour][m.side].length + 1;
      if (next <= SIDE_MAX) lit[`${m.colour}.${m.side}.${next}`] = 'legal';
    }
  } else if (s.scoring) lit[`${s.scoring.colour}.lock`] = 'selected';
  return lit;
}
