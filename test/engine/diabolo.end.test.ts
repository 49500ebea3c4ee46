import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine/core/errors.ts';
import { render } from '../../engine/core/text.ts';
import { diabolo, type DiaboloState } from '../../engine/diabolo/game.ts';
import { ROUND_LIMIT } from '../../engine/diabolo/options.ts';
import { playOut } from './simulate-helper.ts';

/**
 * The end of a Diabolo game: the seed names none ("Nach der Abrechnung beginnt die nächste
 * Runde"), so it is a marked, switchable interpretation (issue 60): one round a player (the rules'
 * reading, the default) or a fixed number of rounds.
 */

const game = (options: Record<string, unknown>, seed = 1) => playOut<DiaboloState>(diabolo, { seed, ...options } as never, ['greedy', 'random'], seed);
const why = (v: unknown): string => {
  try {
    diabolo.parseState(v);
  } catch (e) {
    if (e instanceof EngineError) return render(e.text, 'en');
    throw e;
  }
  return 'accepted';
};

describe('Diabolo: the end of the game is a marked interpretation (issue 60)', () => {
  it('is switchable, one round a player by default; the count of rounds shows only with its reading', () => {
    const spec = (key: string) => diabolo.options.find((o) => o.key === key);
    expect(spec('gameEnd')).toMatchObject({ interpretation: true, type: 'enum', default: 'each-deals' });
    expect(spec('endRounds')).toMatchObject({ interpretation: true, type: 'integer', onlyWith: { key: 'gameEnd', value: 'rounds' } });
    expect(spec('endRounds')).toMatchObject({ min: 1, max: ROUND_LIMIT, default: 5 });
  });

  it.each([3, 4, 5])('by default %i players play as many rounds: everyone deals once', (players) => {
    const end = game({ players });
    expect(end.phase).toBe('over');
    expect(end.results).toHaveLength(players);
    expect(render(diabolo.outcome(end)!.reason, 'en')).toMatch(new RegExp(`^After ${players} rounds, most points`));
  });

  it('a fixed number of rounds: 2 with 5 players, 7 with 3, 1 said as one round', () => {
    expect(game({ players: 5, gameEnd: 'rounds', endRounds: 2 }).results).toHaveLength(2);
    expect(game({ players: 3, gameEnd: 'rounds', endRounds: 7 }).results).toHaveLength(7);
    const one = game({ players: 4, gameEnd: 'rounds', endRounds: 1 });
    expect(one.results).toHaveLength(1);
    expect(render(diabolo.outcome(one)!.reason, 'de')).toMatch(/^Nach 1 Runde hat die meisten Punkte/);
  });

  it('parseState: a round past the end, and an end before the last round, are refused', () => {
    const s = diabolo.setup({ players: 3, gameEnd: 'rounds', endRounds: 2 });
    expect(why(JSON.parse(JSON.stringify(s)))).toBe('accepted');
    expect(why({ ...s, round: 2 })).toBe('round: must be from 0 to 1');
    const end = JSON.parse(JSON.stringify(game({ players: 3, gameEnd: 'rounds', endRounds: 4 })));
    expect(why(end)).toBe('accepted');
    // The same game read with more rounds to play is not over after its fourth.
    expect(why({ ...end, rules: { ...end.rules, endRounds: 6 } })).toBe('phase: the game ends only after round 6');
    expect(why({ ...end, rules: { ...end.rules, gameEnd: 'each-deals' } })).toBe('round: must be from 0 to 2');
  });

  it('a state from before the option, without gameEnd in its rules, is read as one round a player', () => {
    const s = JSON.parse(JSON.stringify(diabolo.setup({ players: 4 })));
    delete s.rules.gameEnd;
    delete s.rules.endRounds;
    expect(diabolo.parseState(s).rules).toMatchObject({ gameEnd: 'each-deals' });
  });
});
