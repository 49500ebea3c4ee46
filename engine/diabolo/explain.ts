import type { Explanation } from '../core/contract.ts';
import { say } from '../core/text.ts';
import { COLOURS, SIDES, colourRef, type Colour, type Side } from './cards.ts';
import type { Refusal, Rows } from './rules.ts';
import type { DiaboloMove, DiaboloState } from './state.ts';

type PlayMove = Extract<DiaboloMove, { type: 'play' }>;

/**
 * What the rows as seen say happened: one card laid on a side is that play, checked as `play`
 * checks it (`whyNotPlay`), so a fourth card on a side answers `side-full` and a card on a locked
 * row `row-locked`, with the reason. A card taken away or shifted, or more than one new card, is
 * no play.
 */
export function explain(s: DiaboloState, observed: Rows, whyNotPlay: (s: DiaboloState, m: PlayMove) => Refusal | null): Explanation<DiaboloMove> {
  const added: { colour: Colour; side: Side; value: number }[] = [];
  for (const colour of COLOURS) {
    for (const side of SIDES) {
      const before = s.rows[colour][side];
      const now = observed[colour][side];
      if (now.length < before.length || before.some((v, i) => now[i] !== v)) {
        return { legal: false, code: 'card-moved', reason: say({ de: 'In ', en: 'A card in ' }, colourRef(colour), { de: ' wurde eine Karte bewegt.', en: ' was moved.' }) };
      }
      for (const value of now.slice(before.length)) added.push({ colour, side, value });
    }
  }
  if (added.length === 0) return { legal: true, unchanged: true, moves: [] };
  if (added.length > 1) return { legal: false, code: 'several-cards', reason: { de: 'Es kam mehr als eine Karte hinzu.', en: 'More than one card was added.' } };
  const move: PlayMove = { type: 'play', ...added[0] };
  const why = whyNotPlay(s, move);
  return why ? { legal: false, code: why.code, reason: why.reason } : { legal: true, unchanged: false, moves: [move] };
}
