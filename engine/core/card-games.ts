import type { Check } from './validate.ts';

/**
 * What the card games' parsers (Diabolo, Himmel, A... und Zwirn) check alike: a list with one
 * entry per seat, the hidden hands and draw pile of the full view, and whether cards are the deck.
 */

/** What the full view knows and the table does not see: each seat's hand, the draw pile (its last card is the top), the shuffle's seed. */
export interface HiddenCards<C> {
  hands: C[][];
  deck: C[];
  seed: number;
}

/** A list of `n` entries, one per seat, each read by `each`. */
export function seatList<T>(c: Check, v: unknown, n: number, each: (c: Check, x: unknown) => T): T[] {
  const xs = c.array(v);
  if (xs.length !== n) c.fail({ de: `muss ${n} Plätze nennen`, en: `must list ${n} seats` });
  return xs.map((x, i) => each(c.at(i), x));
}

/**
 * The `hidden` part of a full view (`table` checks the whole state): `n` hands and the draw pile,
 * each card read by `parseCard`, holding as many cards as the table says (`drawPile`,
 * `handSizes`), and the seed. Where they disagree, the table's count is named at fault.
 */
export function parseHidden<C>(table: Check, v: unknown, n: number, parseCard: (c: Check, x: unknown) => C, counts: { drawPile: number; handSizes: readonly number[] }): HiddenCards<C> {
  const c = table.at('hidden');
  const h = c.object(v);
  c.keys(h, ['hands', 'deck', 'seed']);
  const hidden = {
    hands: seatList(c.at('hands'), h.hands, n, (cc, x) => cc.array(x).map((y, i) => parseCard(cc.at(i), y))),
    deck: c.at('deck').array(h.deck).map((x, i) => parseCard(c.at('deck').at(i), x)),
    seed: c.at('seed').int(h.seed, 0, 0xffffffff),
  };
  if (hidden.deck.length !== counts.drawPile) table.at('drawPile').fail({ de: 'muss den Karten im Nachziehstapel gleichen', en: 'must equal the cards in the draw pile' });
  if (hidden.hands.some((hand, p) => hand.length !== counts.handSizes[p])) table.at('handSizes').fail({ de: 'muss den Karten jeder Hand gleichen', en: 'must equal the cards in each hand' });
  return hidden;
}

/** Null when `cards` are exactly `deck`, else each card off by `key` and how many too many or few (`c1/5 +1, c2/3 -1`). */
export function deckDifference<C>(cards: readonly C[], deck: readonly C[], key: (c: C) => string): string | null {
  const count = new Map<string, number>();
  for (const c of cards) count.set(key(c), (count.get(key(c)) ?? 0) + 1);
  for (const c of deck) count.set(key(c), (count.get(key(c)) ?? 0) - 1);
  const off = [...count].filter(([, k]) => k !== 0).map(([k, d]) => `${k} ${d > 0 ? '+' : ''}${d}`);
  return off.length ? off.join(', ') : null;
}
