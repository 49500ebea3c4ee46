/**
 * Every computer player of every game answers every position it meets with a move the game plays
 * (issue 60): over seeded games under each game's option sets (all defaults, each option switched
 * to every other value it has, every interpretation switched at once), asked as the app and the
 * CLI ask, through the engine protocol. A bot that throws, a move the game refuses, an `internal`
 * answer all fail, naming the game, options, seed and move to replay.
 *
 * Sizes are counts of games and moves, never the clock: `BOT_GAMES=n` multiplies the games per
 * option set for a longer audit.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, Json, OptionSpec, Options } from '../../engine/core/contract.ts';
import { answer } from '../../engine/protocol.ts';
import { GAMES } from '../../engine/registry.ts';

interface Size {
  /** Games per option set (times BOT_GAMES). */
  games: number;
  /** A game still running after this many moves stops there (a switch may let one stall for ever). */
  moves: number;
}

/**
 * The duel's planners think a while per turn (the strong player up to a second), so it plays one
 * shorter game per option set; the pairings turn over the option sets, so every level plays.
 */
const SIZES: Record<string, Size> = {
  'engel-und-bengel': { games: 2, moves: 3000 },
  'himmel-und-hoelle': { games: 1, moves: 160 },
  plus: { games: 12, moves: 1000 },
  diabolo: { games: 6, moves: 3000 },
  'himmel-a-und-zwirn': { games: 6, moves: 3000 },
};
const SCALE = Number(process.env.BOT_GAMES ?? 1);

/** The values an option is tried at besides its default: every other value it can take, an integer's ends. */
function alternatives(o: OptionSpec): Json[] {
  switch (o.type) {
    case 'boolean':
      return [!o.default];
    case 'enum':
      return o.values.map((v) => v.value).filter((v) => v !== o.default);
    case 'integer':
      // The seed is varied per game anyway.
      return o.key === 'seed' ? [] : [o.min, o.max].filter((v) => v !== o.default);
  }
}

/**
 * Defaults; each option at each of its alternatives alone; every interpretation switched at once.
 * A set the game refuses to set up (an integer's end it cannot use, as Engel und Bengel's first
 * Tafel 99 of a 16-Tafel stack) is no game to play.
 */
function optionSets(game: AnyGame): Options[] {
  const specs = game.options;
  const sets: Options[] = [{}];
  for (const o of specs) for (const v of alternatives(o)) sets.push({ [o.key]: v });
  const all: Options = {};
  for (const o of specs) if (o.interpretation && alternatives(o).length > 0) all[o.key] = alternatives(o)[0];
  if (Object.keys(all).length > 1) sets.push(all);
  return sets.filter((o) => ask({ cmd: 'new', game: game.id, options: o }).error?.code !== 'bad-options');
}

interface Reply {
  ok: boolean;
  move?: Json;
  state?: Json;
  error?: { code: string; message: string };
}

const ask = (req: Record<string, Json>) => answer(JSON.stringify(req)) as unknown as Reply;

/**
 * Game g of option set k, seat p played by levels[(p + g + k) % levels.length], so over the games
 * and sets every level plays every seat; returns what went wrong, or null.
 */
function playOne(game: AnyGame, options: Options, k: number, g: number, moves: number): string | null {
  const levels = Object.keys(game.bots!);
  const seed = 1 + g;
  const shuffles = game.options.some((o) => o.key === 'seed');
  let state = game.setup(shuffles ? { ...options, seed } : options) as Json;
  for (let n = 0; n < moves; n++) {
    const seat = game.toMove(state);
    if (seat === null) return null;
    const level = levels[(seat + g + k) % levels.length];
    const where = `${game.id} ${JSON.stringify(options)} game ${g} (seed ${seed}), move ${n}, seat ${seat} (${level})`;
    const bot = ask({ cmd: 'bot', game: game.id, state, level, seed: seed * 10_000 + n });
    if (!bot.ok) return `${where}: the bot answered ${bot.error!.code}: ${bot.error!.message}`;
    const played = ask({ cmd: 'play', game: game.id, state, move: bot.move! });
    if (!played.ok) return `${where}: ${JSON.stringify(bot.move)} refused, ${played.error!.code}: ${played.error!.message}`;
    state = played.state!;
  }
  return null;
}

const withBots = GAMES.filter((e) => e.game?.bots);

it('covers all five games, each with computer players', () => {
  expect(withBots.map((e) => e.id).sort()).toEqual(Object.keys(SIZES).sort());
});

// Counts bound the work; the time limit only keeps a loaded machine from failing a slow pass.
describe.each(withBots.map((e) => [e.id, e.game!] as const))('%s: every computer player answers every position it meets', (id, game) => {
  const size = SIZES[id];
  it.each(optionSets(game).map((o, k) => [JSON.stringify(o), o, k] as const))('options %s', (_label, options, k) => {
    const failures: string[] = [];
    for (let g = 0; g < size.games * SCALE; g++) {
      const f = playOne(game, options, k, g, size.moves);
      if (f) failures.push(f);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
