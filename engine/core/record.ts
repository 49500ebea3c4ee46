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
  | { kind: 'move'; move: Json; source?: 'tap' | 'camera' | 'bot' | 'protocol'; observed?: Json; at?: string };

export function encodeLine(line: RecordLine): string {
  return JSON.stringify(line) + '\n';
}

export interface Replayed<S> {
  state: S;
  start: Extract<RecordLine, { kind: 'start' }>;
  moves: Json[];
  /** The state before each move: `before[i]` is the state `moves[i]` was played in. */
  before: S[];
  /** Set when the record ends in a line that could not be used (a crash mid-write): it is skipped. */
  damagedTail?: string;
}

/**
 * Rebuilds the state from a record. A torn last line (the app died while writing it) is dropped
 * and reported; any other bad line is an error that names its line number.
 */
export function replay<S>(game: AnyGame, text: string): Replayed<S> {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new EngineError('bad-state', { de: 'das Spielprotokoll ist leer', en: 'the record is empty' });
  let damagedTail: string | undefined;
  const parsed: RecordLine[] = [];
  lines.forEach((l, i) => {
    try {
      parsed.push(JSON.parse(l) as RecordLine);
    } catch {
      if (i === lines.length - 1 && i > 0) damagedTail = l;
      else throw new EngineError('bad-state', { de: `Protokollzeile ${i + 1} ist kein JSON`, en: `record line ${i + 1} is not JSON` });
    }
  });
  const start = parsed[0];
  if (start?.kind !== 'start' || start.game !== game.id) {
    throw new EngineError('bad-state', { de: `Protokollzeile 1 muss ein Spiel ${game.id} beginnen`, en: `record line 1 must start a ${game.id} game` });
  }
  let state = game.setup(start.options) as S;
  const moves: Json[] = [];
  const before: S[] = [];
  parsed.slice(1).forEach((line, i) => {
    if (line.kind !== 'move') throw new EngineError('bad-state', { de: `Protokollzeile ${i + 2} ist kein Zug`, en: `record line ${i + 2} is not a move` });
    before.push(state);
    try {
      state = game.play(state, game.parseMove(line.move)) as S;
    } catch (e) {
      // The move's own refusal, in both languages, after the line it stands on.
      const why = e instanceof UserError ? e.text : { de: String(e), en: String(e) };
      throw new EngineError('bad-state', say({ de: `Protokollzeile ${i + 2}: `, en: `record line ${i + 2}: ` }, why));
    }
    moves.push(line.move);
  });
  return { state, start, moves, before, damagedTail };
}
