import { describe, expect, it } from 'vitest';
import { himmelUndHoelle as game } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhState } from '../../engine/himmel-und-hoelle/state.ts';
import { cardsHint } from '../../renderer/games/himmel-und-hoelle/battle-words.ts';
import { whyNotThere } from '../../renderer/games/himmel-und-hoelle/refusal.ts';
import { pipsInGoal } from '../../renderer/games/himmel-und-hoelle/words.ts';

const ALL = Array.from({ length: 13 }, (_, c) => c);
const fresh = () => game.setup(Object.fromEntries(game.options.map((o) => [o.key, o.default]))) as HuhState;

describe('the duel says why a tap did nothing', () => {
  it('nothing picked, an empty field: pick a die first', () => {
    expect(whyNotThere(fresh(), null, 'b5').de).toBe('Erst einen eigenen Würfel wählen (Himmel), dann das Feld, auf das er soll.');
  });
  it("the other side's dice in their start area", () => {
    expect(whyNotThere(fresh(), null, 'start-hoelle').de).toBe('Die Würfel im Startbereich der Hölle gehören der Hölle; am Zug ist Himmel.');
  });
  it('a field too far: the steps it takes and what the die has', () => {
    expect(whyNotThere(fresh(), 0, 'b9').de).toBe(
      'Der Himmel-Würfel im Startbereich des Himmels (6) kommt nicht bis b9: das sind 9 Schritte, er hat 1 AP und 5 Augen zum Senken, zusammen 6 Schritte.',
    );
  });
  it('a way blocked by other dice', () => {
    const s = fresh();
    // Himmel's dice on a1, b1, c1: the fourth cannot get past them.
    const dice = s.dice.map((d, i) => (i < 3 ? { ...d, at: ['a1', 'b1', 'c1'][i] } : d));
    expect(whyNotThere({ ...s, dice }, 3, 'b2').de).toBe('Der Weg nach b2 ist versperrt: der Himmel-Würfel im Startbereich des Himmels (6) zieht nur über freie Felder, nicht über andere Würfel.');
  });
});

describe('the battle card hint', () => {
  it('one pip: every card, no rule to name', () => {
    expect(cardsHint(1, ALL, 13).de).toBe('Dein Würfel zeigt 1 Auge: Karten bis 12.');
  });
  it('the rule of 13 holds the high cards back', () => {
    expect(cardsHint(4, ALL, 13).de).toBe('Dein Würfel zeigt 4 Augen: Karten bis 9. Höher geht es nicht: Augen + Karte höchstens 13.');
  });
  it('high cards played already: they, not the rule, are named', () => {
    expect(cardsHint(1, ALL.filter((c) => c < 10), 13).de).toBe('Dein Würfel zeigt 1 Auge: Karten bis 9. 10, 11 und 12 sind schon gespielt.');
    expect(cardsHint(1, ALL.filter((c) => c !== 12), 13).en).toBe('Your die shows 1 pip: cards up to 11. The 12 is played already.');
  });
});

describe('pips in the goal', () => {
  it.each([
    [1, '1 Auge im Ziel', '1 pip in the goal'],
    [7, '7 Augen im Ziel', '7 pips in the goal'],
  ])('%i', (n, de, en) => {
    expect(pipsInGoal(n)).toEqual({ de, en });
  });
});
