import type { Text } from '../../../engine/core/contract.ts';
import { join, tx } from '../../i18n/text.ts';

/** The highest battle card there is (cards 0 to 12). */
const TOP_CARD = 12;

const list = (cs: number[], and: string) => (cs.length === 1 ? `${cs[0]}` : `${cs.slice(0, -1).join(', ')} ${and} ${cs[cs.length - 1]}`);

/**
 * Which cards a die with `pips` may play and why no higher: the cards already played (`left` are
 * those the side still holds), or the rule pips + card at most `max`. Each reason only where it is
 * what holds the cards back.
 */
export function cardsHint(pips: number, left: readonly number[], max: number): Text {
  const limit = Math.min(TOP_CARD, max - pips);
  const playable = left.filter((c) => c <= limit);
  const shows = pips === 1 ? tx('Dein Würfel zeigt 1 Auge', 'Your die shows 1 pip') : tx(`Dein Würfel zeigt ${pips} Augen`, `Your die shows ${pips} pips`);
  if (playable.length === 0) return join([shows, tx(': keine Karte mehr spielbar.', ': no card left to play.')], '');
  const top = Math.max(...playable);
  const played = Array.from({ length: limit - top }, (_, k) => top + 1 + k).filter((c) => !left.includes(c));
  return join([
    join([shows, tx(`: Karten bis ${top}.`, `: cards up to ${top}.`)], ''),
    ...(played.length
      ? [played.length === 1 ? tx(`Die ${played[0]} ist schon gespielt.`, `The ${played[0]} is played already.`) : tx(`${list(played, 'und')} sind schon gespielt.`, `${list(played, 'and')} are played already.`)]
      : []),
    ...(limit < TOP_CARD ? [tx(`Höher geht es nicht: Augen + Karte höchstens ${max}.`, `No higher: pips + card at most ${max}.`)] : []),
  ]);
}
