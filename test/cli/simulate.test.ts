import { describe, expect, it, vi } from 'vitest';
import { run, simulate } from '../../cli/simulate.ts';
import { engelUndBengel } from '../../engine/engel-und-bengel/game.ts';
import { plus } from '../../engine/plus/game.ts';
import { diabolo } from '../../engine/diabolo/game.ts';

describe('schiri simulate', () => {
  it('plays Engel und Bengel games between the bots, reproducibly, with the game\'s own figures', () => {
    const args = { games: 40, bots: ['random', 'greedy'], seed: 5, options: { players: 2 } };
    const r = simulate(engelUndBengel, args);
    expect(r.finished).toBe(40);
    expect(r.seats.map((s) => s.bot)).toEqual(['random', 'greedy']);
    expect(r.seats[0].wins + r.seats[1].wins).toBeGreaterThanOrEqual(40);
    expect(Object.keys(r.stats)).toEqual(expect.arrayContaining(['durchgaenge', 'rowsCompleted', 'whiteRows', 'blackRows', 'pointsWon', 'pointsPaid']));
    expect(r.stats.durchgaenge.min).toBeGreaterThanOrEqual(1);
    expect(r.stats.topScore.min).toBeGreaterThanOrEqual(500);
    expect(r.moves.min).toBeGreaterThan(0);
    expect(simulate(engelUndBengel, args)).toEqual(r);
  });

  it('works for any registered game with bots (Plus has no stats hook)', () => {
    const r = simulate(plus, { games: 10, bots: null, seed: 1, options: {} });
    expect(r.finished).toBe(10);
    expect(r.stats).toEqual({});
  });

  it('deals each game of a shuffling card game anew, unless the seed option is fixed', () => {
    const seeds: unknown[] = [];
    const watched = { ...diabolo, setup: (o: Record<string, unknown>) => (seeds.push(o.seed), diabolo.setup(o as never)) };
    simulate(watched as never, { games: 5, bots: ['random'], seed: 1, options: { players: 3 } });
    expect(new Set(seeds).size).toBe(5);
    seeds.length = 0;
    simulate(watched as never, { games: 5, bots: ['random'], seed: 1, options: { players: 3, seed: 9 } });
    expect(seeds).toEqual([9, 9, 9, 9, 9]);
  });

  it('stops a game at the turn cap and reports it unfinished, and stalled where a position keeps coming back', () => {
    // A game nobody can end: two seats step one token between two squares for ever.
    const endless = {
      ...plus,
      id: 'endless',
      options: [],
      setup: () => ({ at: 0, turn: 0 }),
      toMove: (s: { turn: number }) => s.turn % 2,
      play: (s: { at: number; turn: number }) => ({ at: 1 - s.at, turn: s.turn + 1 }),
      outcome: () => null,
      score: () => [0, 0],
      stats: undefined,
      bots: { mover: () => ({}) },
      turnInfo: (s: { at: number; turn: number }) => ({ turn: s.turn, position: String(s.at) }),
    };
    const r = simulate(endless as never, { games: 2, bots: null, seed: 7, options: {}, maxTurns: 50 });
    expect(r.finished).toBe(0);
    expect(r.unfinished).toEqual({ games: 2, maxTurns: 50, seeds: [7, 8], stalled: 2, mostRepeats: 26 });
  });

  it('refuses unknown games, bots and arguments with a message', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await run(['--game', 'chess'])).toBe(2);
    expect(await run(['--game', 'engel-und-bengel', '--games', 'many'])).toBe(2);
    expect(await run(['--game', 'engel-und-bengel', '--bots', 'wizard', '--games', '1'])).toBe(1);
    expect(await run(['--game', 'engel-und-bengel', '--players', '9', '--games', '1'])).toBe(1);
    expect(err.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(/no game "chess" with computer players; there are: (.*, )?engel-und-bengel, (.*, )?plus\b/),
      expect.stringMatching(/--games must be a whole number from 1, not "many"/),
      expect.stringMatching(/has no bot "wizard"; it has: random, greedy/),
      expect.stringMatching(/option "players" must be a whole number from 2 to 6/),
    ]);
    err.mockRestore();
  });

  it('prints JSON with --json', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await run(['--game', 'engel-und-bengel', '--games', '3', '--option', 'noFitDice=lost', '--json'])).toBe(0);
    const report = JSON.parse(String(log.mock.calls[0][0]));
    expect(report).toMatchObject({ game: 'engel-und-bengel', games: 3, finished: 3, options: { noFitDice: 'lost' } });
    log.mockRestore();
  });
});
