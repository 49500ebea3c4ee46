import type { AnyGame, Json } from './core/contract.ts';
import { EngineError, isEngineError } from './core/errors.ts';
import { createRng } from './core/rng.ts';
import { GAMES } from './registry.ts';

/**
 * The JSON Lines protocol of `schiri engine`, as a pure function from one request line to one
 * answer line, so it is tested in-process and the CLI only moves lines. Documented in
 * docs/engine-protocol.md.
 */
export type Answer = { id?: Json; ok: true; [key: string]: Json | undefined } | { id?: Json; ok: false; error: { code: string; message: string } };

const COMMANDS = ['games', 'new', 'legal', 'play', 'explain', 'solve', 'status', 'bot'] as const;
type Command = (typeof COMMANDS)[number];

class ProtocolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function gameOf(req: Record<string, unknown>): AnyGame {
  if (typeof req.game !== 'string') throw new ProtocolError('bad-request', 'missing "game"');
  const entry = GAMES.find((g) => g.id === req.game);
  if (!entry) throw new ProtocolError('unknown-game', `unknown game "${req.game}"; known: ${GAMES.map((g) => g.id).join(', ')}`);
  if (!entry.game) throw new ProtocolError('not-built', `the engine for "${req.game}" is not built yet`);
  return entry.game;
}

function need(req: Record<string, unknown>, key: string): unknown {
  if (!(key in req)) throw new ProtocolError('bad-request', `missing "${key}"`);
  return req[key];
}

function status(game: AnyGame, state: unknown) {
  return { toMove: game.toMove(state), outcome: game.outcome(state), score: game.score(state) } as Record<string, Json>;
}

function run(cmd: Command, req: Record<string, unknown>): Record<string, Json> {
  if (cmd === 'games') {
    return {
      games: GAMES.map((g) => ({
        id: g.id,
        name: g.name as unknown as Json,
        built: g.game !== null,
        players: (g.game?.players ?? null) as Json,
        options: (g.game?.options ?? []) as unknown as Json,
      })),
    };
  }
  const game = gameOf(req);
  if (cmd === 'new') return { state: game.setup((req.options ?? {}) as Record<string, Json>) };
  const state = game.parseState(need(req, 'state'));
  switch (cmd) {
    case 'legal':
      return { moves: game.legalMoves(state) };
    case 'play': {
      const next = game.play(state, game.parseMove(need(req, 'move')));
      return { state: next, ...status(game, next) };
    }
    case 'explain':
      return { explanation: game.explain(state, game.parseObservation(need(req, 'observed'))) as unknown as Json };
    case 'solve': {
      if (!game.solve) throw new EngineError('unsupported', `"${game.id}" has no exact solver`);
      const s = game.solve(state);
      return { result: s.result, winning: s.winning };
    }
    case 'status':
      return status(game, state);
    case 'bot': {
      const bots = game.bots ?? {};
      const level = req.level ?? Object.keys(bots).at(-1);
      if (typeof level !== 'string' || !bots[level]) {
        throw new ProtocolError('bad-request', `unknown level ${JSON.stringify(level)}; known: ${Object.keys(bots).join(', ')}`);
      }
      if (game.toMove(state) === null) throw new EngineError('game-over', 'the game is over');
      const seed = Number.isInteger(req.seed) ? (req.seed as number) : 1;
      return { move: bots[level](state, createRng(seed)) };
    }
  }
}

export function answer(line: string): Answer {
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch {
    return { ok: false, error: { code: 'bad-json', message: 'the line is not JSON' } };
  }
  if (typeof req !== 'object' || req === null || Array.isArray(req)) {
    return { ok: false, error: { code: 'bad-request', message: 'a request must be a JSON object' } };
  }
  const r = req as Record<string, unknown>;
  const id = (r.id ?? undefined) as Json | undefined;
  const withId = <T extends object>(a: T) => (id === undefined ? a : { id, ...a });
  try {
    if (!COMMANDS.includes(r.cmd as Command)) {
      throw new ProtocolError('unknown-command', `unknown command ${JSON.stringify(r.cmd)}; known: ${COMMANDS.join(', ')}`);
    }
    return withId({ ok: true as const, ...run(r.cmd as Command, r) });
  } catch (e) {
    if (e instanceof ProtocolError || isEngineError(e)) {
      return withId({ ok: false as const, error: { code: e.code, message: e.message } });
    }
    // A bug in a game must not take the server down: report it and keep serving.
    return withId({ ok: false as const, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } });
  }
}

export function answerLine(line: string): string {
  return JSON.stringify(answer(line));
}
