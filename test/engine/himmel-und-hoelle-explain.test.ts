import { describe, expect, it } from 'vitest';
import { explain } from '../../engine/himmel-und-hoelle/explain.ts';
import { diagnose } from '../../engine/himmel-und-hoelle/explain-diagnose.ts';
import { completeByGoes } from '../../engine/himmel-und-hoelle/explain-goes.ts';
import { himmelUndHoelle as g, outcome, play } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';
import { observe, position, type Spec } from './himmel-und-hoelle-helpers.ts';
import { botTurns } from './himmel-und-hoelle-turns.ts';

const TURNS = 100;
const step = (die: number, to: string, pay: 'ap' | 'pip' = 'ap'): HuhMove => ({ type: 'step', die, to, pay });
const key = (dice: HuhState['dice']) => dice.map((d) => `${d.side}${d.at}${d.pips}`).sort();

/** Explains `after` from `s` and checks the explanation replays onto it. */
function explainsTo(s: HuhState, after: Spec, battles?: [number, number][]) {
  const e = explain(s, observe(after, battles));
  expect(e, e.legal ? '' : `${e.code}: ${e.reason.en}`).toMatchObject({ legal: true });
  if (!e.legal) throw new Error('not legal');
  const end = e.moves.reduce(play, s);
  expect(key(end.dice)).toEqual(key(observe(after).dice));
  return { e, end };
}

/** Replays an explanation and checks it lands on the observed dice. */
function replays(s: HuhState, moves: HuhMove[], after: Spec) {
  const end = moves.reduce(play, s);
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
    ['through a die', { H: ['b1:6'], L: ['a2:6', 'b2:6', 'c2:6'], ap: 3 }, { H: ['b3:6'], L: ['a2:6', 'b2:6', 'c2:6'] }, undefined, 'through-a-die', /passes Hölle's die on b2 \(6\), a die never moves through another/],
    ['an enemy die changed, no battle entered', { H: ['b1:6'], L: ['b5:4'] }, { H: ['b1:6'], L: ['b5:3'] }, [], 'enemy-changed', /no battle was entered/],
    ['an enemy die changed, and no battle can explain it', { H: ['b1:6'], L: ['b5:4'] }, { H: ['b1:6'], L: ['b5:3'] }, undefined, 'enemy-changed', /no battle explains it/],
    ['back into the own start area', { H: ['b1:6'] }, { H: ['start:5'] }, undefined, 'own-start', /own start area/],
    ['out of the goal', { H: ['goal:4'] }, { H: ['a10:4'] }, undefined, 'left-goal', /in the goal changed/],
    ['the cards entered do not give this result', { H: ['b4:5'], L: ['b5:2'], ap: 1 }, { H: ['b4:6'], L: ['b5:1'] }, [[0, 9]], 'no-sequence', /1 battle/],
  ])('%s', (_n, before, after, battles, code, reason) => {
    const e = g.explain(position(before), observe(after, battles));
    expect(e).toMatchObject({ legal: false, code });
    if (!e.legal) {
      expect(e.reason.en).toMatch(reason);
      expect(e.reason.de.length).toBeGreaterThan(10);
      // Shown as a sentence (after "Kamera:" too): it starts with a capital in both languages.
      expect(e.reason.de).toMatch(/^[A-ZÄÖÜ]/);
      expect(e.reason.en).toMatch(/^[A-ZÄÖÜ]/);
    }
  });

  it.each<[string, Spec, Spec, string]>([
    ['too far, one field', { H: ['b2:1'], ap: 1 }, { H: ['b9:1'] }, 'Der Himmel-Würfel auf b2 (1) ist 7 Felder von b9 entfernt; mit 1 AP und 0 Augen zum Senken kommt er höchstens 1 Feld weit.'],
    ['through a die', { H: ['b1:6'], L: ['b2:6'], ap: 2 }, { H: ['b3:6'], L: ['b2:6'] }, 'Der Himmel-Würfel auf b1 (6) kommt nicht nach b3: der Weg führt über den Hölle-Würfel auf b2 (6), und ein Würfel zieht nie über einen anderen; ein Umweg passt nicht in 2 AP.'],
  ])('German words: %s', (_n, before, after, de) => {
    expect(g.explain(position(before), observe(after))).toMatchObject({ legal: false, reason: { de } });
  });
});

describe('explain: every legal turn', () => {
  it('the turn that ends the game (the third die into the goal)', () => {
    const s = position({ H: ['a10:4', 'goal:5', 'goal:3'], ap: 1 });
    const { end } = explainsTo(s, { H: ['goal:4', 'goal:5', 'goal:3'] });
    expect(end.phase).toBe('over');
    expect(outcome(end)?.winners).toEqual([0]);
  });

  it('in single goes, the die that ends the game steps in last, after the dice that walk through the field it left', () => {
    // Turn 505 of the bench after its two battles: b3 must go home (the third die), and c4 must
    // come to b3 and c6 to c4 before it may; so b3 walks up to the goal and steps in at the end.
    const s = position({ H: ['c2:1', 'c3:2', 'c1:2', 'b1:4', 'b2:2'], L: ['a1:6', 'b3:6', 'a3:6', 'c4:6', 'c6:3'], ap: 3, active: 1 });
    const after: Spec = { H: ['c2:1', 'c3:2', 'c1:2', 'b1:4', 'b2:2'], L: ['goal:6', 'goal:2', 'goal:5', 'b3:2', 'c4:1'] };
    const moves = completeByGoes(s, observe(after).dice.filter((d) => d.side === 1));
    expect(moves).not.toBeNull();
    const end = replays(s, moves!, after);
    expect(end.phase).toBe('over');
    expect(end.ap).toBe(0);
  });

  it('a state in the middle of a battle: the first card chosen, the rest of the turn after it', () => {
    // Himmel b4 (5) attacked Hölle b5 (2) and chose the 3; Hölle plays the 0 and loses; the
    // free AP pushes the loser to c5.
    const s = play(play(position({ H: ['b4:5'], L: ['b5:2'], ap: 2 }), step(0, 'b5')), { type: 'card', card: 3 });
    expect(s.phase).toBe('battle');
    const { e } = explainsTo(s, { H: ['b4:6'], L: ['c5:1'] }, [[3, 0]]);
    expect(e.moves).toEqual([
      { type: 'card', card: 0 },
      { type: 'free-step', die: 5, to: 'c5' },
    ]);
  });

  it('a state with the free AP pending', () => {
    const s = play(play(play(position({ H: ['b4:5'], L: ['b5:2'], ap: 2 }), step(0, 'b5')), { type: 'card', card: 3 }), { type: 'card', card: 0 });
    expect(s.phase).toBe('free');
    explainsTo(s, { H: ['b4:6'], L: ['c5:1'] }, []);
    expect(explain(s, observe({ H: ['b4:6'], L: ['b5:1'] }))).toMatchObject({ legal: true, unchanged: true });
  });

  it('a die that steps aside and back to let another through', () => {
    // b1 must get to b3 past b2; Hölle's a1 and c1 wall it in. b2 steps aside to a2 and back.
    const s = position({ H: ['b1:6', 'b2:6'], L: ['a1:6', 'c1:6'], ap: 0 });
    const { e } = explainsTo(s, { H: ['b3:4', 'b2:4'], L: ['a1:6', 'c1:6'] });
    expect(e.ap).toBe(0);
  });

  it('three battles in one turn, with the cards entered', () => {
    // b4 (6) attacks b5 (4) three times, both playing the 0: Himmel wins each, b5 falls to 1.
    const s = position({ H: ['b4:6'], L: ['b5:4'], ap: 3 });
    const { e, end } = explainsTo(s, { H: ['b4:6'], L: ['b5:1'] }, [
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(e.moves.filter((m) => m.type === 'step')).toHaveLength(3);
    expect(end.ap).toBe(0);
  });

  it('battles the board shows but nobody entered: named, their cards asked for', () => {
    const s = position({ H: ['b4:6'], L: ['b5:4'], ap: 3 });
    const e = explain(s, observe({ H: ['b4:6'], L: ['b5:2'] }));
    expect(e).toMatchObject({ legal: false, code: 'cards-needed' });
    if (e.legal) return;
    // Which pips the attacker fought with the board cannot tell (it may have walked and come back).
    expect(e.battles?.map(({ attacker, defender, defenderPips, winner }) => ({ attacker, defender, defenderPips, winner }))).toEqual([
      { attacker: 'b4', defender: 'b5', defenderPips: 4, winner: 0 },
      { attacker: 'b4', defender: 'b5', defenderPips: 3, winner: 0 },
    ]);
    expect(e.reason.de).toBe('Auf dem Brett sind 2 Kämpfe zu sehen (b4 greift b5 an, Himmel gewinnt; b4 greift b5 an, Himmel gewinnt): bitte die Karten dieser Kämpfe eingeben.');
  });

  it('asks for the fewest battles the board needs, not every battle a search took on the way', () => {
    // Turn 20 of seed 100 (bench/himmel-und-hoelle-explain): Himmel's b4 (1) attacks b5 (1) and
    // wins, the free AP pushes c9 to c8, the rest walk. The greedy search took three more battles
    // for their free pips and actions and asked for the cards of four.
    const cards: [number[], number[]] = [
      [0, 2, 3, 5, 6, 7, 8, 10, 11, 12],
      [0, 2, 3, 4, 5, 6, 8, 9, 10, 11],
    ];
    const s = position({ H: ['b4:1', 'a1:1', 'b3:1', 'a4:1', 'c7:2'], L: ['b8:1', 'c9:1', 'b5:1', 'b10:1', 'b9:1'], ap: 5, cards });
    const after: Spec = { H: ['b4:1', 'a2:1', 'c3:1', 'a4:1', 'c7:1'], L: ['b8:1', 'c8:1', 'b5:1', 'b10:1', 'b9:1'] };
    // One battle, won by Himmel. Since the lower bound knows a walk's parity it is the cheaper one
    // the board shows just as well: c7 (2), which must walk two steps to show 1 on c7 again,
    // attacks b8 (1) from b7 on its way (3 AP, where b4's battle costs more).
    const e = explain(s, observe(after));
    expect(e).toMatchObject({ legal: false, code: 'cards-needed', battles: [{ winner: 0 }] });
    expect(!e.legal && e.battles?.length).toBe(1);
    explainsTo(s, after, [[10, 2]]);
  });

  it('a battle whose cards the position tells (only the 0 left on both sides) is explained without asking', () => {
    const s = position({ H: ['b4:6'], L: ['b5:4'], ap: 1, cards: [[0], [0]] });
    explainsTo(s, { H: ['b4:6'], L: ['b5:3'] });
  });

  it('a battle that leaves every enemy die as it was (the loser on 1 stays on 1) is still looked for', () => {
    // Hölle a10 (5) attacks Himmel a9 (1) and wins: a9 stays at 1, a10 goes to 6; the free AP and
    // two paid steps take b4 to b1. Without a battle that would cost 4 AP of the turn's 3.
    const s = position({ H: ['a9:1'], L: ['a10:5', 'b4:1'], ap: 3, active: 1 });
    const after: Spec = { H: ['a9:1'], L: ['a10:6', 'b1:1'] };
    expect(explain(s, observe(after))).toMatchObject({ legal: false, code: 'cards-needed', battles: [{ attacker: 'a10', defender: 'a9', winner: 1 }] });
    explainsTo(s, after, [[0, 7]]);
    expect(explain(s, observe(after, []))).toMatchObject({ legal: false, code: 'too-many-ap' });
  });

  it('a turn that needs no battle is never asked for cards, and a refusal without battles comes at once', () => {
    const s = position({ H: ['a1:6', 'c1:6'], ap: 2 });
    expect(explain(s, observe({ H: ['a3:6', 'c2:6'] }))).toMatchObject({ legal: false, code: 'too-many-ap' });
    explainsTo(s, { H: ['a3:5', 'c2:6'] });
  });
});

describe('explain: a search that gives up is no refusal', () => {
  // Turn 26 of seed 113 (bench/himmel-und-hoelle-explain): Himmel's c9 (6) attacks c10 (1) twice
  // and wins, both times with the 0, and pushes Hölle's a3 and a5 on with the free AP; b9 walks
  // home round b10; the others walk by lowering, b1 out and back. Both battles leave attacker and
  // defender as they were (6 stays 6, 1 stays 1), so the board shows only the pushed dice.
  const start = position({
    H: ['b9:6', 'c9:6', 'a1:6', 'b1:6', 'c1:6'],
    L: ['c10:1', 'goal:3', 'a3:1', 'b10:3', 'a5:1'],
    ap: 5,
    cards: [[0], [0, 1]],
  });
  const end: Spec = { H: ['goal:6', 'goal:2', 'b5:1', 'b1:2', 'c6:1'], L: ['c10:1', 'goal:3', 'a4:1', 'b10:3', 'a6:1'] };

  it('two battles nobody entered, far from the dice that walked, are found (they were refused `enemy-changed`)', () => {
    explainsTo(start, end);
  });

  it.each<[string, HuhState, Spec, [number, number][] | undefined]>([
    ['the battles not entered', start, end, undefined],
    ['the battles entered', start, end, [[0, 0], [0, 0]]],
  ])('with too few positions to search, the answer asks for the turn in steps and names no rule: %s', (_n, s, after, battles) => {
    const e = explain(s, observe(after, battles), { budget: 0 });
    expect(e).toMatchObject({ legal: false, code: 'search-limit', reason: { de: /in Schritten antippen/, en: /tap the turn in steps/ } });
  });

  it('a die in the way is named only where the search looked at every way round', () => {
    const s = position({ H: ['b1:6'], L: ['b2:6'], ap: 2 });
    const obs = observe({ H: ['b3:6'], L: ['b2:6'] });
    expect(diagnose(s, obs, false)).toMatchObject({ code: 'through-a-die' });
    expect(diagnose(s, obs, true)).toMatchObject({ code: 'search-limit' });
  });
});

describe('explain: every turn of real play', () => {
  it('explains every turn of bot games (battles included, the game-ending turn too), asked as the camera asks', () => {
    // First with no cards entered: a turn without battles is explained at once; one with battles
    // names the battles the board shows (or is explained where the position tells the cards).
    // Then with the cards. Never dearer than the turn spent where it says it found the cheapest.
    const turns = botTurns(TURNS, 300, [
      ['greedy', 'random'],
      ['random', 'greedy'],
      ['greedy', 'greedy'],
    ]);
    const wrong: string[] = [];
    let battles = 0;
    for (const [i, t] of turns.entries()) {
      battles += t.battles.length;
      let e = explain(t.start, { dice: t.end.dice });
      if (!e.legal && e.code === 'cards-needed') {
        // The board may show fewer battles than were fought (one that left no trace), never more.
        if (e.battles!.length > t.battles.length) wrong.push(`turn ${i}: asks for ${e.battles!.length} battles, ${t.battles.length} fought`);
        e = explain(t.start, { dice: t.end.dice, battles: t.battles.map((cards) => ({ cards })) });
      }
      if (!e.legal) {
        wrong.push(`turn ${i} (seed ${t.seed}, ${t.battles.length} battles): ${e.code}: ${e.reason.en}`);
        continue;
      }
      const end = e.moves.reduce(play, t.start);
      if (key(end.dice).join() !== key(t.end.dice).join()) wrong.push(`turn ${i}: lands elsewhere`);
      if (e.cheapest && e.ap > t.start.ap - t.end.ap) wrong.push(`turn ${i}: ${e.ap} AP, the turn spent ${t.start.ap - t.end.ap}`);
    }
    expect(wrong).toEqual([]);
    expect(turns.filter((t) => t.end.phase === 'over').length).toBeGreaterThan(0);
    expect(battles).toBeGreaterThan(TURNS / 10);
  });
});

describe('explain: the audit of issue 60 (B, C, E, F, G)', () => {
  it('B: five dice lowered to 1 on walks shorter than their lowering, no battle, is explained (was cards-needed naming 0 battles)', () => {
    const s = position({ H: ['c2:3', 'b3:3', 'c1:4', 'b1:6', 'start:6'], ap: 4 });
    explainsTo(s, { H: ['c4:1', 'c3:1', 'b2:1', 'b5:1', 'a4:1'] });
    explainsTo(s, { H: ['c4:1', 'c3:1', 'b2:1', 'b5:1', 'a4:1'] }, []);
  });
  const card = (c: number): HuhMove => ({ type: 'card', card: c });
  it('C: with `freeAp: any-action` the free AP attacks again (a battle of its own), explained with the cards entered', () => {
    const s = position({ H: ['b5:6'], L: ['b6:5'], ap: 1, options: { freeAp: 'any-action' } });
    const after = [step(0, 'b6'), card(5), card(0), { type: 'free-step', die: 0, to: 'b6' } as HuhMove, card(0), card(0)].reduce(play, s);
    const e = explain(s, { dice: after.dice, battles: [{ cards: [5, 0] }, { cards: [0, 0] }] });
    expect(e).toMatchObject({ legal: true, ap: 1 });
    if (e.legal) expect(key(e.moves.reduce(play, s).dice)).toEqual(key(after.dice));
  });
  it.each([[{ freeApOptional: false }], [{}]])('E: the board right after the cards (%j) ends the explanation with the cards, the free AP still due', (options) => {
    const s = position({ H: ['b5:6'], L: ['b6:5'], ap: 1, options });
    const battle = play(s, step(0, 'b6'));
    const after = [card(5), card(0)].reduce(play, battle);
    const e = explain(battle, { dice: after.dice, battles: [{ cards: [5, 0] }] });
    expect(e).toMatchObject({ legal: true, moves: [card(5), card(0)] });
    const fromStart = explain(s, { dice: after.dice, battles: [{ cards: [5, 0] }] });
    expect(fromStart).toMatchObject({ legal: true, moves: [step(0, 'b6'), card(5), card(0)] });
  });
  it('F: with `attackWithPips` an attack paid by a pip, its battle pending, is explained without asking for cards', () => {
    const s = position({ H: ['b5:4'], L: ['b6:5'], ap: 1, options: { attackWithPips: true } });
    const after = play(s, step(0, 'b6', 'pip'));
    expect(explain(s, { dice: after.dice })).toMatchObject({ legal: true, ap: 0, moves: [step(0, 'b6', 'pip')] });
  });
  it('G: a card entered against the one a seat already chose in the pending battle is refused, the chosen card not named', () => {
    const s = [step(0, 'b6'), card(5)].reduce(play, position({ H: ['b5:4'], L: ['b6:5'], ap: 1 }));
    const after = play(s, card(0));
    const e = explain(s, { dice: after.dice, battles: [{ cards: [3, 0] }] });
    expect(e).toMatchObject({ legal: false, code: 'card-contradicts' });
    if (!e.legal) expect(e.reason.en).not.toContain('5');
    expect(explain(s, { dice: after.dice, battles: [{ cards: [5, 0] }] })).toMatchObject({ legal: true, moves: [card(0)] });
  });
});
