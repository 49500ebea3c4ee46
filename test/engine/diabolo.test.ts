import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine/core/errors.ts';
import type { Card, Colour } from '../../engine/diabolo/cards.ts';
import { diabolo, type DiaboloMove, type DiaboloState } from '../../engine/diabolo/game.ts';
import { emptyRows, scoreColour, type Rows } from '../../engine/diabolo/rules.ts';
import { render } from '../../engine/core/text.ts';
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
    ['a fourth card on a full side', { c1: [[1, 2, 3], []] }, card('c1', 1, 'devil'), /devil side of Red already holds 3/],
    ['the other side of a full side', { c1: [[1, 2, 3], []] }, card('c1', 1, 'angel'), /accepted/],
    ['a fifth card into a row of 3 + 1', { c1: [[1, 2, 3], [4]] }, card('c1', 1, 'angel'), /accepted/],
    ['any card into a locked row', { c1: [[1, 2, 3], [4, 5]] }, card('c1', 1, 'angel'), /The row Red is locked/],
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
    // verdict, highest sum and who holds it, announced by seat, points
    ['angels ahead, no Doppler: the highest sum scores', 'angels', 7, [0], [false, false, false], [7, 0, 0]],
    ['angels ahead, Doppler of the highest doubles', 'angels', 7, [0], [true, false, false], [14, 0, 0]],
    ['angels ahead, tie: both score in full, Doppler doubles only its owner', 'angels', 5, [0, 1], [false, true, false], [5, 10, 0]],
    ['angels ahead, Doppler not highest: no points', 'angels', 6, [1], [true, false, false], [0, 6, 0]],
    ['devils ahead: the highest sum scores minus', 'devils', 9, [1], [false, false, false], [0, -9, 0]],
    ['devils ahead, tie: all tied lose it', 'devils', 6, [0, 2], [false, false, false], [-6, 0, -6]],
    ['equal: not scored', 'equal', 6, [0, 2], [false, false, false], [0, 0, 0]],
    ['nobody holds the colour: nobody scores', 'angels', 0, [], [true, false, false], [0, 0, 0]],
  ] as const)('%s', (_, v, sum, seats, announced, points) => {
    expect(scoreColour(v, { sum, seats: [...seats] }, announced).points).toEqual(points);
  });

  it('an announced Doppler is spent, highest or not, also where nobody holds the colour ("Alle eingesetzten Dopplerkarten kommen beiseite")', () => {
    expect(scoreColour('angels', { sum: 6, seats: [1] }, [true, false, false]).spent).toEqual([true, false, false]);
    expect(scoreColour('angels', { sum: 0, seats: [] }, [true, false, false]).spent).toEqual([true, false, false]);
  });
});

describe('Diabolo: the referee runs the scoring (who doubled, then the highest sum)', () => {
  // c2 ends equal (3 against 3) with the locking card, so only c1 (angels) and c4 (devils) are scored.
  const ending = card('c2', 2, 'angel');
  const base = (c1: [number[], number[]], c3?: [number[], number[]], more: Record<string, unknown> = {}) =>
    ({ ...referee(3, { c1, c2: [[1, 1, 1], [1]], ...(c3 ? { c3 } : {}), c4: [[2, 2, 1], []] }), ...(more as Partial<DiaboloState>) });
  const doppler = (...seats: number[]): DiaboloMove => ({ type: 'doppler', seats });
  const highest = (sum: number, ...seats: number[]): DiaboloMove => ({ type: 'highest', sum, seats });

  it('angels ahead: the table taps who doubled once (issue 14, item 11), then who is highest with what (item 12)', () => {
    let s = play(base([[1, 1], [2, 2, 3]]), ending);
    expect(s.phase).toBe('doppler');
    expect(s.scoring!.colour).toBe('c1');
    // Round 1: seat 0 dealt, seat 1 begins and leads the announcements.
    expect(diabolo.toMove(s)).toBe(1);
    // Every set of seats with a Doppler left is one entry: 2^3.
    expect(diabolo.legalMoves(s)).toHaveLength(8);
    s = play(s, doppler(2));
    expect(s.phase).toBe('reveal');
    expect(diabolo.legalMoves(s).every((m) => m.type === 'highest')).toBe(true);
    s = play(s, highest(5, 2));
    // c1: 7 angels against 2 devils; seat 2 is highest with 5 and doubles it. c4 (devils) is next.
    expect(s.results[0][0]).toMatchObject({ colour: 'c1', verdict: 'angels', highest: { sum: 5, seats: [2] }, sums: null, announced: [false, false, true], points: [0, 0, 10] });
    expect(s.results[0][1]).toMatchObject({ colour: 'c2', verdict: 'equal', highest: null });
    expect(s.phase).toBe('reveal');
    expect(s.scoring!.colour).toBe('c4');
    // One entry a colour: 2 taps for the angel colour, 1 for the devil colour.
    s = play(s, highest(6, 1, 2));
    expect(s.results[0][3]).toMatchObject({ colour: 'c4', verdict: 'devils', highest: { sum: 6, seats: [1, 2] }, points: [0, -6, -6] });
    expect(s.round).toBe(1);
    expect(s.scores).toEqual([0, -6, 4]);
  });

  it('the Doppler announced aloud is the default; secret choice is the house rule, and both ask only who doubled', () => {
    const spec = diabolo.options.find((o) => o.key === 'doppler')!;
    expect(spec).toMatchObject({ interpretation: true, default: 'aloud' });
    const hidden = play(base([[1, 1], [2, 2, 3]], undefined, { rules: { ...referee(3, {}).rules, doppler: 'hidden' } }), ending);
    expect(hidden.phase).toBe('doppler');
    expect(play(hidden, doppler(0, 1)).scoring!.announced).toEqual([true, true, false]);
  });

  it('a Doppler spent on one colour cannot be announced on a later one', () => {
    let s = play(base([[1, 1], [2, 2, 3]], [[1], [4, 4]]), ending);
    s = play(s, doppler(1), highest(6, 1));
    expect(s.results[0][0]).toMatchObject({ announced: [false, true, false], points: [0, 12, 0] });
    expect(s.dopplerUsed).toEqual([false, true, false]);
    expect(s.scoring!.colour).toBe('c3');
    expect(diabolo.legalMoves(s)).toEqual([doppler(), doppler(0), doppler(2), doppler(0, 2)]);
    expect(refusal(() => diabolo.play(s, doppler(1)))).toBe('Player 2 has used the Doppler this round already.');
  });

  it('refuses a highest sum the unseen cards cannot make, naming the colour as the table does', () => {
    let s = play(base([[1, 1], [2, 2, 3]]), ending, doppler());
    // c1 holds 37 points; 1+1+2+2+3 = 9 are open, 28 unseen; 6 cards hold at most 5+5+4+4+3+3 = 24.
    expect(refusal(() => diabolo.play(s, highest(25, 0)))).toMatch(/^A sum of 25 in Red cannot be: Player 1 \(6\)/);
    expect(refusal(() => diabolo.play(s, highest(24, 0)))).toBe('accepted');
    // Two players cannot both hold 24: the colour has one pair of 5s, 4s and 3s less than that.
    expect(refusal(() => diabolo.play(s, highest(24, 0, 1)))).toMatch(/cannot all hold it/);
    expect(refusal(() => diabolo.play(s, highest(9, 0, 1, 2)))).toBe('accepted');
    expect(refusal(() => diabolo.play(s, highest(10, 0, 1, 2)))).toMatch(/cannot all hold it/);
    // Nobody holds the colour: the 28 unseen points would all lie in the draw pile.
    expect(refusal(() => diabolo.play(s, highest(0)))).toBe('accepted');
    s = { ...s, drawPile: 5 };
    expect(refusal(() => diabolo.play(s, highest(0)))).toMatch(/the draw pile \(5\) cannot hold every unseen card/);
  });

  it('counts the hand cards a player needed for earlier colours', () => {
    let s = play(base([[1, 1], [2, 2, 3]]), ending, doppler());
    // Seat 1 (6 cards) is highest with 20 in c1: at least 5 cards (4 cards make at most 5+5+4+4 = 18).
    s = play(s, highest(20, 1));
    expect(s.scoring!.colour).toBe('c4');
    // So one card is left for c4: 10 would need two.
    expect(refusal(() => diabolo.play(s, highest(10, 1)))).toMatch(/Player 2 \(1\)/);
    expect(refusal(() => diabolo.play(s, highest(5, 1)))).toBe('accepted');
  });

  it('full entry (option): every seat its sum, in play order, each checked with the others entered (issue 14, items 9 and 12)', () => {
    let s = play(base([[1, 1], [2, 2, 3]], undefined, { rules: { ...referee(3, {}).rules, entry: 'every-sum' } }), ending, doppler(2));
    expect(diabolo.toMove(s)).toBe(1);
    s = play(s, { type: 'reveal', sum: 20 });
    // 28 points of c1 are unseen and seat 1 holds 20 of them: 9 is not listed and not accepted.
    const listed = diabolo.legalMoves(s).map((m) => (m as { sum: number }).sum);
    expect(listed).not.toContain(9);
    expect(refusal(() => diabolo.play(s, { type: 'reveal', sum: 9 }))).toMatch(/with the sums entered so far/);
    for (const sum of listed) expect(refusal(() => diabolo.play(s, { type: 'reveal', sum }))).toBe('accepted');
    s = play(s, { type: 'reveal', sum: 5 }, { type: 'reveal', sum: 3 });
    expect(s.results[0][0]).toMatchObject({ sums: [3, 20, 5], highest: { sum: 20, seats: [1] }, points: [0, 20, 0] });
  });

  it('the colour order: fixed c1 to c5 by default; as an interpretation the first player picks each next colour (issue 14, item 13)', () => {
    expect(diabolo.options.find((o) => o.key === 'colourOrder')).toMatchObject({ interpretation: true, default: 'fixed' });
    let s = play(base([[1, 1], [2, 2, 3]], undefined, { rules: { ...referee(3, {}).rules, colourOrder: 'chosen' } }), ending);
    expect(s.phase).toBe('colour');
    expect(diabolo.toMove(s)).toBe(1);
    // The equal colours are decided at once; c1 (angels) and c4 (devils) wait for a pick.
    expect(diabolo.legalMoves(s)).toEqual([{ type: 'colour', colour: 'c1' }, { type: 'colour', colour: 'c4' }]);
    s = play(s, { type: 'colour', colour: 'c4' });
    expect(s.scoring!.colour).toBe('c4');
    s = play(s, highest(3, 0));
    // One colour left: no pick needed.
    expect(s.phase).toBe('doppler');
    expect(s.scoring!.colour).toBe('c1');
    expect(refusal(() => diabolo.play(play(base([[1, 1], [2, 2, 3]], undefined, { rules: { ...referee(3, {}).rules, colourOrder: 'chosen' } }), ending), { type: 'colour', colour: 'c2' }))).toBe(
      'Blue has been scored this round.',
    );
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
    t = play(t, { type: 'doppler', seats: [0] });
    expect(t.results[0][0]).toMatchObject({ colour: 'c1', sums: [9, 1, 0], highest: { sum: 9, seats: [0] }, points: [18, 0, 0] });
    expect(t.results[0][3]).toMatchObject({ colour: 'c4', verdict: 'devils', sums: [0, 2, 0], points: [0, -2, 0] });
  });

  it('discards only with nothing to play', () => {
    const hands: Card[][] = [[], [{ colour: 'c1', value: 3 }, { colour: 'c2', value: 1 }], []];
    const locked = { c1: [[1, 1, 1], [2, 2]] as [number[], number[]] };
    const s = { ...s0, rows: rows(locked), turn: 1, hidden: { ...s0.hidden!, hands } };
    expect(refusal(() => diabolo.play(s, { type: 'discard', colour: 'c1', value: 3 }))).toMatch(/Blue 1 still fits its row/);
    const stuck = { ...s, hidden: { ...s.hidden, hands: [[], [{ colour: 'c1', value: 3 } as Card], []] } };
    expect(diabolo.legalMoves(stuck)).toEqual([{ type: 'discard', colour: 'c1', value: 3 }]);
    expect(play(stuck, { type: 'discard', colour: 'c1', value: 3 }).discards).toEqual([{ colour: 'c1', value: 3 }]);
  });
});

describe('Diabolo: the referee checks what it can know', () => {
  it('refuses a third 5 of a colour: only two exist', () => {
    const s = referee(3, { c1: [[5], [5]] });
    expect(refusal(() => diabolo.play(s, card('c1', 5, 'angel')))).toMatch(/All 2 cards Red 5 are already in the open/);
  });

  it('refuses a discard while the colour still has room', () => {
    expect(refusal(() => diabolo.play(referee(3, {}), { type: 'discard', colour: 'c1', value: 1 }))).toMatch(/Red 1 still fits its row/);
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
    // c1 ends with angels ahead, so ending the round asks who doubled.
    const s = { ...diabolo.setup({ view: 'referee', players: 3, emptyDrawPile: rule }), rows: rows({ c1: [[1], [2]] }), drawPile: 0 };
    const t = play(s, card('c3', 1, 'angel'));
    expect(t.phase).toBe(phase);
    expect(t.handSizes[2]).toBe(hand);
  });

  it('no legal game reaches it, so the table is not offered the switch: it is moot, saying why (issue 14, item 13)', () => {
    const spec = diabolo.options.find((o) => o.key === 'emptyDrawPile')!;
    expect(spec.interpretation).toBe(true);
    expect(spec.moot?.en).toMatch(/lasts the round in every legal game/);
    // The implausible reading of "Alle eingesetzten Dopplerkarten kommen beiseite" is gone.
    expect(diabolo.options.map((o) => o.key)).not.toContain('dopplerIfNobodyScores');
  });
});

describe('Diabolo: rounds and the end', () => {
  it('each player deals once; the first player moves on; the end ranks by points', () => {
    // A referee round that ends at once: two rows lock with the first two plays.
    let s = diabolo.setup({ view: 'referee', players: 3 });
    const starters: number[] = [];
    const angels: DiaboloMove[] = [
      { type: 'highest', sum: 5, seats: [0] },
      { type: 'highest', sum: 0, seats: [] },
      { type: 'highest', sum: 0, seats: [] },
    ];
    for (let round = 0; round < 3; round++) {
      starters.push(s.turn);
      // c1 ends 5 devils against 2 angels, c2 5 angels against 2 devils.
      s = { ...s, rows: rows({ c1: [[1, 1], [1, 1]], c2: [[1, 1], [2, 2]] }) };
      s = play(s, card('c1', 3, 'devil'), card('c2', 3, 'angel'));
      s = play(s, { type: 'highest', sum: 4, seats: [(round + 2) % 3] }, { type: 'doppler', seats: [] }, angels[round]);
    }
    expect(starters).toEqual([1, 2, 0]);
    expect(s.phase).toBe('over');
    expect(diabolo.toMove(s)).toBeNull();
    expect(s.scores).toEqual([1, -4, -4]);
    expect(diabolo.outcome(s)).toMatchObject({ winners: [0], draw: false });
    expect(render(diabolo.outcome(s)!.reason, 'en', (ref) => (ref === 'seat:0' ? 'Anna' : undefined))).toBe('After 3 rounds, most points (1): Anna.');
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
    [{ game: 'diabolo' }, /is missing/],
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

  it('a fourth card on a side or a sixth in a locked row is explained, not refused as a bad observation (issue 14, item 10)', () => {
    const s = referee(3, { c1: [[1, 2, 3], [4]], c2: [[1, 1, 1], [2, 2]] });
    const fourth = diabolo.explain(s, diabolo.parseObservation(rows({ c1: [[1, 2, 3, 5], [4]], c2: [[1, 1, 1], [2, 2]] })));
    expect(fourth).toMatchObject({ legal: false, code: 'side-full' });
    if (!fourth.legal) expect(render(fourth.reason, 'de')).toBe('Auf der Teufelsseite von Rot liegen schon 3 Karten.');
    const sixth = diabolo.explain(s, diabolo.parseObservation(rows({ c1: [[1, 2, 3], [4]], c2: [[1, 1, 1], [2, 2, 3]] })));
    expect(sixth).toMatchObject({ legal: false, code: 'row-locked' });
    expect(diabolo.explain(referee(3, { c1: [[5], [5]] }), rows({ c1: [[5], [5, 5]] }))).toMatchObject({ legal: false, code: 'no-copy-left' });
    // A state keeps the table's limits.
    expect(() => diabolo.parseState({ ...s, rows: rows({ c1: [[1, 2, 3, 5], [4]] }) })).toThrow(/rows.c1.devil: holds at most 3 cards/);
  });
});
