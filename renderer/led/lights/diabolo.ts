import { COLOURS, lockId, SIDE_MAX, slotId, type Card, type Colour, type Side } from '../../../engine/diabolo/cards.ts';
import type { DiaboloMove, DiaboloState } from '../../../engine/diabolo/game.ts';
import { isLocked } from '../../../engine/diabolo/rules.ts';
import type { LedIntent, LedMeaning } from '../../../hardware/core/intent.ts';

/**
 * What the LED board lights for Himmel + Hölle (layout `diabolo`): in play, the next free place on
 * each side a card may go to (legal), only the picked card's colour once one is picked, and the
 * place chosen for it (selected), and in play a locked row's lock (illegal: closed to cards); while
 * a colour is scored, that colour's lock alone (selected): nothing lights that the legend does not
 * explain. Places count from the Himmel + Hölle card outwards: `c1.devil.1` lies next to it.
 */
export function diaboloLights(
  s: DiaboloState,
  moves: DiaboloMove[],
  focus: { card?: Card; slot?: { colour: Colour; side: Side } } = {},
): LedIntent {
  const lit: Record<string, LedMeaning> = {};
  const next = (colour: Colour, side: Side) => s.rows[colour][side].length + 1;
  if (s.phase === 'play') {
    for (const c of COLOURS) if (isLocked(s.rows[c])) lit[lockId(c)] = 'illegal';
    const { card, slot } = focus;
    for (const m of moves) {
      if (m.type !== 'play' || (card && (m.colour !== card.colour || m.value !== card.value))) continue;
      if (next(m.colour, m.side) <= SIDE_MAX) lit[slotId(m.colour, m.side, next(m.colour, m.side))] = 'legal';
    }
    if (slot && next(slot.colour, slot.side) <= SIDE_MAX) lit[slotId(slot.colour, slot.side, next(slot.colour, slot.side))] = 'selected';
  } else if (s.scoring) lit[lockId(s.scoring.colour)] = 'selected';
  return lit;
}
