import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine/core/errors.ts';
import type { Card, Colour } from '../../engine/diabolo/cards.ts';
import { diabolo, type DiaboloMove, type DiaboloState } from '../../engine/diabolo/game.ts';
import { emptyRows, scoreColour, type Rows } from '../../engine/diabolo/rules.ts';
import { refusal } from './refusal.ts';

type RowSpec = Partial<Record<Colour, [number[], number[]]>>;
const rows = (spec: RowSpec): Rows => {
  const r = emptyRows();
  for (const [c, [devil, angel]] of Object.entries(spec)) r[c as Colour] = { devil, angel };
  return r;
};
const referee = (players: number, spec: RowSpec, more: Partial<DiaboloState> = {}): DiaboloState => ({
  ...diabolo.setup({ view: 'referee', players }),
  rows: rows(spec),
  ...more,
});
const play = (s: DiaboloState, ...moves: DiaboloMove[]) => moves.reduce((st, m) => diabolo.play(st, m), s);
const card = (colour: Colour, value: number, side: 'devil' | 'angel'): DiaboloMove => ({ type: 'play', colour, value, side });

describe('Diabolo: sides of 3, rows of 5, locking', () => {
  it.each([
    ['a fourth card on a full side', { c1: [[1, 2, 3], []] }, card('c1', 1, 'devil'), /devil side of c1 already holds 3/],
    ['the other side of a full side', { c1: [[1, 2, 3], []] }, card('c1', 1, 'angel'), /accepted/],
    ['a fifth card into a row of 3 + 1', { c1: [[1, 2, 3], [4]] }, card('c1', 1, 'angel'), /accepted/],
    ['any card into a locked row', { c1: [[1, 2, 3], [4, 5]] }, card('c1', 1, 'angel'), /Row c1 is locked/],
    ['a card on an empty row', {}, card('c4', 5, 'devil'), /accepted/],
  ] as [string, RowSpec, DiaboloMove, RegExp][])('%s', (_, spec, move, expected) => {
    expect(refusal(() => diabolo.play(referee(3, spec), move))).toMatch(expected);
  });

  it('the fifth card locks the row: the lock field shows and the row takes nothing more', () => {
    const s = play(referee(3, { c1: [[1, 1], [2, 2]] }), card('c1', 3, 'angel'));
    expect(s.rows.c1).toEqual({ devil: [1, 1], angel: [2, 2, 3] });
    expect(s.phase).toBe('play');
    expect(diabolo.legalMoves(s).some((m) => m.type === 'play' && m.colour === 'c1')).toBe(false);
  });
});

describe('Diabolo: the round ends at once at 2 locked rows, 3 with 5 players', () => {
  const locked: [number[], number[]] = [[1, 1, 1], [2, 2]];
  const four: [number[], number[]] = [[3, 3], [4, 4]];
  it.each([
    [3, 2],
    [4, 2],
    [5, 3],
  ])('%i players: the round ends at the %i. locked row', (players, locks) => {
    const spec = (n: number): RowSpec => Object.fromEntries((['c1', 'c2', 'c3'] as Colour[]).slice(0, n).map((c) => [c, locked]));
    // One lock short of the end: locking a further row ends the round; with two short, it does not.
    const last = play(referee(players, { ...spec(locks - 1), c5: four }), card('c5', 5, 'angel'));
    expect(last.phase).not.toBe('play');
    const early = play(referee(players, { ...spec(locks - 2), c5: four }), card('c5', 5, 'angel'));
    expect(early.phase).toBe('play');
  });
});

describe('Diabolo: scoring of one colour (rules table)', () => {
  it.each([
    // verdict, sums by seat, announced by seat, points
    ['angels ahead, no Doppler: the highest sum scores', 'angels', [7, 3, 0], [false, false, false], [7, 0, 0]],
    ['angels ahead, Doppler of the highest doubles', 'angels', [7, 3, 0], [true, false, false], [14, 0, 0]],
    ['angels ahead, tie: both score in full, Doppler doubles only its owner', 'angels', [5, 5, 2], [false, true, false], [5, 10, 0]],
    ['angels ahead, Doppler not highest: no points', 'angels', [2, 6, 0], [true, false, false], [0, 6, 0]],
    ['devils ahead: the highest sum scores minus', 'devils', [4, 9, 1], [false, false, false], [0, -9, 0]],
    ['devils ahead, tie: all tied lose it', 'devils', [6, 2, 6], [false, false, false], [-6, 0, -6]],
    ['equal: not scored', 'equal', [6, 2, 6], [false, false, false], [0, 0, 0]],
    ['nobody holds the colour: nobody scores', 'angels', [0, 0, 0], [true, false, false], [0, 0, 0]],
  ] as const)('%s', (_, v, sums, announced, points) => {
    expect(scoreColour(v, sums, announced, false).points).toEqual(points);
  });

  it('an announced Doppler is spent even when not highest; the all-zero case is switchable', () => {
    expect(scoreColour('angels', [2, 6, 0], [true, false, false], false).spent).toEqual([true, false, false]);
    expect(scoreColour('angels', [0, 0, 0], [true, false, false], false).spent).toEqual([true, false, false]);
    expect(scoreColour('angels', [0, 0, 0], [true, false, false], true).spent).toEqual([false, false, false]);
  });
});

describe('Diabolo: the referee runs the scoring (Doppler choice, then reveals)', () => {
  // c2 ends equal (3 against 3) with the locking card, so only c1 and c3 are scored.
  const ending = card('c2', 2, 'angel');
  const base = (c1: [number[], number[]], c3?: [number[], number[]]) =>
    referee(3, { c1, c2: [[1, 1, 1], [1]], ...(c3 ? { c3 } : {}), c4: [[2, 2, 1], []] });

  it('angels ahead: Doppler choices in play order from the first player, then sums, then points', () => {
    let s = play(base([[1, 1], [2, 2, 3]]), ending);
    expect(s.phase).toBe('doppler');
    expect(s.scoring!.colour).toBe('c1');
    // Round 1: seat 0 dealt, seat 1 begins.
    const choices: number[] = [];
    for (const announce of [false, true, false]) {
      choices.push(diabolo.toMove(s)!);
      s = play(s, { type: 'doppler', announce });
    }
    expect(choices).toEqual([1, 2, 0]);
    expect(s.phase).toBe('reveal');
    s = play(s, { type: 'reveal', sum: 3 }, { type: 'reveal', sum: 5 }, { type: 'reveal', sum: 4 });
    // c1: 7 angels against 2 devils; seat 2 is highest with 5 and doubles it. c4 (devils) is next.
    expect(s.results[0][0]).toMatchObject({ colour: 'c1', verdict: 'angels', sums: [4, 3, 5], announced: [false, false, true], points: [0, 0, 10] });
    expect(s.results[0][1]).toMatchObject({ colour: 'c2', verdict: 'equal', sums: null });
    expect(s.phase).toBe('reveal');
    expect(s.scoring!.colour).toBe('c4');
  });

  it('devils ahead: no Doppler choice, the highest hand sum scores minus', () => {
    let s = play(base([[1, 1], [2, 2, 3]]), ending);
    s = play(s, ...[false, false, false].map((announce): DiaboloMove => ({ type: 'doppler', announce })));
    s = play(s, ...[0, 0, 0].map((sum): DiaboloMove => ({ type: 'reveal', sum })));
    expect(s.scoring!.colour).toBe('c4');
    expect(s.phase).toBe('reveal');
    s = play(s, { type: 'reveal', sum: 6 }, { type: 'reveal', sum: 6 }, { type: 'reveal', sum: 1 });
    expect(s.results[0][3]).toMatchObject({ colour: 'c4', verdict: 'devils', sums: [1, 6, 6], points: [0, -6, -6] });
  });

  it('a Doppler lost on one colour cannot be announced on a later one', () => {
    let s = play(base([[1, 1], [2, 2, 3]], [[1], [4, 4]]), ending);
    s = play(s, { type: 'doppler', announce: true }, { type: 'doppler', announce: false }, { type: 'doppler', announce: false });
    s = play(s, { type: 'reveal', sum: 1 }, { type: 'reveal', sum: 6 }, { type: 'reveal', sum: 0 });
    expect(s.results[0][0]).toMatchObject({ announced: [false, true, false], points: [0, 0, 6] });
    expect(s.dopplerUsed).toEqual([false, true, false]);
    expect(s.scoring!.colour).toBe('c3');
    expect(s.scoring!.announced).toEqual([null, false, null]);
    expect(diabolo.toMove(s)).toBe(2);
  });

  it('refuses a hand sum that the unseen cards cannot make', () => {
    let s = play(base([[1, 1], [2, 2, 3]]), ending);
    s = play(s, ...[false, false, false].map((announce): DiaboloMove => ({ type: 'doppler', announce })));
    // c1 holds 37 points; 1+1+2+2+3 = 9 are open, 28 unseen; 6 cards hold at most 5+5+4+4+3+3 = 24.
    expect(refusal(() => diabolo.play(s, { type: 'reveal', sum: 25 }))).toMatch(/cannot hold a sum of 25 in c1 with 6 cards/);
    expect(refusal(() => diabolo.play(s, { type: 'reveal', sum: 24 }))).toBe('accepted');
    s = play(s, { type: 'reveal', sum: 20 });
    expect(refusal(() => diabolo.play(s, { type: 'reveal', sum: 9 }))).toMatch(/at most 28 in c1; entered so far: 20/);
  });

  it('counts the hand cards a player needed for earlier colours', () => {
    let s = play(base([[1, 1], [2, 2, 3]]), ending);
    s = play(s, ...[false, false, false].map((announce): DiaboloMove => ({ type: 'doppler', announce })));
    // Seat 1 (6 cards) shows 20 in c1: at least 5 cards (4 cards make at most 5+5+4+4 = 18).
    s = play(s, ...[20, 3, 0].map((sum): DiaboloMove => ({ type: 'reveal', sum })));
    expect(s.scoring!.colour).toBe('c4');
    // So one card is left for c4: 10 would need two.
    expect(refusal(() => diabolo.play(s, { type: 'reveal', sum: 10 }))).toMatch(/cannot hold a sum of 10 in c4 with 1 \(6 − 5\) cards/);
    expect(refusal(() => diabolo.play(s, { type: 'reveal', sum: 5 }))).toBe('accepted');
  });

  it('the scores add up over the colours', () => {
    let s = play(base([[1, 1], [2, 2, 3]]), ending);
    s = play(s, ...[false, true, false].map((announce): DiaboloMove => ({ type: 'doppler', announce })));
    s = play(s, ...[2, 3, 9].map((sum): DiaboloMove => ({ type: 'reveal', sum })));
    s = play(s, ...[5, 2, 1].map((sum): DiaboloMove => ({ type: 'reveal', sum })));
    expect(s.round).toBe(1);
    expect(s.results[0].map((r) => r.points)).toEqual([[9, 0, 0], [0, 0, 0], [0, 0, 0], [0, -5, 0], [0, 0, 0]].map((p) => p));
    expect(s.scores).toEqual([9, -5, 0]);
  });
});

describe('Diabolo: the full view deals, draws and reveals by itself', () => {
  const s0 = diabolo.setup({ players: 3, seed: 7 });
  it('deals 6 and lets the first player draw: 7 in hand, 70 - 18 - 1 in the pile', () => {
    expect(s0.handSizes).toEqual([6, 7, 6]);
    expect(s0.turn).toBe(1);
    expect(s0.drawPile).toBe(51);
    expect(s0.hidden!.deck.length).toBe(51);
  });

  it('refuses a card the player does not hold', () => {
    const held = s0.hidden!.hands[1];
    const missing = (['c1', 'c2', 'c3', 'c4', 'c5'] as Colour[])
      .flatMap((colour) => [1, 2, 3, 4, 5].map((value): Card => ({ colour, value })))
      .find((c) => !held.some((h) => h.colour === c.colour && h.value === c.value))!;
    expect(refusal(() => diabolo.play(s0, { type: 'play', ...missing, side: 'angel' }))).toMatch(/does not hold/);
  });

  it('reveals hand sums from the hands', () => {
    const hands: Card[][] = [
      [{ colour: 'c1', value: 5 }, { colour: 'c1', value: 4 }],
      [{ colour: 'c1', value: 1 }, { colour: 'c4', value: 2 }, { colour: 'c2', value: 2 }],
      [{ colour: 'c3', value: 5 }, { colour: 'c2', value: 4 }],
    ];
    const s = { ...s0, rows: rows({ c1: [[1, 1], [2, 2, 3]], c2: [[1, 1, 1], [1]], c4: [[2, 2, 1], []] }), turn: 1, hidden: { ...s0.hidden!, hands } };
    let t = play(s, card('c2', 2, 'angel'));
    t = play(t, ...[false, false, true].map((announce): DiaboloMove => ({ type: 'doppler', announce })));
    expect(t.results[0][0]).toMatchObject({ colour: 'c1', sums: [9, 1, 0], points: [18, 0, 0] });
    expect(t.results[0][3]).toMatchObject({ colour: 'c4', verdict: 'devils', sums: [0, 2, 0], points: [0, -2, 0] });
  });

  it('discards only with nothing to play', () => {
    const hands: Card[][] = [[], [{ colour: 'c1', value: 3 }, { colour: 'c2', value: 1 }], []];
    const locked = { c1: [[1, 1, 1], [2, 2]] as [number[], number[]] };
    const s = { ...s0, rows: rows(locked), turn: 1, hidden: { ...s0.hidden!, hands } };
    expect(refusal(() => diabolo.play(s, { type: 'discard', colour: 'c1', value: 3 }))).toMatch(/c2\/1 still fits row c2/);
    const stuck = { ...s, hidden: { ...s.hidden, hands: [[], [{ colour: 'c1', value: 3 } as Card], []] } };
    expect(diabolo.legalMoves(stuck)).toEqual([{ type: 'discard', colour: 'c1', value: 3 }]);
    expect(play(stuck, { type: 'discard', colour: 'c1', value: 3 }).discards).toEqual([{ colour: 'c1', value: 3 }]);
  });
});

describe('Diabolo: the referee checks what it can know', () => {
  it('refuses a third 5 of a colour: only two exist', () => {
    const s = referee(3, { c1: [[5], [5]] });
    expect(refusal(() => diabolo.play(s, card('c1', 5, 'angel')))).toMatch(/All 2 cards c1\/5 are already in the open/);
  });

  it('refuses a discard while the colour still has room', () => {
    expect(refusal(() => diabolo.play(referee(3, {}), { type: 'discard', colour: 'c1', value: 1 }))).toMatch(/still fits row c1/);
  });

  it('counts the draw pile and the hands from the plays', () => {
    const s = play(referee(3, {}), card('c1', 1, 'angel'), card('c2', 1, 'devil'));
    expect(s.drawPile).toBe(70 - 18 - 3);
    expect(s.handSizes).toEqual([7, 6, 6]);
    expect(s.turn).toBe(0);
  });
});

describe('Diabolo: interpretation, empty draw pile', () => {
  it.each([
    ['skip-draw', 'play', 6],
    ['end-round', 'doppler', 6],
  ])('%s: the next player %s', (rule, phase, hand) => {
    // c1 ends with angels ahead, so ending the round asks for Doppler choices.
    const s = { ...diabolo.setup({ view: 'referee', players: 3, emptyDrawPile: rule }), rows: rows({ c1: [[1], [2]] }), drawPile: 0 };
    const t = play(s, card('c3', 1, 'angel'));
    expect(t.phase).toBe(phase);
    expect(t.handSizes[2]).toBe(hand);
  });
});

describe('Diabolo: interpretation, nobody holds an angel colour', () => {
  it.each([
    // reading, Doppler used after c1, who is asked on c3 (null: to choose; false: cannot)
    ['spent', [false, true, false], [null, false, null]],
    ['kept', [false, false, false], [null, null, null]],
  ] as const)('%s: a Doppler announced on a colour where all sums are 0', (reading, used, askedNext) => {
    // c1 and c3 end with angels ahead; seat 1 announces on c1, where every hand sum is 0.
    const s = { ...referee(3, { c1: [[1, 1], [2, 2, 3]], c2: [[1, 1, 1], [1]], c3: [[1], [4, 4]] }), dopplerIfNobodyScores: reading };
    let t = play(s, card('c2', 2, 'angel'), { type: 'doppler', announce: true }, { type: 'doppler', announce: false }, { type: 'doppler', announce: false });
    t = play(t, { type: 'reveal', sum: 0 }, { type: 'reveal', sum: 0 }, { type: 'reveal', sum: 0 });
    expect(t.results[0][0].points).toEqual([0, 0, 0]);
    expect(t.dopplerUsed).toEqual(used);
    expect(t.scoring).toMatchObject({ colour: 'c3', announced: askedNext });
  });
});

describe('Diabolo: rounds and the end', () => {
  it('each player deals once; the first player moves on; the end ranks by points', () => {
    // A referee round that ends at once: two rows lock with the first two plays, all equal.
    let s = diabolo.setup({ view: 'referee', players: 3 });
    const starters: number[] = [];
    const angelSums = [[5, 0, 0], [0, 0, 0], [0, 0, 0]];
    for (let round = 0; round < 3; round++) {
      starters.push(s.turn);
      // c1 ends 5 devils against 2 angels, c2 5 angels against 2 devils.
      s = { ...s, rows: rows({ c1: [[1, 1], [1, 1]], c2: [[1, 1], [2, 2]] }) };
      s = play(s, card('c1', 3, 'devil'), card('c2', 3, 'angel'));
      s = play(s, ...[0, 4, 2].map((sum): DiaboloMove => ({ type: 'reveal', sum })));
      s = play(s, ...[false, false, false].map((announce): DiaboloMove => ({ type: 'doppler', announce })));
      s = play(s, ...angelSums[round].map((sum): DiaboloMove => ({ type: 'reveal', sum })));
    }
    expect(starters).toEqual([1, 2, 0]);
    expect(s.phase).toBe('over');
    expect(diabolo.toMove(s)).toBeNull();
    // Reveals go in play order from the first player: round 1 from seat 1, round 2 from 2, round 3 from 0.
    expect(s.scores).toEqual([-4, 1, -4]);
    expect(diabolo.outcome(s)).toMatchObject({ winners: [1], draw: false });
  });
});

describe('Diabolo: states and moves from outside', () => {
  it('a state survives JSON and parseState unchanged, in both views', () => {
    for (const view of ['full', 'referee']) {
      const s = diabolo.setup({ view, players: 4 });
      expect(diabolo.parseState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    }
  });

  it.each([
    [{ game: 'diabolo' }, /bad|must/],
    ['garbage', /must be an object/],
  ])('refuses a broken state %j', (v, msg) => {
    expect(() => diabolo.parseState(v)).toThrow(msg);
  });

  it('refuses a full state whose cards do not add up', () => {
    const s = diabolo.setup({ players: 3 });
    const broken = { ...s, discards: [{ colour: 'c1', value: 5 }] };
    expect(() => diabolo.parseState(JSON.parse(JSON.stringify(broken)))).toThrow(/70 cards do not add up: c1\/5 \+1/);
  });

  it.each([[{ type: 'play', colour: 'c9', value: 1, side: 'angel' }], [{ type: 'play', colour: 'c1', value: 6, side: 'angel' }], [{ type: 'fly' }]])(
    'refuses the move %j',
    (m) => {
      expect(() => diabolo.parseMove(m)).toThrow(EngineError);
    },
  );

  it('explains an observed row as the one card added', () => {
    const s = referee(3, { c1: [[1], []] });
    expect(diabolo.explain(s, rows({ c1: [[1], [4]] }))).toEqual({ legal: true, unchanged: false, moves: [card('c1', 4, 'angel')] });
    expect(diabolo.explain(s, rows({ c1: [[1], [4, 4]] }))).toMatchObject({ legal: false, code: 'several-cards' });
    expect(diabolo.explain(s, rows({}))).toMatchObject({ legal: false, code: 'card-moved' });
  });
});
