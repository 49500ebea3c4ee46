import { describe, expect, it } from 'vitest';
import { DECK_SIZE, HIGHEST, SPECIALS, type ZCard } from '../../engine/himmel-a-und-zwirn/cards.ts';
import { zwirn, type ZwirnMove, type ZwirnState } from '../../engine/himmel-a-und-zwirn/game.ts';
import { playOut } from './simulate-helper.ts';

const GAMES = 10_000;
const BOTS = [['random'], ['greedy'], ['greedy', 'random']];
/** The referee follows every fourth game: enough to meet every situation, and the file stays fast. */
const REFEREE_EVERY = 4;

/** Slots 1..70 for the numbers, 71..73 for the specials. */
const slot = (c: ZCard) => (typeof c === 'number' ? c : HIGHEST + 1 + SPECIALS.indexOf(c));
const EXPECTED = [0, ...Array(HIGHEST).fill(1), 6, 5, 4];

function tally(s: ZwirnState): number[] {
  const n = new Array(HIGHEST + 4).fill(0);
  const add = (c: ZCard) => n[slot(c)]++;
  s.targets.forEach((t) => t.forEach(add));
  s.piles.forEach((p) => p.forEach(add));
  s.misthaufen.forEach((m) => m.forEach(add));
  s.hidden!.hands.forEach((h) => h.forEach(add));
  s.hidden!.deck.forEach(add);
  return n;
}

/** What the referee would be told at the table, read off the full view's step: the target card laid. A theft stays blind. */
function answer(referee: ZwirnState, after: ZwirnState): ZwirnMove {
  return { type: 'target', card: after.targets[referee.pending!.pile - 1][0] };
}

const PUBLIC = ['targets', 'piles', 'marker', 'direction', 'misthaufen', 'drawPile', 'handSizes', 'turn', 'over'] as const;

describe(`Zwirn invariants over ${GAMES} bot games`, () => {
  it('every one of the 85 cards is accounted for at every step, the end follows the empty draw pile, and the referee agrees', () => {
    let steps = 0;
    for (let g = 0; g < GAMES; g++) {
      const players = 3 + (g % 4);
      const withReferee = g % REFEREE_EVERY === 0;
      let referee: ZwirnState | null = null;
      // Every fifth game is played with the other reading of the interpretation.
      const readings: Record<string, string> = g % 5 === 4 ? { noNumberCard: 'hand-required' } : {};
      const end = playOut<ZwirnState>(zwirn, { players, seed: g, ...readings }, BOTS[g % BOTS.length], g, ({ before, move, after }) => {
        steps++;
        const counts = tally(after);
        if (counts.some((k, i) => k !== EXPECTED[i])) expect.fail(`game ${g}: cards do not add up`);
        const emptyTake = before.drawPile === 0 && (move as ZwirnMove).type === 'take';
        if (after.over !== emptyTake) expect.fail(`game ${g}: the end does not follow the first take after the draw pile ran out`);
        if (after.drawPile > 0 && after.handSizes.some((h) => h !== 5) && !after.pending) expect.fail(`game ${g}: a hand is not refilled`);
        if (!withReferee) return;
        if (!referee) {
          referee = zwirn.setup({ view: 'referee', players, ...readings });
          referee = zwirn.play(referee, { type: 'target', card: before.targets[0][0] });
          referee = zwirn.play(referee, { type: 'target', card: before.targets[1][0] });
        }
        referee = zwirn.play(referee, move as ZwirnMove);
        while (referee.pending && !after.pending) referee = zwirn.play(referee, answer(referee, after));
        for (const key of PUBLIC) {
          if (JSON.stringify(referee[key]) !== JSON.stringify(after[key])) expect.fail(`game ${g}: the referee's ${key} differs`);
        }
      });
      expect(end.over).toBe(true);
      expect(end.drawPile).toBe(0);
      const minus = end.misthaufen.map((m) => m.length);
      expect(zwirn.score(end)).toEqual(minus.map((x) => -x));
      expect(zwirn.outcome(end)!.winners.every((p) => minus[p] === Math.min(...minus))).toBe(true);
    }
    expect(steps).toBeGreaterThan(GAMES * 30);
    expect(EXPECTED.reduce((a, b) => a + b)).toBe(DECK_SIZE);
  }, 120_000);
});
