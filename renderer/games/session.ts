import type { AnyGame, Json, Options } from '../../engine/core/contract.ts';
import type { Namer } from '../../engine/core/text.ts';
import { encodeLine, replay, type RecordLine } from '../../engine/core/record.ts';
import { bridge } from '../bridge/index.ts';
import { errorText, t, tx } from '../i18n/index.svelte.ts';

/**
 * A running game as the UI holds it: the engine state plus its record, written after every move
 * so that a crash or a closed window loses nothing. One record per game id.
 */
export interface Session<S> {
  state: S;
  /** States before each move, for undo and the move list. */
  history: { state: S; move: unknown }[];
  players: string[];
}

export async function startSession<S>(game: AnyGame, options: Options, players: string[]): Promise<Session<S>> {
  const state = game.setup(options) as S;
  const start: RecordLine = { kind: 'start', game: game.id, options, players, at: new Date().toISOString() };
  await bridge.records.replace(game.id, encodeLine(start));
  return { state, history: [], players };
}

/** Plays a move (throws EngineError if illegal, before anything is written) and records it. */
export async function playMove<S>(
  game: AnyGame,
  session: Session<S>,
  move: unknown,
  source: 'tap' | 'camera' | 'bot' = 'tap',
  observed?: Json,
): Promise<Session<S>> {
  const state = game.play(session.state, move) as S;
  const line: RecordLine = { kind: 'move', move: move as Json, source, at: new Date().toISOString() };
  if (observed !== undefined) line.observed = observed;
  await bridge.records.append(game.id, encodeLine(line));
  return { ...session, state, history: [...session.history, { state: session.state, move }] };
}

/** Takes back the last move by rewriting the record without it. */
export async function undoMove<S>(game: AnyGame, session: Session<S>): Promise<Session<S>> {
  const text = await bridge.records.read(game.id);
  if (!text || session.history.length === 0) return session;
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  await bridge.records.replace(game.id, lines.slice(0, -1).join('\n') + '\n');
  const last = session.history[session.history.length - 1];
  return { ...session, state: last.state, history: session.history.slice(0, -1) };
}

export interface Resumed<S> {
  session: Session<S>;
  /** A record line that could not be used (torn by a crash) and was dropped. */
  damagedTail?: string;
}

/** The saved game of this id, or null if there is none. Throws with a clear message on a bad record. */
export async function resumeSession<S>(game: AnyGame): Promise<Resumed<S> | null> {
  const text = await bridge.records.read(game.id);
  if (!text || text.trim() === '') return null;
  const r = replay<S>(game, text);
  const history = r.moves.map((move, i) => ({ state: r.before[i], move }));
  if (r.damagedTail !== undefined) {
    // Rewrite the record without the torn line so the next append continues a clean file.
    const good = text.split('\n').filter((l) => l.trim() !== '' && l !== r.damagedTail);
    await bridge.records.replace(game.id, good.join('\n') + '\n');
  }
  return { session: { state: r.state, history, players: r.start.players ?? [] }, damagedTail: r.damagedTail };
}

export interface Notice {
  kind: 'error' | 'info';
  text: string;
}

/**
 * The unfinished saved game of this id, if there is one, and what the player must be told about
 * the record (a torn line dropped, or a record that cannot be read at all).
 */
export async function findSaved<S>(game: AnyGame): Promise<{ saved: Session<S> | null; notice: Notice | null }> {
  try {
    const r = await resumeSession<S>(game);
    const saved = r && game.toMove(r.session.state) !== null ? r.session : null;
    const notice: Notice | null = r?.damagedTail
      ? { kind: 'info', text: t(tx('Die letzte, beschädigte Zeile des Spielprotokolls wurde verworfen.', 'The damaged last line of the game record was dropped.')) }
      : null;
    return { saved, notice };
  } catch (e) {
    return { saved: null, notice: { kind: 'error', text: t(tx('Das gespeicherte Spiel ist unlesbar: ', 'The saved game cannot be read: ')) + errorText(e) } };
  }
}

/** The players' names for the `{seat:N}` slots of engine texts (engine/core/text.ts), for `setNamer`. */
export function seatNamer(session: { players: string[] } | null): Namer {
  return (ref) => {
    const seat = /^seat:(\d+)$/.exec(ref);
    return seat ? session?.players[Number(seat[1])] || undefined : undefined;
  };
}

/** A seat's name as entered, or "Spieler 3" where none was. */
export function seatName(session: { players: string[] } | null, seat: number): string {
  return session?.players[seat] || `${t(tx('Spieler', 'Player'))} ${seat + 1}`;
}
