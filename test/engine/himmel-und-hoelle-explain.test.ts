import { describe, expect, it } from 'vitest';
import { explain } from '../../engine/himmel-und-hoelle/explain.ts';
import { himmelUndHoelle as g, play } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';
import { observe, position, type Spec } from './himmel-und-hoelle-helpers.ts';

/** Replays an explanation and checks it lands on the observed dice. */
function replays(s: HuhState, moves: HuhMove[], after: Spec) {
  const end = moves.reduce(play, s);
  const key = (dice: HuhState['dice']) => dice.map((d) => `${d.side}${d.at}${d.pips}`).sort();
  expect(key(end.dice)).toEqual(key(observe(after).dice));
  return end;
}

describe('explain: legal turns, cheapest first', () => {
  it.each<[string, Spec, Spec, number]>([
    ['three paid steps', { H: ['b2:6'], ap: 3 }, { H: ['b5:6'] }, 3],
    ['four steps paid by lowering', { H: ['b2:6'], ap: 0 }, { H: ['b6:2'] }, 0],
    ['lowering and paid steps mixed', { H: ['b2:3'], ap: 3 }, { H: ['b7:1'] }, 3],
    ['a raise', { H: ['b2:3'], ap: 2 }, { H: ['b2:5'] }, 2],
    ['out of the start area and on', { ap: 1 }, { H: ['c3:4'] }, 1],
    ['two dice, one after the other through the gap it leaves', { H: ['b2:6', 'b3:6'], L: ['a3:6', 'c3:6'], ap: 2 }, { H: ['b4:6', 'b3:6'], L: ['a3:6', 'c3:6'] }, 2],
    ['into the goal', { H: ['a10:2', 'goal:5'], ap: 1 }, { H: ['goal:2', 'goal:5'] }, 1],
  ])('%s', (_n, before, after, ap) => {
    const s = position(before);
    const e = g.explain(s, observe(after));
    expect(e).toMatchObject({ legal: true, unchanged: false, ap });
    if (e.legal) replays(s, e.moves, after);
  });

  it('an unchanged table is legal and no move', () => {
    const s = position({ H: ['b2:6'] });
    expect(g.explain(s, observe({ H: ['b2:6'] }))).toMatchObject({ legal: true, unchanged: true, moves: [] });
  });

  it('a battle with the cards entered, and the free AP pushing the loser aside', () => {
    // Himmel b4 (5) attacks Hölle b5 (2) for its 1 AP with the 3 against the 0: 8 > 2; the winner
    // goes to 6, the loser to 1 and is pushed to c5; then b4 walks on to b6, lowering twice.
    const before: Spec = { H: ['b4:5'], L: ['b5:2'], ap: 1 };
    const after: Spec = { H: ['b6:4'], L: ['c5:1'] };
    const s = position(before);
    const e = g.explain(s, observe(after, [[3, 0]]));
    expect(e).toMatchObject({ legal: true, ap: 1 });
    if (!e.legal) return;
    expect(e.moves[0]).toEqual({ type: 'step', die: 0, to: 'b5', pay: 'ap' });
    expect(e.moves.slice(1, 3)).toEqual([
      { type: 'card', card: 3 },
      { type: 'card', card: 0 },
    ]);
    expect(e.moves).toContainEqual({ type: 'free-step', die: 5, to: 'c5' });
    const end = replays(s, e.moves, after);
    expect(end.cards[0]).not.toContain(3);
  });

  it('a lost battle: the defender wins and spends the free AP on its own die', () => {
    const before: Spec = { H: ['b4:2'], L: ['b5:5', 'a8:3'], ap: 1 };
    const after: Spec = { H: ['b4:1'], L: ['b5:6', 'a8:4'] };
    const e = g.explain(position(before), observe(after, [[0, 1]]));
    expect(e).toMatchObject({ legal: true, ap: 1 });
    if (e.legal) expect(e.moves.at(-1)).toEqual({ type: 'free-raise', die: 6 });
  });

  it('lists equally cheap alternatives: which die went where', () => {
    // a1 and c1 both show 6; b1 (5) and b2 (4) are one lowering step from one and two from the other.
    const s = position({ H: ['a1:6', 'c1:6'], ap: 0 });
    const e = explain(s, observe({ H: ['b1:5', 'b2:4'] }));
    expect(e).toMatchObject({ legal: true, ap: 0 });
    if (!e.legal) return;
    expect(e.alternatives.length).toBe(1);
    const onB1 = [e.moves, ...e.alternatives].map((ms) => ms.reduce(play, s).dice.findIndex((d) => d.at === 'b1'));
    expect(new Set(onB1)).toEqual(new Set([0, 1]));
    expect(e.note?.en).toMatch(/2 equally cheap/);
  });
});

describe('explain: illegal turns, named', () => {
  it('a side with a die too many or missing', () => {
    const s = position({ H: ['b1:6'] });
    const six = { dice: [...observe({ H: ['b1:6'] }).dice, { side: 0 as const, at: 'c5', pips: 2 }] };
    expect(g.explain(s, six)).toMatchObject({ legal: false, code: 'dice-count', reason: { en: /Himmel has 6 dice/ } });
    const four = { dice: observe({ H: ['b1:6'] }).dice.slice(1) };
    expect(g.explain(s, four)).toMatchObject({ legal: false, code: 'dice-count', reason: { en: /Himmel has 4 dice/ } });
  });

  it.each<[string, Spec, Spec, [number, number][] | undefined, string, RegExp]>([
    ['too far', { H: ['a1:3'], ap: 2 }, { H: ['a6:1'] }, undefined, 'too-far', /5 fields from a6; with 2 AP and 2 pips to lower it goes at most 4/],
    ['too many AP', { H: ['a1:6'], ap: 2 }, { H: ['a4:6'] }, undefined, 'too-many-ap', /costs 3 AP .* the turn has 2 AP/],
    ['too many AP in all', { H: ['a1:6', 'c1:6'], ap: 2 }, { H: ['a3:6', 'c2:6'] }, undefined, 'too-many-ap', /Together the changes cost 3 AP/],
    ['into an own die', { H: ['b2:6', 'b3:6'], ap: 2 }, { H: ['b3:6', 'b3:5'] }, undefined, 'own-die', /a field holds one die/],
    ['onto an enemy', { H: ['b2:6'], L: ['b3:6'], ap: 2 }, { H: ['b3:6'], L: ['b3:6'] }, undefined, 'enemy-field', /never enters/],
    ['through a die', { H: ['b1:6'], L: ['a2:6', 'b2:6', 'c2:6'], ap: 3 }, { H: ['b3:6'], L: ['a2:6', 'b2:6', 'c2:6'] }, undefined, 'through-a-die', /passes Hölle die b2/],
    ['an enemy die changed without a battle', { H: ['b1:6'], L: ['b5:4'] }, { H: ['b1:6'], L: ['b5:3'] }, undefined, 'enemy-changed', /no battle was entered/],
    ['back into the own start area', { H: ['b1:6'] }, { H: ['start:5'] }, undefined, 'own-start', /own start area/],
    ['out of the goal', { H: ['goal:4'] }, { H: ['a10:4'] }, undefined, 'left-goal', /in the goal changed/],
    ['the cards entered do not give this result', { H: ['b4:5'], L: ['b5:2'], ap: 1 }, { H: ['b4:6'], L: ['b5:1'] }, [[0, 9]], 'no-sequence', /1 battle/],
  ])('%s', (_n, before, after, battles, code, reason) => {
    const e = g.explain(position(before), observe(after, battles));
    expect(e).toMatchObject({ legal: false, code });
    if (!e.legal) {
      expect(e.reason.en).toMatch(reason);
      expect(e.reason.de.length).toBeGreaterThan(10);
    }
  });
});
