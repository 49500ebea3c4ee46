import type { AnyGame, Json } from './core/contract.ts';
import { EngineError, isEngineError } from './core/errors.ts';
import { createRng } from './core/rng.ts';
import { hugeNumber } from './core/validate.ts';
import { GAMES } from './registry.ts';

/**
 * The JSON Lines protocol of `schiri engine`, as a pure function from one request line to one
 * answer line, so it is tested in-process and the CLI only moves lines. Documented in
 * docs/engine-protocol.md.
 */
export type Answer = { id?: Json; ok: true; [key: string]: Json | undefined } | { id?: Json; ok: false; error: { code: string; message: string } };

/**
 * The largest request served, in characters (the CLI counts UTF-8 bytes, never fewer). The largest
 * state a game reaches is about 28 KB (Engel und Bengel, six players to the end), so a longer line
 * is not a request of ours; it is refused before it is parsed.
 */
export const MAX_LINE = 1 << 20;
/** The deepest nesting of arrays and objects served; a game's state nests 9 deep at most. */
export const MAX_DEPTH = 64;
/** How much of a value an error message quotes: enough to recognise it, never the whole line. */
const QUOTE = 60;

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
  if (!entry) throw new ProtocolError('unknown-game', `unknown game ${quote(req.game)}; known: ${GAMES.map((g) => g.id).join(', ')}`);
  if (!entry.game) throw new ProtocolError('not-built', `the engine for "${req.game}" is not built yet`);
  return entry.game;
}

const MAX_MESSAGE = 500;
const clip = (m: string) => (m.length > MAX_MESSAGE ? `${m.slice(0, MAX_MESSAGE)}…` : m);

/**
 * A value as an error message quotes it: JSON, cut short. A number JSON could not hold is named
 * for what it is (JSON.stringify would call 1e309 `null`, which the driver never sent).
 */
function quote(v: unknown): string {
  const huge = hugeNumber(v);
  if (huge) return `a number that ${huge.en}`;
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(typeof v);
  }
  return s.length > QUOTE ? `${s.slice(0, QUOTE)}…` : s;
}

/**
 * True when arrays and objects nest deeper than `limit`. One pass over the text, outside strings,
 * so a hostile line costs no recursion here, in JSON.parse, in a game's parser or in JSON.stringify.
 */
export function nestsDeeperThan(line: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function need(req: Record<string, unknown>, key: string): unknown {
  if (!Object.hasOwn(req, key)) throw new ProtocolError('bad-request', `missing "${key}"`);
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
      // Own keys only: "constructor" or "toString" name no bot, whatever Object.prototype holds.
      if (typeof level !== 'string' || !Object.hasOwn(bots, level)) {
        throw new ProtocolError('bad-request', `unknown level ${quote(level)}; known: ${Object.keys(bots).join(', ')}`);
      }
      const seed = req.seed ?? 1;
      if (!Number.isInteger(seed) || (seed as number) < 0 || (seed as number) > 0xffffffff) {
        throw new ProtocolError('bad-request', `"seed" must be a whole number from 0 to 4294967295, not ${quote(seed)}`);
      }
      if (game.toMove(state) === null) throw new EngineError('game-over', 'the game is over');
      return { move: bots[level](state, createRng(seed as number)) };
    }
  }
}

/** Why a line is not JSON, in the parser's words (which quote at most a few characters of it). */
function notJson(text: string, e: unknown): string {
  if (isBlank(text)) return 'the line is not JSON: it holds only whitespace';
  const why = e instanceof Error ? e.message : String(e);
  const bom = text.includes(BOM) ? '; it holds a byte order mark (U+FEFF), taken only at the start of a line' : '';
  return clip(`the line is not JSON: ${why}${bom}`);
}

const refuse = (code: string, message: string): Answer => ({ ok: false, error: { code, message } });

/** An id a driver can match its answer by, echoed unchanged; anything else is not echoed at all. */
const isId = (v: unknown): v is string | number | null => typeof v === 'string' || v === null || (typeof v === 'number' && Number.isFinite(v));

/**
 * A line that holds nothing but whitespace (spaces, tabs, a CR, a byte order mark): no request,
 * so the server skips it without an answer, as JSON Lines readers skip blank lines; a driver that
 * sends one by mistake is not handed an answer it does not wait for.
 */
export const isBlank = (line: string): boolean => line.trim() === '';

/** A UTF-8 byte order mark, which Windows editors and PowerShell put before text. */
const BOM = '\uFEFF';

export function answer(line: string): Answer {
  if (line.length > MAX_LINE) return refuse('bad-request', `the line is longer than ${MAX_LINE} characters`);
  if (nestsDeeperThan(line, MAX_DEPTH)) return refuse('bad-request', `arrays and objects nest deeper than ${MAX_DEPTH} levels`);
  // A byte order mark before a request is taken as the editor's, not as part of the JSON.
  const text = line.startsWith(BOM) ? line.slice(BOM.length) : line;
  let req: unknown;
  try {
    req = JSON.parse(text);
  } catch (e) {
    return refuse('bad-json', notJson(text, e));
  }
  if (typeof req !== 'object' || req === null || Array.isArray(req)) return refuse('bad-request', 'a request must be a JSON object');
  const r = req as Record<string, unknown>;
  const hasId = Object.hasOwn(r, 'id');
  if (hasId && !isId(r.id)) return refuse('bad-request', `"id" must be a string, a number or null, not ${quote(r.id)}`);
  const withId = <T extends object>(a: T) => (hasId ? { id: r.id as Json, ...a } : a);
  try {
    if (!COMMANDS.includes(r.cmd as Command)) {
      throw new ProtocolError('unknown-command', `unknown command ${quote(r.cmd)}; known: ${COMMANDS.join(', ')}`);
    }
    return withId({ ok: true as const, ...run(r.cmd as Command, r) });
  } catch (e) {
    // Messages name the path at fault, which may be a key of the request: never echo a whole line.
    if (e instanceof ProtocolError || isEngineError(e)) {
      return withId({ ok: false as const, error: { code: e.code, message: clip(e.message) } });
    }
    // A bug in a game must not take the server down: report it and keep serving.
    return withId({ ok: false as const, error: { code: 'internal', message: clip(e instanceof Error ? e.message : String(e)) } });
  }
}

/** Commands whose answer may take long (a search): `schiri engine` runs them off its main thread. */
const LONG: readonly Command[] = ['explain', 'bot', 'solve'];

/**
 * What a server must know of a line before it is answered: whether the answer may take long, and
 * the id the driver matches the answer by (where the line has a valid one). Anything that is not a
 * plain request is neither: it is answered at once, by `answer`.
 */
export function requestKind(line: string): { long: boolean; id?: string | number | null } {
  if (line.length > MAX_LINE || nestsDeeperThan(line, MAX_DEPTH)) return { long: false };
  let req: unknown;
  try {
    req = JSON.parse(line.startsWith(BOM) ? line.slice(BOM.length) : line);
  } catch {
    return { long: false };
  }
  if (typeof req !== 'object' || req === null || Array.isArray(req)) return { long: false };
  const r = req as Record<string, unknown>;
  const long = LONG.includes(r.cmd as Command);
  return Object.hasOwn(r, 'id') && isId(r.id) ? { long, id: r.id } : { long };
}

/**
 * The answer as one line. Serialising cannot fail on what a game returns, but should it (a bug
 * making a cycle, a BigInt), the driver gets an `internal` answer to its request, not a dead server.
 */
export function answerLine(line: string): string {
  const a = answer(line);
  try {
    return JSON.stringify(a);
  } catch (e) {
    const failed: Answer = { ok: false, error: { code: 'internal', message: `the answer could not be written as JSON: ${e instanceof Error ? e.message : String(e)}` } };
    return JSON.stringify(a.id === undefined ? failed : { id: a.id, ...failed });
  }
}
