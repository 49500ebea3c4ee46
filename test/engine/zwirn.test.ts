import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine/core/errors.ts';
import type { ZCard } from '../../engine/himmel-a-und-zwirn/cards.ts';
import { zwirn, type ZwirnMove, type ZwirnState } from '../../engine/himmel-a-und-zwirn/game.ts';
import { refusal } from './refusal.ts';

/** A full-view table from a few facts; hands of seats not named are empty. */
function full(t: { hands: ZCard[][]; deck?: ZCard[]; targets?: [number[], number[]]; piles?: [number[], number[]]; marker?: 1 | 2; options?: Record<string, unknown> }): ZwirnState {
  const s = zwirn.setup({ players: t.hands.length, ...(t.options ?? {}) });
  const deck = t.deck ?? [];
  return {
    ...s,
    targets: t.targets ?? [[40], [60]],
    piles: t.piles ?? [[], []],
    marker: t.marker ?? 1,
    drawPile: deck.length,
    handSizes: t.hands.map((h) => h.length),
    hidden: { hands: t.hands, deck, seed: 1 },
  };
}
/** The referee's view after the two target cards were entered. */
function referee(players = 3, targets: [number, number] = [40, 60]): ZwirnState {
  return play(zwirn.setup({ view: 'referee', players }), { type: 'target', card: targets[0] }, { type: 'target', card: targets[1] });
}
const play = (s: ZwirnState, ...moves: ZwirnMove[]) => moves.reduce((st, m) => zwirn.play(st, m), s);

describe('Zwirn: a number card goes below the target and above the top card', () => {
  it.each([
    ['between top and target', [20], 30, 'accepted'],
    ['equal to the target', [20], 40, 'not below pile 1'],
    ['above the target', [20], 45, 'not below pile 1'],
    ['equal to the top card', [20], 20, 'not above pile 1'],
    ['below the top card', [20], 10, 'not above pile 1'],
    ['any card under the target on an empty pile', [], 1, 'accepted'],
    ['just under the target on an empty pile', [], 39, 'accepted'],
  ] as [string, number[], number, string][])('%s', (_, pile, card, expected) => {
    const s = full({ hands: [[card, 70], [], []], targets: [[40], [60]], piles: [pile, []] });
    expect(refusal(() => zwirn.play(s, { type: 'play', card, pile: 1 }))).toContain(expected);
  });

  it('the referee refuses a card already in the open, and the bounds alike', () => {
    const s = play(referee(), { type: 'play', card: 30, pile: 1 });
    expect(refusal(() => zwirn.play(s, { type: 'play', card: 30, pile: 2 }))).toBe('The 30 is already in the open.');
    expect(refusal(() => zwirn.play(s, { type: 'play', card: 25, pile: 1 }))).toContain('not above');
    expect(refusal(() => zwirn.play(s, { type: 'play', card: 60, pile: 2 }))).toContain('not below');
  });
});

describe('Zwirn: special cards go onto the own Misthaufen', () => {
  it('Richtungswechsel reverses the direction of play', () => {
    const s = full({ hands: [['reverse', 1], [2], [3], [4]], deck: [50, 51] });
    const t = play(s, { type: 'reverse' });
    expect(t.direction).toBe(-1);
    expect(t.turn).toBe(3);
    expect(t.misthaufen[0]).toEqual(['reverse']);
    // Refilled towards 5 with what the draw pile holds, top first.
    expect(t.hidden!.hands[0]).toEqual([1, 51, 50]);
    expect(play(t, { type: 'play', card: 4, pile: 1 }).turn).toBe(2);
  });

  it('Diebstahl takes a hand card at random; the victim draws a replacement', () => {
    const s = full({ hands: [['steal', 1], [2, 3, 4], [5]], deck: [50, 51] });
    const t = play(s, { type: 'steal', victim: 1 });
    const stolen = t.hidden!.hands[0].find((c) => [2, 3, 4].includes(c as number));
    expect(stolen).toBeDefined();
    expect(t.hidden!.hands[1]).toHaveLength(3);
    expect(t.hidden!.hands[1]).toContain(51);
    expect(t.misthaufen[0]).toEqual(['steal']);
    expect(refusal(() => zwirn.play(s, { type: 'steal', victim: 0 }))).toContain('another player');
  });

  it('the referee takes a theft blind: no question for the card, the hands counted (issue 14, item 14)', () => {
    let s = play(referee(), { type: 'play', card: 30, pile: 1 }, { type: 'steal', victim: 0 });
    expect(s.pending).toBeNull();
    expect(s.turn).toBe(2);
    // The thief holds one more until refilled (to 5 anyway), the victim drew a replacement.
    expect(s.handSizes).toEqual([5, 5, 5]);
    expect(s.drawPile).toBe(85 - 15 - 2 - 1 - 1);
    expect(s.misthaufen[1]).toEqual(['steal']);
    expect(() => zwirn.parseMove({ type: 'stolen', card: 5 })).toThrow(/type: must be one of/);
    // A victim with no card in hand cannot be robbed.
    s = { ...s, handSizes: [0, 5, 5] };
    expect(refusal(() => zwirn.play({ ...s, turn: 1 }, { type: 'steal', victim: 0 }))).toBe('Player 1 holds no card.');
  });

  it.each([
    ['a higher card', 45, 'accepted'],
    ['the same value', 40, 'is not higher than the target 40'],
    ['a lower card', 39, 'is not higher than the target 40'],
  ])('Zielkarte erhöhen with %s', (_, card, expected) => {
    const s = full({ hands: [['raise', card], [], []] });
    expect(refusal(() => zwirn.play(s, { type: 'raise', card, pile: 1 }))).toContain(expected);
  });

  it('a raised target is the new bound; taking the pile takes every target card under it', () => {
    const s = full({ hands: [['raise', 45, 42], [1], [2]], piles: [[10], []] });
    const t = play(s, { type: 'raise', card: 45, pile: 1 });
    expect(t.targets[0]).toEqual([40, 45]);
    expect(t.misthaufen[0]).toEqual(['raise']);
    const u = play({ ...t, turn: 0 }, { type: 'play', card: 42, pile: 1 });
    expect(u.piles[0]).toEqual([10, 42]);
    const v = play({ ...u, turn: 1, hidden: { ...u.hidden!, hands: [[], [7], []] }, handSizes: [0, 1, 0] }, { type: 'take' });
    expect(v.misthaufen[1]).toEqual([10, 42, 40, 45]);
  });
});

describe('Zwirn: taking the marked pile', () => {
  const s = full({ hands: [[5, 'reverse'], [1], [2]], deck: ['steal', 33, 'raise'], piles: [[10, 20], [50]], marker: 1 });

  it('puts the pile and its target on the Misthaufen, moves the marker, asks for the new target', () => {
    const t = play(s, { type: 'take' });
    expect(t.misthaufen[0]).toEqual([10, 20, 40]);
    expect(t.piles[0]).toEqual([]);
    expect(t.targets[0]).toEqual([]);
    expect(t.marker).toBe(2);
    expect(t.pending).toEqual({ kind: 'target', pile: 1, seat: 0, opening: false });
    expect(zwirn.legalMoves(t)).toEqual([{ type: 'target', card: 5 }]);
    const u = play(t, { type: 'target', card: 5 });
    expect(u.targets[0]).toEqual([5]);
    // Refilled to 5 from the draw pile's top ('raise', 33, 'steal'); then the next player.
    expect(u.hidden!.hands[0]).toEqual(['reverse', 'raise', 33, 'steal']);
    expect(u.turn).toBe(1);
  });

  it('interpretation draw-pile: without a number card the next number card of the draw pile', () => {
    const t = play({ ...s, hidden: { ...s.hidden!, hands: [['reverse'], [1], [2]] }, handSizes: [1, 1, 1] }, { type: 'take' });
    expect(t.targets[0]).toEqual([33]);
    // 'raise' was turned up first and went under the pile; the refill then draws from the top.
    expect(t.hidden!.hands[0]).toEqual(['reverse', 'steal', 'raise']);
    expect(t.pending).toBeNull();
  });

  it('interpretation hand-required: without a number card, taking is refused while a card can be played', () => {
    const strict: ZwirnState = { ...s, noNumberCard: 'hand-required', hidden: { ...s.hidden!, hands: [['reverse'], [1], [2]] }, handSizes: [1, 1, 1] };
    expect(refusal(() => zwirn.play(strict, { type: 'take' }))).toContain('only a player who cannot play may take');
    expect(zwirn.legalMoves(strict)).toEqual([{ type: 'reverse' }]);
    const stuck: ZwirnState = { ...strict, hidden: { ...strict.hidden!, hands: [['raise'], [1], [2]] } };
    expect(zwirn.legalMoves(stuck)).toEqual([{ type: 'take' }]);
    expect(play(stuck, { type: 'take' }).targets[0]).toEqual([33]);
  });
});

describe('Zwirn: the end comes with the first take after the draw pile is empty', () => {
  it.each([
    ['cards left in the draw pile', [60], false],
    ['the draw pile empty', [], true],
  ] as [string, ZCard[], boolean][])('a take with %s: the game ends, %s', (_, deck, ends) => {
    const s = full({ hands: [[5], [1], [2]], deck, piles: [[10, 20], []] });
    const t = play(s, { type: 'take' });
    expect(t.over).toBe(ends);
    expect(zwirn.toMove(t)).toBe(ends ? null : 0);
  });

  it('play goes on while the draw pile is empty; the hands shrink; fewest minus points win', () => {
    const s = { ...full({ hands: [[5, 6], [1], [2]], piles: [[], []] }), misthaufen: [['steal'], [], ['raise', 'reverse']] as ZCard[][] };
    let t = play(s, { type: 'play', card: 5, pile: 1 });
    expect(t.hidden!.hands[0]).toEqual([6]);
    expect(t.over).toBe(false);
    t = play(t, { type: 'take' });
    expect(t.over).toBe(true);
    expect(t.misthaufen[1]).toEqual([5, 40]);
    expect(zwirn.score(t)).toEqual([-1, -2, -2]);
    expect(zwirn.outcome(t)).toMatchObject({ winners: [0], draw: false });
  });

  it('the table says the draw pile is empty, or corrects its count; the end follows what it says (issue 14, item 16)', () => {
    let s = referee(3);
    expect(s.drawPile).toBe(85 - 15 - 2);
    // Every count the pile can have but the app's own is a legal correction: fewer cards than
    // counted, never more than the 85 less those open (2) and in the hands (15) (issue 60).
    const counts = zwirn.legalMoves(s).flatMap((m) => (m.type === 'draw-pile' ? [m.count] : []));
    expect(counts).toEqual(Array.from({ length: 68 }, (_, i) => i));
    expect(refusal(() => zwirn.play(s, { type: 'draw-pile', count: 69 }))).toBe('The draw pile can hold at most 68 cards: 2 are in the open, 15 in hands.');
    s = play(s, { type: 'draw-pile', count: 0 });
    expect(s.drawPile).toBe(0);
    expect(s.turn).toBe(0);
    expect(zwirn.describeMove(referee(3), { type: 'draw-pile', count: 0 }).en).toBe('The draw pile is empty.');
    // Play goes on without refills; the next take ends the game.
    s = play(s, { type: 'play', card: 30, pile: 1 });
    expect(s.handSizes).toEqual([4, 5, 5]);
    expect(play(s, { type: 'take' }).over).toBe(true);
    // The full view counts its own pile: no corrections there.
    expect(zwirn.legalMoves(zwirn.setup({ players: 3 })).some((m) => m.type === 'draw-pile')).toBe(false);
  });

  it('the referee knows the draw pile count and ends the game the same way', () => {
    let s = { ...referee(3), drawPile: 1 };
    s = play(s, { type: 'play', card: 30, pile: 1 });
    expect(s.drawPile).toBe(0);
    s = play(s, { type: 'play', card: 31, pile: 1 });
    expect(s.handSizes).toEqual([5, 4, 5]);
    expect(play(s, { type: 'take' }).over).toBe(true);
  });
});

describe('Zwirn: the referee asks for what it needs', () => {
  it('asks for the two target cards first, the first one marked', () => {
    let s = zwirn.setup({ view: 'referee', players: 4 });
    expect(s.pending).toEqual({ kind: 'target', pile: 1, seat: 0, opening: true });
    s = play(s, { type: 'target', card: 40 });
    expect(refusal(() => zwirn.play(s, { type: 'target', card: 40 }))).toBe('The 40 is already in the open.');
    s = play(s, { type: 'target', card: 12 });
    expect(s).toMatchObject({ targets: [[40], [12]], marker: 1, pending: null, turn: 0, drawPile: 85 - 20 - 2 });
  });

  it('asks for the new target after a take', () => {
    let s = play(referee(), { type: 'play', card: 30, pile: 1 }, { type: 'take' });
    expect(s.pending).toEqual({ kind: 'target', pile: 1, seat: 1, opening: false });
    expect(s.misthaufen[1]).toEqual([30, 40]);
    s = play(s, { type: 'target', card: 66 });
    expect(s.targets[0]).toEqual([66]);
    expect(s.turn).toBe(2);
  });
});

describe('Zwirn: states and moves from outside', () => {
  it('a state survives JSON and parseState unchanged, in both views', () => {
    for (const view of ['full', 'referee']) {
      const s = zwirn.setup({ view, players: 5 });
      expect(zwirn.parseState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    }
  });

  it('the audit (issue 60): with 4 players, 3 cards open and 20 in hands the draw pile holds at most 62, not 82; no hand holds 38', () => {
    const s = play(referee(4), { type: 'play', card: 30, pile: 1 });
    expect(s).toMatchObject({ handSizes: [5, 5, 5, 5], drawPile: 62 });
    expect(refusal(() => zwirn.play(s, { type: 'draw-pile', count: 82 }))).toBe('The draw pile can hold at most 62 cards: 3 are in the open, 20 in hands.');
    expect(zwirn.legalMoves(s).some((m) => m.type === 'draw-pile' && m.count > 62)).toBe(false);
    expect(refusal(() => zwirn.parseState({ ...s, drawPile: 82 }))).toBe('drawPile: at most 62: of 85 cards 3 are in the open and 20 in hands');
    expect(refusal(() => zwirn.parseState({ ...s, handSizes: [38, 5, 5, 5] }))).toBe('handSizes.0: must be from 0 to 5');
    // Fewer than counted stays possible: the table says the pile is emptier (cards lost, or held beyond the count).
    expect(refusal(() => zwirn.parseState(play(s, { type: 'draw-pile', count: 0 })))).toBe('accepted');
  });

  it('refuses a full state whose cards do not add up, and a referee state with a card open twice', () => {
    const s = zwirn.setup({ players: 3 });
    expect(() => zwirn.parseState({ ...s, piles: [[70], []] })).toThrow(/85 cards do not add up: 70 \+1/);
    expect(() => zwirn.parseState({ ...referee(), piles: [[40], []] })).toThrow(/the card 40 lies open 2 times/);
  });

  it.each([[{ type: 'play', card: 71, pile: 1 }], [{ type: 'play', card: 5, pile: 3 }], [{ type: 'draw-pile', count: -1 }], ['x']])('refuses the move %j', (m) => {
    expect(() => zwirn.parseMove(m)).toThrow(EngineError);
  });

  it('explains an observed table as one card played or a raise', () => {
    const s = referee();
    expect(zwirn.explain(s, { target1: 40, target2: 60, pile1: 12, pile2: null })).toEqual({ legal: true, unchanged: false, moves: [{ type: 'play', card: 12, pile: 1 }] });
    expect(zwirn.explain(s, { target1: 40, target2: 60, pile1: 50, pile2: null })).toMatchObject({ legal: false, code: 'illegal-move' });
    expect(zwirn.explain(s, { target1: 40, target2: 60, pile1: 1, pile2: 2 })).toMatchObject({ legal: false, code: 'not-one-card' });
    expect(zwirn.explain(s, { target1: 40, target2: 66, pile1: null, pile2: null })).toEqual({ legal: true, unchanged: false, moves: [{ type: 'raise', card: 66, pile: 2 }] });
  });

  it('explains the opening targets, a take, and the new target laid after it (issue 14, item 15)', () => {
    const start = zwirn.setup({ view: 'referee', players: 3 });
    expect(zwirn.explain(start, { target1: 40, target2: null, pile1: null, pile2: null })).toEqual({ legal: true, unchanged: false, moves: [{ type: 'target', card: 40 }] });
    expect(zwirn.explain(start, { target1: 40, target2: 60, pile1: null, pile2: null })).toEqual({
      legal: true,
      unchanged: false,
      moves: [
        { type: 'target', card: 40 },
        { type: 'target', card: 60 },
      ],
    });
    const s = play(referee(), { type: 'play', card: 30, pile: 1 });
    // The marked pile 1 and its target taken: both gone; the new target is asked for next.
    expect(zwirn.explain(s, { target1: null, target2: 60, pile1: null, pile2: null })).toEqual({ legal: true, unchanged: false, moves: [{ type: 'take' }] });
    // The take and the new target in one picture.
    expect(zwirn.explain(s, { target1: 12, target2: 60, pile1: null, pile2: null })).toEqual({ legal: true, unchanged: false, moves: [{ type: 'take' }, { type: 'target', card: 12 }] });
    // The new target seen after the take was entered.
    const taken = play(s, { type: 'take' });
    expect(zwirn.explain(taken, { target1: 12, target2: 60, pile1: null, pile2: null })).toEqual({ legal: true, unchanged: false, moves: [{ type: 'target', card: 12 }] });
  });

  it('a raise of the empty marked pile looks like a take and a new target: the marker tells, or the table is asked', () => {
    const s = referee();
    const seen = { target1: 45, target2: 60, pile1: null, pile2: null };
    const e = zwirn.explain(s, seen);
    expect(e.legal && 'ask' in e && e.ask.choices.map((c) => c.moves)).toEqual([
      [{ type: 'take' }, { type: 'target', card: 45 }],
      [{ type: 'raise', card: 45, pile: 1 }],
    ]);
    expect(zwirn.explain(s, { ...seen, marker: 1 })).toEqual({ legal: true, unchanged: false, moves: [{ type: 'raise', card: 45, pile: 1 }] });
    expect(zwirn.explain(s, { ...seen, marker: 2 })).toEqual({ legal: true, unchanged: false, moves: [{ type: 'take' }, { type: 'target', card: 45 }] });
    // A lower new target can only follow a take.
    expect(zwirn.explain(s, { target1: 12, target2: 60, pile1: null, pile2: null })).toEqual({ legal: true, unchanged: false, moves: [{ type: 'take' }, { type: 'target', card: 12 }] });
  });
});

describe('Zwirn: no number card left for a new target', () => {
  it('the referee accepts "none" only when every unseen number card can be in the other hands', () => {
    const s = play(referee(3), { type: 'play', card: 30, pile: 1 }, { type: 'take' });
    expect(refusal(() => zwirn.play(s, { type: 'target', card: null }))).toContain('There are number cards left');
    // Late in a game: 68 numbers open, 2 unseen, the draw pile 1 card (a special, then).
    const open = Array.from({ length: 68 }, (_, i) => i + 1).filter((n) => n !== 30 && n !== 40);
    const late: ZwirnState = { ...s, misthaufen: [open, s.misthaufen[1], []], drawPile: 1, handSizes: [1, 5, 1] };
    expect(zwirn.legalMoves(late)).toContainEqual({ type: 'target', card: null });
    const t = play(late, { type: 'target', card: null });
    expect(t.targets[0]).toEqual([]);
    expect(t.turn).toBe(2);
    expect(refusal(() => zwirn.play(t, { type: 'play', card: 69, pile: 1 }))).toContain('Pile 1 has no target card');
  });

  it('the full view leaves the pile without a target when neither hand nor draw pile has a number card', () => {
    const s = full({ hands: [['reverse'], [1], [2]], deck: ['steal', 'raise'], piles: [[10], []] });
    const t = play(s, { type: 'take' });
    expect(t.targets[0]).toEqual([]);
    expect(t.hidden!.hands[0]).toEqual(['reverse', 'raise', 'steal']);
    expect(refusal(() => zwirn.play(s, { type: 'target', card: null }))).toContain('No target card is asked for now');
  });
});
