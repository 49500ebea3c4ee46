import type { AnyGame, Json, Options } from './contract.ts';
import { EngineError } from './errors.ts';
import { say, UserError } from './text.ts';

/**
 * A game record: JSON Lines, append-only. The first line names the game and its options; every
 * further line is one move (with what caused it: a tap, or the camera's observation). Written
 * after every move, it is what the app resumes from, what it exports, and what a regression test
 * replays.
 */
export type RecordLine =
  | { kind: 'start'; game: string; options: Options; players?: string[]; at?: string }
  | { kind: 'move'; move: Json; source?: RecordSource; observed?: Json; at?: string };

/** What caused a move: a tap, the camera, the computer, a client over the protocol, or the other table of a link (docs/link.md). */
export type RecordSource = 'tap' | 'camera' | 'bot' | 'protocol' | 'remote';
const SOURCES: readonly RecordSource[] = ['tap', 'camera', 'bot', 'protocol', 'remote'];

export function encodeLine(line: RecordLine): string {
  return JSON.stringify(line) + '\n';
}

/** Record ids name files (Electron) and storage keys (browser): a safe alphabet, and no name Windows keeps for a device. */
const RECORD_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

export function isRecordId(id: unknown): id is string {
  return typeof id === 'string' && RECORD_ID.test(id) && !WINDOWS_DEVICE.test(id);
}

/** What a resume had to leave out: the first unusable line and everything after it. */
export interface Dropped {
  /** 1-based among the record's non-empty lines (line 1 starts the game). */
  line: number;
  /** The move that line would have been, counted from 1. */
  move: number;
  /** Lines left out, that one included. */
  count: number;
  /** Why that line could not be used (the engine's words, for a bug report). */
  reason: string;
}

export interface Replayed<S> {
  state: S;
  start: Extract<RecordLine, { kind: 'start' }>;
  moves: Json[];
  /** The state before each move: `before[i]` is the state `moves[i]` was played in. */
  before: S[];
  /** What caused each move, as its line says (older records may not say). */
  sources: (RecordSource | undefined)[];
  /** Set when the record holds lines past its longest valid prefix; the state is the prefix's. */
  dropped?: Dropped;
}

/**
 * Rebuilds the state from the longest valid prefix of a record: every line up to the first that
 * is not JSON, not a move, or not a legal move there (a line torn by a full disk or a crash, a
 * file edited by hand) counts, and `dropped` says what was left out. Only a record without a
 * usable first line is an error: then nothing of it can be played on.
 */
export function replay<S>(game: AnyGame, text: string): Replayed<S> {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new EngineError('bad-state', { de: 'das Spielprotokoll ist leer', en: 'the record is empty' });
  let start: RecordLine;
  try {
    start = JSON.parse(lines[0]) as RecordLine;
  } catch {
    throw new EngineError('bad-state', { de: 'Protokollzeile 1 ist kein JSON', en: 'record line 1 is not JSON' });
  }
  if (typeof start !== 'object' || start === null || start.kind !== 'start' || start.game !== game.id) {
    throw new EngineError('bad-state', { de: `Protokollzeile 1 muss ein Spiel ${game.id} beginnen`, en: `record line 1 must start a ${game.id} game` });
  }
  const wrong = startProblem(start);
  if (wrong) throw new EngineError('bad-state', say({ de: 'Protokollzeile 1: ', en: 'record line 1: ' }, wrong));
  let state: S;
  try {
    state = game.setup(start.options) as S;
  } catch (e) {
    // The options' own refusal, in both languages, after the line it stands on.
    const why = e instanceof UserError ? e.text : { de: String(e), en: String(e) };
    throw new EngineError('bad-state', say({ de: 'Protokollzeile 1: ', en: 'record line 1: ' }, why));
  }
  const moves: Json[] = [];
  const before: S[] = [];
  const sources: (RecordSource | undefined)[] = [];
  for (let i = 1; i < lines.length; i++) {
    try {
      let line: RecordLine;
      try {
        line = JSON.parse(lines[i]) as RecordLine;
      } catch {
        throw new Error('not JSON');
      }
      if (typeof line !== 'object' || line === null || line.kind !== 'move') throw new Error('not a move');
      const next = game.play(state, game.parseMove(line.move)) as S;
      before.push(state);
      moves.push(line.move);
      sources.push(SOURCES.find((x) => x === line.source));
      state = next;
    } catch (e) {
      const reason = `record line ${i + 1}: ${e instanceof Error ? e.message : String(e)}`;
      return { state, start, moves, before, sources, dropped: { line: i + 1, move: moves.length + 1, count: lines.length - i, reason } };
    }
  }
  return { state, start, moves, before, sources };
}

/** Names a record may hold per game and how long each may be: more than any table, less than a screen could choke on. */
const MAX_PLAYERS = 16;
const MAX_NAME = 100;

/**
 * What is wrong with a start line's own fields (the options are the game's to check), as strictly
 * as a move is checked: a start line the picker and the screens would trip over (`players` not a
 * list of names) is refused here, so the record is set aside and said, not shown half.
 */
function startProblem(start: Extract<RecordLine, { kind: 'start' }>): { de: string; en: string } | null {
  if (typeof start.options !== 'object' || start.options === null || Array.isArray(start.options)) return { de: '"options" muss ein Objekt sein', en: '"options" must be an object' };
  const players: unknown = start.players;
  if (players !== undefined) {
    if (!Array.isArray(players) || players.length > MAX_PLAYERS || !players.every((p) => typeof p === 'string' && p.length <= MAX_NAME)) {
      return { de: `"players" muss eine Liste von höchstens ${MAX_PLAYERS} Namen sein (je höchstens ${MAX_NAME} Zeichen)`, en: `"players" must be a list of at most ${MAX_PLAYERS} names (each at most ${MAX_NAME} characters)` };
    }
  }
  if (start.at !== undefined && typeof start.at !== 'string') return { de: '"at" muss ein Zeitpunkt als Text sein', en: '"at" must be a time as text' };
  return null;
}

/** The record's longest valid prefix as text, for rewriting a record `replay` had to cut short. */
export function validPrefix(text: string, dropped: Dropped): string {
  return (
    text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .slice(0, dropped.line - 1)
      .join('\n') + '\n'
  );
}
