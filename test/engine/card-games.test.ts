import { describe, expect, it } from 'vitest';
import { deckDifference } from '../../engine/core/card-games.ts';
import { diabolo } from '../../engine/diabolo/game.ts';
import { zwirn } from '../../engine/himmel-a-und-zwirn/game.ts';

describe("the card games' hidden cards (engine/core/card-games.ts)", () => {
  it.each([
    ['Diabolo', diabolo.setup({ players: 3, view: 'full' }), diabolo.parseState],
    ['Zwirn', zwirn.setup({ players: 3, view: 'full' }), zwirn.parseState],
  ] as const)('%s: a full state whose hidden cards contradict the table is refused at the count at fault', (_, start, parse) => {
    const s = JSON.parse(JSON.stringify(start));
    expect(() => parse(s)).not.toThrow();
    const deck = s.hidden.deck.slice(0, -1);
    expect(() => parse({ ...s, hidden: { ...s.hidden, deck } })).toThrow(/drawPile: must equal the cards in the draw pile/);
    const hands = [s.hidden.hands[0].slice(1), ...s.hidden.hands.slice(1)];
    expect(() => parse({ ...s, hidden: { ...s.hidden, hands } })).toThrow(/handSizes: must equal the cards in each hand/);
    expect(() => parse({ ...s, hidden: { ...s.hidden, hands: hands.slice(1) } })).toThrow(/hidden\.hands: must list 3 seats/);
    expect(() => parse({ ...s, hidden: { ...s.hidden, seed: -1 } })).toThrow(/hidden\.seed/);
    expect(() => parse({ ...s, hidden: { ...s.hidden, extra: 1 } })).toThrow(/hidden/);
  });

  it('says which cards are off the deck, in the order they first appear', () => {
    expect(deckDifference([1, 2, 3], [1, 2, 3], String)).toBeNull();
    expect(deckDifference([3, 3, 1], [1, 2, 3], String)).toBe('3 +1, 2 -1');
  });
});
