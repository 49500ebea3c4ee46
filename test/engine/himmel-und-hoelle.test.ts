import { describe, expect, it } from 'vitest';
import { describeMove, himmelUndHoelle as g, outcome, play, publicView, setup } from '../../engine/himmel-und-hoelle/game.ts';
import { reach, stepsTo } from '../../engine/himmel-und-hoelle/reach.ts';
import { battleWinner, legalMoves, toMove, whyNot } from '../../engine/himmel-und-hoelle/rules.ts';
import type { HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';
import { createRng } from '../../engine/core/rng.ts';
import { answer } from '../../engine/protocol.ts';
import { position } from './himmel-und-hoelle-helpers.ts';

const run = (s: HuhState, ...moves: HuhMove[]) => moves.reduce(play, s);
const step = (die: number, to: string, pay: 'ap' | 'pip' = 'ap'): HuhMove => ({ type: 'step', die, to, pay });
const code = (s: HuhState, m: HuhMove) => whyNot(s, m)?.code ?? null;

describe('Himmel und Hölle: setup and options', () => {
  it('starts with five dice a side on 6 in their start areas, Himmel to move with 1 AP', () => {
    const s = setup({});
    expect(s.dice.filter((d) => d.side === 0).every((d) => d.at === 'start-himmel' && d.pips === 6)).toBe(true);
    expect(s.dice.filter((d) => d.side === 1).every((d) => d.at === 'start-hoelle' && d.pips === 6)).toBe(true);
    expect([toMove(s), s.ap, s.cards[0]]).toEqual([0, 1, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]);
  });

  it('marks every interpretation as a switchable option', () => {
    const keys = g.options.filter((o) => o.interpretation).map((o) => o.key);
    expect(keys).toEqual(['startValues', 'apFrom', 'minOneAp', 'carryAp', 'enterAnyColumn', 'goalFinal', 'returnToStart', 'equalPips', 'freeApOptional', 'oneDiePerField', 'attackWithPips', 'freeAp', 'repetition', 'cameraTurnEnd']);
    expect(() => setup({ apFrom: 'some' })).toThrow(/apFrom/);
  });

  it('startValues "chosen": each side sets its five values before the first turn', () => {
    let s = setup({ startValues: 'chosen' });
    expect([s.phase, toMove(s)]).toEqual(['setup', 0]);
    expect(code(s, step(0, 'a1'))).toBe('wrong-phase');
    s = run(s, { type: 'start-values', pips: [1, 2, 3, 4, 5] });
    expect(toMove(s)).toBe(1);
    s = run(s, { type: 'start-values', pips: [6, 6, 5, 5, 4] });
    expect([s.phase, toMove(s), s.ap]).toEqual(['turn', 0, 1]);
    expect(s.dice.map((d) => d.pips)).toEqual([1, 2, 3, 4, 5, 6, 6, 5, 5, 4]);
    expect(code(setup({ startValues: 'chosen' }), { type: 'start-values', pips: [7, 1, 1, 1, 1] })).toBe('bad-start-values');
  });
});

describe('moving: one field across or along, for 1 AP or 1 pip', () => {
  // Himmel's die 0 on b2 showing 4, 2 AP.
  const s = position({ H: ['b2:4', 'b3:2', 'c2:1'], L: ['a2:5'], ap: 2 });
  it.each<[string, HuhMove, string | null]>([
    ['up for 1 AP', step(0, 'b1'), null],
    ['down (back) for 1 AP', step(0, 'b1'), null],
    ['paid by lowering', step(0, 'b1', 'pip'), null],
    ['diagonal', step(0, 'a3'), 'not-adjacent'],
    ['two fields', step(0, 'b4'), 'not-adjacent'],
    ['into an own die', step(0, 'b3'), 'own-die'],
    ['lowering a die showing 1', step(2, 'c3', 'pip'), 'pips-at-1'],
    ['a die of the other side', step(5, 'a3'), 'not-yours'],
    ['raise', { type: 'raise', die: 0 }, null],
  ])('%s', (_n, m, want) => expect(code(s, m)).toBe(want));

  it('an AP step costs 1 AP, a lowering step 1 pip and no AP', () => {
    const a = play(s, step(0, 'b1'));
    expect([a.ap, a.dice[0]]).toEqual([1, { side: 0, at: 'b1', pips: 4 }]);
    const b = play(s, step(0, 'b1', 'pip'));
    expect([b.ap, b.dice[0]]).toEqual([2, { side: 0, at: 'b1', pips: 3 }]);
  });

  it('no AP left: paid steps and raises are refused, lowering still moves', () => {
    const z = { ...s, ap: 0 };
    expect(code(z, step(0, 'b1'))).toBe('no-ap');
    expect(code(z, { type: 'raise', die: 0 })).toBe('no-ap');
    expect(code(z, step(0, 'b1', 'pip'))).toBeNull();
  });

  it.each([
    [5, null],
    [6, 'pips-at-6'],
  ])('raising a die showing %i', (pips, want) => {
    expect(code(position({ H: [`b2:${pips}`] }), { type: 'raise', die: 0 })).toBe(want);
  });

  it('play never mutates its input', () => {
    const copy = structuredClone(s);
    play(s, step(0, 'b1', 'pip'));
    expect(s).toEqual(copy);
  });
});

describe('zones', () => {
  it.each<[string, Record<string, unknown>, string, string | null]>([
    ['start area into a1', {}, 'a1', null],
    ['start area into c1', {}, 'c1', null],
    ['start area into a2', {}, 'a2', 'not-adjacent'],
    ['enterAnyColumn off: only b1', { enterAnyColumn: false }, 'a1', 'not-adjacent'],
    ['enterAnyColumn off: b1', { enterAnyColumn: false }, 'b1', null],
  ])('%s', (_n, options, to, want) => {
    expect(code(position({ options }), step(0, to))).toBe(want);
  });

  it('row 10 steps into the goal (Himmel) and row 1 into the goal (Hölle)', () => {
    expect(code(position({ H: ['a10:3'] }), step(0, 'start-hoelle'))).toBeNull();
    expect(code(position({ L: ['c1:3'], active: 1 }), step(5, 'start-himmel'))).toBeNull();
  });

  it.each<[Record<string, unknown>, string | null]>([
    [{}, 'own-start'],
    [{ returnToStart: true }, null],
  ])('a die on row 1 back into its own start area (%j)', (options, want) => {
    expect(code(position({ H: ['b1:3'], options }), step(0, 'start-himmel'))).toBe(want);
  });

  it.each<[Record<string, unknown>, string | null]>([
    [{}, 'in-goal'],
    [{ goalFinal: false }, null],
  ])('a die in the goal steps back out (%j)', (options, want) => {
    expect(code(position({ H: ['goal:3', 'b9:2'], options }), step(0, 'b10'))).toBe(want);
  });

  it('a die in the goal cannot be raised', () => {
    expect(code(position({ H: ['goal:3'] }), { type: 'raise', die: 0 })).toBe('in-goal');
  });
});

describe('oneDiePerField (a field holds one die)', () => {
  const off = { oneDiePerField: false };
  it.each<[Record<string, unknown>, string | null]>([
    [{}, 'own-die'],
    [off, null],
  ])('a step onto an own die (%j)', (options, want) => {
    expect(code(position({ H: ['b2:4', 'b3:2'], options }), step(0, 'b3'))).toBe(want);
  });

  it('off: an attack on a shared field meets the die with the most pips', () => {
    const b = play(position({ H: ['b4:3'], L: ['b5:2', 'b5:5'], options: off }), step(0, 'b5'));
    expect(b.battle).toMatchObject({ attacker: 0, defender: 6 });
  });

  it('off: reach goes onto and through own dice, never onto an enemy', () => {
    const r = reach(position({ H: ['b2:6', 'b3:2'], L: ['a3:4'], ap: 0, options: off }), 0).map((e) => e.place);
    expect(r).toEqual(expect.arrayContaining(['b3', 'b4', 'b7']));
    expect(reach(position({ H: ['b2:6', 'b3:2'], ap: 0 }), 0).map((e) => e.place)).not.toContain('b3');
  });

  it('off: states and observations may show own dice sharing a field, never both sides', () => {
    const s = position({ H: ['b3:4', 'b3:2'], options: off });
    expect(g.parseState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(() => g.parseState(position({ H: ['b3:4', 'b3:2'] }))).toThrow(/b3 holds two dice/);
    expect(() => g.parseState(position({ H: ['b3:4'], L: ['b3:2'], options: off }))).toThrow(/b3 holds two dice/);
    const e = g.explain(position({ H: ['b2:4', 'b3:2'], ap: 1, options: off }), { dice: position({ H: ['b3:3', 'b3:2'] }).dice });
    expect(e).toMatchObject({ legal: true, ap: 0 });
  });
});

describe('action points', () => {
  const ended = (spec: Parameters<typeof position>[0]) => play(position(spec), { type: 'end' });
  it.each<[string, Parameters<typeof position>[0], number]>([
    ['own dice on the fields count', { H: ['a1:6'], L: ['a5:6', 'b5:6', 'goal:4'] }, 2],
    ['dice in start or goal do not', { L: ['start:6', 'goal:6'] }, 1],
    ['apFrom all: every die on the fields', { H: ['a1:6', 'a2:6'], L: ['a5:6'], options: { apFrom: 'all' } }, 3],
    ['minOneAp off: none on the fields gives 0', { L: ['goal:2'], options: { minOneAp: false } }, 0],
    ['carryAp: unspent AP of the last turn are added', { L: ['a5:6'], options: { carryAp: true } }, 1],
  ])('%s', (_n, spec, ap) => expect(ended({ ...spec, active: 0 }).ap).toBe(ap));

  it('the first turn of each player gives 1 AP; unspent AP are lost', () => {
    const s = run(setup({}), step(0, 'a1'), { type: 'end' });
    expect([s.active, s.ap]).toEqual([1, 1]);
    const t = run(s, { type: 'end' });
    expect([t.active, t.ap]).toEqual([0, 1]);
  });

  it('carryAp keeps what the player left for their next turn', () => {
    const s = position({ H: ['a1:6', 'b1:6'], ap: 2, options: { carryAp: true } });
    const back = run(s, { type: 'end' }, { type: 'end' });
    expect([back.active, back.ap]).toEqual([0, 4]);
  });
});

describe('battles', () => {
  // Himmel b4 (3) next to Hölle b5 (5).
  const s = position({ H: ['b4:3'], L: ['b5:5', 'a6:2'], ap: 2 });

  it('stepping onto an enemy attacks: the attacker pays 1 AP and stays', () => {
    const b = play(s, step(0, 'b5'));
    expect([b.phase, b.ap, b.dice[0].at, b.battle]).toEqual(['battle', 1, 'b4', { attacker: 0, defender: 5, cards: [null, null] }]);
  });

  it.each<[Record<string, unknown>, string | null]>([
    [{}, 'attack-needs-ap'],
    [{ attackWithPips: true }, null],
  ])('an attack paid by lowering (%j)', (options, want) => {
    expect(code({ ...s, rules: setup(options).rules }, step(0, 'b5', 'pip'))).toBe(want);
  });

  it.each<[number, number, number, number, 'attacker' | 'defender']>([
    [3, 5, 5, 2, 'attacker'], // 8 > 7
    [3, 2, 5, 1, 'defender'], // 5 < 6
    [3, 4, 5, 2, 'attacker'], // 7 = 7, higher card wins
    [5, 2, 3, 4, 'defender'], // 7 = 7, higher card wins
    [4, 3, 4, 3, 'defender'], // 7 = 7, same card: the defender
    [6, 0, 6, 0, 'defender'],
    [1, 12, 6, 7, 'attacker'], // 13 = 13, the 12 is the higher card
  ])('pips %i + card %i against pips %i + card %i: %s', (ap, ac, dp, dc, want) => {
    expect(battleWinner(ap, ac, dp, dc)).toBe(want);
  });

  it('both cards are hidden until both are in; then winner +1, loser -1, cards used up but the 0', () => {
    let b = play(s, step(0, 'b5'));
    expect(toMove(b)).toBe(0);
    b = play(b, { type: 'card', card: 6 });
    expect(toMove(b)).toBe(1);
    expect(publicView(b).battle!.cards).toEqual([-1, null]);
    expect(describeMove(b, { type: 'card', card: 2 }).en).not.toMatch(/2/);
    b = play(b, { type: 'card', card: 0 });
    // 3 + 6 = 9 against 5 + 0 = 5: Himmel wins.
    expect(b.lastBattle).toEqual({ attacker: 0, defender: 5, cards: [6, 0], winner: 0 });
    expect([b.dice[0].pips, b.dice[5].pips]).toEqual([4, 4]);
    expect(b.cards[0]).not.toContain(6);
    expect(b.cards[1]).toContain(0);
    expect([b.phase, toMove(b)]).toEqual(['free', 0]);
  });

  it.each<[number, number, number[], string | null]>([
    [1, 12, [12], null],
    [2, 12, [12], 'card-too-high'],
    [3, 10, [10], null],
    [4, 10, [10], 'card-too-high'],
    [6, 7, [7], null],
    [6, 8, [8], 'card-too-high'],
    [3, 5, [0, 4], 'card-used'],
    [3, 0, [0], null],
  ])('a die showing %i may play card %i from %j? (%s)', (pips, card, hand, want) => {
    const t = play(position({ H: [`b4:${pips}`], L: ['b5:5'], cards: [hand.includes(0) ? hand : [0, ...hand], [0]] }), step(0, 'b5'));
    expect(code(t, { type: 'card', card })).toBe(want);
  });

  it('the 0 can be played again and again', () => {
    let t = position({ H: ['b4:6'], L: ['b5:1'], ap: 3 });
    for (let i = 0; i < 3; i++) {
      t = run(t, step(0, 'b5'), { type: 'card', card: 0 }, { type: 'card', card: 0 }, { type: 'free-pass' });
    }
    expect([t.cards, t.dice[0].pips, t.dice[5].pips]).toEqual([setup({}).cards, 6, 1]);
  });

  describe('the free AP', () => {
    // Himmel wins: b4 (6) against b5 (1), both play 0.
    const won = run(position({ H: ['b4:6', 'a4:3'], L: ['b5:1', 'c9:4'], ap: 2 }), step(0, 'b5'), { type: 'card', card: 0 }, { type: 'card', card: 0 });
    it.each<[string, HuhMove, string | null]>([
      ['push the enemy die aside into an empty field', { type: 'free-step', die: 5, to: 'c5' }, null],
      ['push it forward', { type: 'free-step', die: 5, to: 'b6' }, null],
      ['not into a taken field', { type: 'free-step', die: 5, to: 'b4' }, 'free-to-field'],
      ['move an own die', { type: 'free-step', die: 1, to: 'a5' }, null],
      ['raise an own die', { type: 'free-raise', die: 1 }, null],
      ['not an enemy die raised (house rule "Free AP")', { type: 'free-raise', die: 6 }, 'free-raise-own'],
      ['not two fields at once', { type: 'free-step', die: 6, to: 'start-himmel' }, 'not-adjacent'],
      ['leave it unused', { type: 'free-pass' }, null],
      ['end the turn before it', { type: 'end' }, 'wrong-phase'],
    ])('%s', (_n, m, want) => expect(code(won, m)).toBe(want));

    it('costs no AP and hands the turn back to the active player', () => {
      const t = play(won, { type: 'free-step', die: 5, to: 'c5' });
      expect([t.phase, t.ap, t.dice[5].at, toMove(t)]).toEqual(['turn', 1, 'c5', 0]);
    });

    it('freeApOptional off: it must be used', () => {
      expect(code({ ...won, rules: { ...won.rules, freeApOptional: false } }, { type: 'free-pass' })).toBe('free-ap-must');
    });

    it('a defender who wins holds it, then the attacker goes on', () => {
      let t = run(position({ H: ['b4:2'], L: ['b5:6'], ap: 2 }), step(0, 'b5'), { type: 'card', card: 0 }, { type: 'card', card: 0 });
      expect([t.lastBattle!.winner, t.phase, toMove(t), t.dice[0].pips, t.dice[5].pips]).toEqual([1, 'free', 1, 1, 6]);
      t = play(t, { type: 'free-step', die: 0, to: 'b3' });
      expect([toMove(t), t.ap, t.dice[0].at]).toEqual([0, 1, 'b3']);
    });
  });
});

describe('the end', () => {
  it.each<[string, Record<string, unknown>, string[], string[], number[], boolean]>([
    ['more pips in the goal win', {}, ['goal:6', 'goal:5', 'a10:2'], ['goal:6', 'goal:6'], [0], false],
    ['fewer pips lose even to fewer dice', {}, ['goal:1', 'goal:1', 'a10:1'], ['goal:6'], [1], false],
    ['equal pips: a draw', {}, ['goal:4', 'goal:4', 'a10:4'], ['goal:6', 'goal:6'], [], true],
    ['equal pips, equalPips=finisher', { equalPips: 'finisher' }, ['goal:4', 'goal:4', 'a10:4'], ['goal:6', 'goal:6'], [0], false],
  ])('%s', (_n, options, H, L, winners, draw) => {
    const s = play(position({ H, L, options }), step(2, 'start-hoelle'));
    expect(s.phase).toBe('over');
    expect(toMove(s)).toBeNull();
    expect(legalMoves(s)).toEqual([]);
    expect(outcome(s)).toMatchObject({ winners, draw });
    expect(g.score(s)).toEqual([s.dice.filter((d) => d.side === 0 && d.at === 'start-hoelle').reduce((n, d) => n + d.pips, 0), L.reduce((n, x) => n + Number(x.split(':')[1]), 0)]);
    expect(code(s, { type: 'end' })).toBe('game-over');
  });
});

describe('reach', () => {
  it('lists every field with the cheapest AP and the pips it loses, attacks marked', () => {
    // b2 showing 3 (2 pips to lower), 1 AP: up to 3 steps; b4 holds an own die, a3 an enemy.
    const s = position({ H: ['b2:3', 'b4:2'], L: ['a3:5'], ap: 1 });
    const r = new Map(reach(s, 0).map((e) => [e.place, e]));
    expect(r.get('b3')).toEqual({ place: 'b3', steps: 1, attack: false, ap: 0, pipsLost: 1, apKeepingPips: 1 });
    // The attack's own step costs the AP; the step before it is paid by a pip.
    expect(r.get('a3')).toEqual({ place: 'a3', steps: 2, attack: true, ap: 1, pipsLost: 1, apKeepingPips: null });
    expect(r.get('c4')).toEqual({ place: 'c4', steps: 3, attack: false, ap: 1, pipsLost: 2, apKeepingPips: null });
    expect(r.has('b4')).toBe(false); // own die
    expect(r.has('b5')).toBe(false); // behind the own die, 5 steps round it
    expect(r.has('a4')).toBe(false); // behind the enemy, not through it
    expect(r.has('start-himmel')).toBe(false);
    expect(reach(s, 5)).toEqual([]); // not the active side's die
    expect(stepsTo(s, 0, 'c4')!.map((m) => (m as { pay: string }).pay)).toEqual(['pip', 'pip', 'ap']);
    const walked = stepsTo(s, 0, 'c4')!.reduce(play, s);
    expect([walked.dice[0], walked.ap]).toEqual([{ side: 0, at: 'c4', pips: 1 }, 0]);
    const kept = stepsTo(position({ H: ['b2:3'], ap: 2 }), 0, 'b4', true)!;
    expect(kept.map((m) => (m as { pay: string }).pay)).toEqual(['ap', 'ap']);
    expect(stepsTo(s, 0, 'b6')).toBeNull();
  });

  it('reaches the goal from row 10, and the start area enters any first-row field', () => {
    expect(reach(position({ H: ['c10:1'], ap: 1 }), 0).map((e) => e.place)).toContain('start-hoelle');
    // 1 AP and 5 pips to lower: six steps, and row r is r steps from the start area.
    const fromStart = reach(position({ ap: 1 }), 0);
    expect(fromStart.map((e) => e.place).sort()).toEqual(['a', 'b', 'c'].flatMap((c) => [1, 2, 3, 4, 5, 6].map((r) => `${c}${r}`)).sort());
    expect(fromStart.find((e) => e.place === 'b6')).toMatchObject({ ap: 1, pipsLost: 5 });
  });
});

describe('parsing and the protocol', () => {
  it('round-trips a state and rejects bad input with a precise message', () => {
    const s = position({ H: ['b4:3'], L: ['b5:5'] });
    expect(g.parseState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(() => g.parseState({ ...s, dice: s.dice.slice(1) })).toThrow(/dice/);
    expect(() => g.parseState({ ...s, dice: s.dice.map((d, i) => (i === 1 ? { ...d, at: 'b4' } : d)) })).toThrow(/b4 holds two dice/);
    expect(() => g.parseState({ ...s, dice: s.dice.map((d, i) => (i === 1 ? { ...d, pips: 7 } : d)) })).toThrow(/pips/);
    expect(() => g.parseState({ ...s, cards: [[1, 2], [0]] })).toThrow(/the 0/);
    expect(() => g.parseMove({ type: 'step', die: 0, to: 'd4', pay: 'ap' })).toThrow(/to/);
    expect(() => g.parseMove({ type: 'fly' })).toThrow(/type/);
    expect(() => g.parseObservation({ dice: [{ side: 0, at: 'a1', pips: 0 }] })).toThrow(/pips/);
  });

  it('schiri engine serves it: new, legal, play, explain and the computer move', () => {
    const s = (answer(JSON.stringify({ cmd: 'new', game: 'himmel-und-hoelle' })) as unknown as { state: HuhState }).state;
    expect(s.game).toBe('himmel-und-hoelle');
    const legal = answer(JSON.stringify({ cmd: 'legal', game: 'himmel-und-hoelle', state: s })) as unknown as { moves: HuhMove[] };
    expect(legal.moves).toContainEqual(step(0, 'b1'));
    expect(answer(JSON.stringify({ cmd: 'play', game: 'himmel-und-hoelle', state: s, move: step(0, 'b2') }))).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
    for (const level of ['random', 'greedy', 'strong']) {
      const a = answer(JSON.stringify({ cmd: 'bot', game: 'himmel-und-hoelle', state: s, level, seed: 3 })) as unknown as { ok: boolean; move: HuhMove };
      expect(a.ok).toBe(true);
      expect(whyNot(s, a.move)).toBeNull();
    }
  });
});

describe('computer players', () => {
  it('never peek at the hidden card: the defender picks the same whatever the attacker chose', () => {
    const battle = play(position({ H: ['b4:3'], L: ['b5:2'], ap: 1 }), step(0, 'b5'));
    for (const level of ['greedy', 'strong']) {
      const blind = g.bots![level]({ ...battle, battle: { ...battle.battle!, cards: [0, null] } }, createRng(1));
      for (const card of [0, 5, 10]) {
        expect(g.bots![level]({ ...battle, battle: { ...battle.battle!, cards: [card, null] } }, createRng(1))).toEqual(blind);
      }
    }
  });

  it.each<[string, string, number[], string, number[], number]>([
    ['a 6 against a 1 holding only the 0: the 0 wins already', 'b4:6', [0, 1, 2, 3], 'b5:1', [0], 0],
    ['the cheapest sure card, not the highest', 'b4:3', [0, 2, 5, 7], 'b5:4', [0, 3], 5],
    ['13 against 13: the higher card wins, so the 11 is sure', 'b4:2', [0, 4, 11], 'b5:5', [0, 8], 11],
    ['no sure win (the other side has one): keep the cards, play the 0', 'b4:2', [0, 4, 10], 'b5:5', [0, 8], 0],
  ])('cards: %s', (_n, att, attHand, def, defHand, card) => {
    const battle = play(position({ H: [att], L: [def], ap: 1, cards: [attHand, defHand] }), step(0, 'b5'));
    for (const level of ['greedy', 'strong']) expect(g.bots![level](battle, createRng(1))).toEqual({ type: 'card', card });
  });

  it('strong is bounded by counts, not the clock: the same position and seed give the same turn', () => {
    const s = position({ H: ['b4:3', 'a6:5', 'c2:6'], L: ['b7:4', 'c8:6', 'a9:2'], ap: 3 });
    const turn = () => {
      const rng = createRng(11);
      const moves: HuhMove[] = [];
      for (let t = s; t.active === 0 && t.phase !== 'over'; ) {
        const m = g.bots!.strong(t, rng);
        moves.push(m);
        t = play(t, m);
      }
      return moves;
    };
    const first = turn();
    expect(first.at(-1)).toEqual({ type: 'end' });
    expect(turn()).toEqual(first);
  });

  it('plays a whole first turn of legal actions and ends it', () => {
    for (const level of ['random', 'greedy', 'strong']) {
      let s = setup({});
      const rng = createRng(7);
      for (let n = 0; s.active === 0; n++) {
        expect(n).toBeLessThan(100);
        s = play(s, g.bots![level](s, rng));
      }
      expect(s.dice.some((d) => d.side === 0 && d.at !== 'start-himmel')).toBe(level === 'random' ? s.dice.some((d) => d.side === 0 && d.at !== 'start-himmel') : true);
    }
  });
});
