import { describe, expect, it } from 'vitest';
import type { AnyGame, Json } from '../../engine/core/contract.ts';
import { diabolo, type DiaboloState } from '../../engine/diabolo/game.ts';
import { zwirn, type ZwirnState } from '../../engine/himmel-a-und-zwirn/game.ts';
import { playOut } from './simulate-helper.ts';

/**
 * `schiri engine` takes every state back through parseState: each state a bot game passes
 * through, in both views, must come back from JSON unchanged.
 */
function roundTrips(game: AnyGame, options: Record<string, Json>, seed: number, follow: (full: unknown, move: Json) => unknown[]): number {
  let n = 0;
  playOut(game, options, ['greedy', 'random'], seed, ({ move, after }) => {
    for (const s of [after, ...follow(after, move)]) {
      expect(game.parseState(JSON.parse(JSON.stringify(s)))).toEqual(s);
      n++;
    }
  });
  return n;
}

describe('card game states survive JSON and parseState at every step', () => {
  it('Diabolo, 50 games, with the referee view alongside', () => {
    let total = 0;
    for (let g = 0; g < 50; g++) {
      const players = 3 + (g % 3);
      let referee = diabolo.setup({ view: 'referee', players, entry: g % 2 ? 'highest' : 'every-sum' });
      total += roundTrips(diabolo, { players, seed: g }, g, (full, move) => {
        const f = full as DiaboloState;
        const seen = [];
        referee = diabolo.play(referee, diabolo.parseMove(move));
        seen.push(referee);
        while (referee.phase === 'reveal') {
          const result = f.results[referee.round].find((r) => r.colour === referee.scoring!.colour)!;
          const answer = referee.rules.entry === 'highest' ? { type: 'highest' as const, ...result.highest! } : { type: 'reveal' as const, sum: result.sums![diabolo.toMove(referee)!] };
          referee = diabolo.play(referee, answer);
          seen.push(referee);
        }
        return seen;
      });
    }
    expect(total).toBeGreaterThan(50 * 100);
  });

  it('Zwirn, 50 games', () => {
    let total = 0;
    for (let g = 0; g < 50; g++) total += roundTrips(zwirn, { players: 3 + (g % 4), seed: g }, g, () => []);
    expect(total).toBeGreaterThan(50 * 30);
    // The referee's own request, mid-way: a take waiting for the target.
    let s: ZwirnState = zwirn.setup({ view: 'referee', players: 3 });
    for (const m of [{ type: 'target', card: 10 }, { type: 'target', card: 20 }, { type: 'steal', victim: 2 }] as const) s = zwirn.play(s, m);
    expect(zwirn.parseState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    s = zwirn.play(s, { type: 'take' });
    expect(s.pending).toMatchObject({ kind: 'target' });
    expect(zwirn.parseState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });
});
