import type { AnyGame, Json, Options, Text } from '../../engine/core/contract.ts';
import type { Namer } from '../../engine/core/text.ts';
import { encodeLine, replay, validPrefix, type RecordLine, type RecordSource, type Replayed } from '../../engine/core/record.ts';
import { bridge } from '../bridge/index.ts';
import { t, tx } from '../i18n/index.svelte.ts';
import { dismiss, notify, recordStatus } from './record-status.svelte.ts';

/**
 * A running game as the UI holds it: the engine state plus its record, written after every move
 * so that a crash or a closed window loses nothing. One record per game id.
 *
 * Every screen goes through these functions, and they keep the promises of docs/reliability.md:
 * - One write at a time per record, in order (a queue here, and another in the store below it);
 *   while one is in flight `recordStatus.writing` is set and the app disables the controls.
 * - A move is built on the session the record holds: a second click on the same position (a
 *   double click, a confirm while the first is still being written) is refused, never written twice.
 * - A write that fails is told to the player (RecordNotices, in their language) and the UI goes
 *   back to what the record holds.
 * - A record that cannot be used whole is never silently lost: it is copied aside first
 *   (`bridge.records.keep`), then the longest valid prefix is resumed and the player told what
 *   was dropped; a record with no usable start is moved aside and said so.
 */
export interface Session<S> {
  state: S;
  /** States before each move, for undo and the move list, and what caused each move (as its record line says). */
  history: { state: S; move: unknown; source?: RecordSource }[];
  players: string[];
  /** The options the game was set up with: a rematch starts from the same ones. */
  options: Options;
}

/** A write to the record failed; `session` is what the record holds now (the UI goes back to it). */
export class RecordError<S = unknown> extends Error {
  constructor(
    readonly text: Text,
    readonly session: Session<S> | null,
  ) {
    super(text.en);
  }
}

/** After a failed move: the session to go back to (what the record holds) if it was the record that failed, else null. */
export function heldAfter<S>(e: unknown, current: Session<S>): Session<S> | null {
  return e instanceof RecordError ? ((e.session as Session<S> | null) ?? current) : null;
}

/** A move built on a position the record has already moved on from (a second click): not written. */
export class StaleMoveError extends Error {
  readonly text = tx('Dieser Zug ist schon eingetragen; der zweite Klick wurde nicht gezählt.', 'This move is already entered; the second click was not counted.');
  constructor() {
    super('stale move');
  }
}

const queues = new Map<string, Promise<unknown>>();
/** Moves each record will hold once the writes queued for it are done. */
const plies = new Map<string, number>();
/** The session each record's last queued move or take-back makes: what a second click on the old position is answered with. */
const latest = new Map<string, Promise<Session<unknown>>>();

function serial<T>(id: string, work: () => Promise<T>): Promise<T> {
  recordStatus.writing++;
  const run = (queues.get(id) ?? Promise.resolve()).then(work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(id, settled);
  void settled.then(() => {
    recordStatus.writing--;
    if (queues.get(id) === settled) queues.delete(id);
  });
  return run;
}

/** Why a write failed, in words a player can act on: the store's errors carry the system's code. */
export function writeProblem(e: unknown): Text {
  const m = `${(e as Error)?.name ?? ''} ${(e as Error)?.message ?? String(e)}`;
  if (/ENOSPC|QuotaExceeded|quota|EDQUOT/i.test(m)) return tx('Der Speicher ist voll.', 'The storage is full.');
  if (/EROFS/.test(m)) return tx('Der Speicherort ist schreibgeschützt.', 'The storage is read-only.');
  if (/EACCES|EPERM/.test(m)) return tx('Keine Schreibrechte am Speicherort.', 'No permission to write there.');
  return tx('Der Speicher meldet einen Fehler.', 'The storage reported an error.');
}

const detailOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const join = (...parts: Text[]): Text => ({ de: parts.map((p) => p.de).join(' '), en: parts.map((p) => p.en).join(' ') });
const keptAt = (where: string): Text => tx(`Eine Kopie des Protokolls liegt unter ${where}.`, `A copy of the record is kept at ${where}.`);

/** The session the record holds, or null when there is none or it cannot be read. */
async function fromRecord<S>(game: AnyGame): Promise<Session<S> | null> {
  try {
    const text = await bridge.records.read(game.id);
    if (!text || text.trim() === '') return null;
    const r = replay<S>(game, text);
    if (r.dropped) return null;
    return sessionOf(r);
  } catch {
    return null;
  }
}

/** The session a replayed record holds. */
function sessionOf<S>(r: Replayed<S>): Session<S> {
  return { state: r.state, history: r.moves.map((move, i) => ({ state: r.before[i], move, source: r.sources[i] })), players: r.start.players ?? [], options: r.start.options };
}

/** After a failed write: tell the player, and find out what the record holds now. */
async function failed<S>(game: AnyGame, action: Text, e: unknown, fallback: Session<S> | null): Promise<Session<S> | null> {
  notify({
    game: game.id,
    kind: 'error',
    text: join(action, writeProblem(e), tx('Das Spiel steht wieder so, wie es gespeichert ist.', 'The game is back as it is saved.')),
    detail: detailOf(e),
  });
  const held = await fromRecord<S>(game);
  const session = held ?? fallback;
  plies.set(game.id, session?.history.length ?? 0);
  return session;
}

/** A summary of a saved game for the picker and the resume banner. */
export interface SavedGame<S = unknown> {
  game: string;
  session: Session<S>;
  /** When the last line was written (ISO), if the record says. */
  at: string | null;
}

/**
 * Loads the record of a game, repairing what can be repaired and saying what happened: the saved
 * game (finished or not), or null. Runs in the record's queue, so the picker and a screen
 * loading it at once make one copy and one notice, not two.
 */
export async function loadSaved<S>(game: AnyGame): Promise<SavedGame<S> | null> {
  const found = await loadRecord<S>(game);
  return found === 'stuck' ? null : found;
}

/** 'stuck': a record that is there but can be neither used nor set aside; nothing may replace it. */
function loadRecord<S>(game: AnyGame): Promise<SavedGame<S> | null | 'stuck'> {
  return serial(game.id, async () => {
    let text: string | null;
    try {
      text = await bridge.records.read(game.id);
    } catch (e) {
      notify({ game: game.id, kind: 'error', text: join(tx('Das gespeicherte Spiel ließ sich nicht laden.', 'The saved game could not be loaded.'), writeProblem(e)), detail: detailOf(e) });
      return 'stuck';
    }
    if (!text || text.trim() === '') {
      plies.set(game.id, 0);
      return null;
    }
    let r;
    try {
      r = replay<S>(game, text);
    } catch (e) {
      return (await setAside(game, e)) ? null : 'stuck';
    }
    if (r.dropped) {
      const d = r.dropped;
      const what = tx(
        `Das gespeicherte Spiel war ab Zug ${d.move} nicht lesbar; ${d.count === 1 ? 'eine Zeile wurde' : `${d.count} Zeilen wurden`} verworfen, das Spiel geht davor weiter.`,
        `The saved game could not be read from move ${d.move} on; ${d.count === 1 ? 'one line was' : `${d.count} lines were`} dropped, and the game goes on from before it.`,
      );
      try {
        const kept = await bridge.records.keep(game.id);
        await bridge.records.replace(game.id, validPrefix(text, d));
        notify({ game: game.id, kind: 'info', text: kept ? join(what, keptAt(kept)) : what, detail: d.reason });
      } catch (e) {
        // Without a copy (or the rewrite) the record stays as it is, and nothing is played onto it.
        notify({
          game: game.id,
          kind: 'error',
          text: join(tx(`Das gespeicherte Spiel ist ab Zug ${d.move} nicht lesbar und konnte nicht gesichert werden.`, `The saved game cannot be read from move ${d.move} on and could not be saved aside.`), writeProblem(e)),
          detail: `${d.reason}; ${detailOf(e)}`,
        });
        return 'stuck';
      }
    }
    const session = sessionOf(r);
    plies.set(game.id, session.history.length);
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    const last = lines[r.moves.length];
    let at: string | null = null;
    try {
      const a = (JSON.parse(last) as { at?: unknown }).at;
      at = typeof a === 'string' ? a : null;
    } catch {
      // No time: the picker shows the game without one.
    }
    return { game: game.id, session, at };
  });
}

/** A record nothing can be resumed from: copied aside, then removed, and the player told where the copy is. */
async function setAside(game: AnyGame, why: unknown): Promise<boolean> {
  const unreadable = tx('Das gespeicherte Spiel ist unlesbar.', 'The saved game cannot be read.');
  try {
    const kept = await bridge.records.keep(game.id);
    await bridge.records.remove(game.id);
    plies.set(game.id, 0);
    notify({ game: game.id, kind: 'error', text: kept ? join(unreadable, keptAt(kept)) : unreadable, detail: detailOf(why) });
    return true;
  } catch (e) {
    notify({
      game: game.id,
      kind: 'error',
      text: join(unreadable, tx('Es konnte nicht beiseitegelegt werden und bleibt, wie es ist.', 'It could not be set aside and stays as it is.'), writeProblem(e)),
      detail: `${detailOf(why)}; ${detailOf(e)}`,
    });
    return false;
  }
}

/** The unfinished saved game of this id, if there is one; what to tell about the record goes to RecordNotices. */
export async function findSaved<S>(game: AnyGame): Promise<{ saved: Session<S> | null }> {
  const found = await loadSaved<S>(game);
  return { saved: found && game.toMove(found.session.state) !== null ? found.session : null };
}

/**
 * Starts a new game and its record. Over an unfinished saved game it asks first (the app's
 * ReplaceDialog); a record that cannot be read is copied aside before it is replaced. Resolves
 * to null when the game was not started: the player kept the saved one, or the write failed.
 */
export async function startSession<S>(game: AnyGame, options: Options, players: string[]): Promise<Session<S> | null> {
  const state = game.setup(options) as S;
  const saved = await loadRecord<S>(game);
  // A record that could not be set aside is never replaced: its notice says why.
  if (saved === 'stuck') return null;
  if (saved && game.toMove(saved.session.state) !== null && !(await askReplace(game.id))) return null;
  const start: RecordLine = { kind: 'start', game: game.id, options, players, at: new Date().toISOString() };
  return serial(game.id, async () => {
    try {
      await bridge.records.replace(game.id, encodeLine(start));
    } catch (e) {
      await failed(game, tx('Das neue Spiel wurde nicht gespeichert und nicht begonnen.', 'The new game was not saved and not started.'), e, null);
      return null;
    }
    plies.set(game.id, 0);
    dismiss(game.id);
    return { state, history: [], players, options };
  });
}

function askReplace(game: string): Promise<boolean> {
  recordStatus.question?.answer(false);
  return new Promise((resolve) => {
    recordStatus.question = {
      game,
      answer: (replace) => {
        recordStatus.question = null;
        resolve(replace);
      },
    };
  });
}

/** Refuses a session the record has already moved on from; otherwise counts the change in. */
function claim(game: AnyGame, session: Session<unknown>, change: number): void {
  const expected = plies.get(game.id);
  if (expected !== undefined && expected !== session.history.length) throw new StaleMoveError();
  plies.set(game.id, session.history.length + change);
}

/**
 * Plays a move (throws EngineError if illegal, before anything is written) and records it.
 * Throws StaleMoveError for a move on a position already moved on from, RecordError when the
 * record could not be written (the player is told; `e.session` is what the record holds).
 */
export async function playMove<S>(
  game: AnyGame,
  session: Session<S>,
  move: unknown,
  source: 'tap' | 'camera' | 'bot' = 'tap',
  observed?: Json,
): Promise<Session<S>> {
  const state = game.play(session.state, move) as S;
  claim(game, session, +1);
  const line: RecordLine = { kind: 'move', move: move as Json, source, at: new Date().toISOString() };
  if (observed !== undefined) line.observed = observed;
  return follow(
    game,
    serial(game.id, async () => {
      try {
        await bridge.records.append(game.id, encodeLine(line));
      } catch (e) {
        const held = await failed(game, tx('Der Zug wurde nicht gespeichert.', 'The move was not saved.'), e, session);
        throw new RecordError(writeProblem(e), held);
      }
      return { ...session, state, history: [...session.history, { state: session.state, move, source }] };
    }),
  );
}

/** Keeps `next` as what the record's last change makes, for a second click to be answered with. */
function follow<S>(game: AnyGame, next: Promise<Session<S>>): Promise<Session<S>> {
  latest.set(game.id, next as Promise<Session<unknown>>);
  return next;
}

/** Takes back the last move by rewriting the record without it; on a failed write, the session the record holds. */
export async function undoMove<S>(game: AnyGame, session: Session<S>): Promise<Session<S>> {
  if (session.history.length === 0) return session;
  try {
    claim(game, session, -1);
  } catch (e) {
    if (!(e instanceof StaleMoveError)) throw e;
    // A second click on Undo (a double click) takes back nothing more: it gets the position the
    // first one leads to, so every screen shows one take-back and nothing is thrown.
    const first = (latest.get(game.id) ?? Promise.resolve(session)) as Promise<Session<S>>;
    return first.catch((failure: unknown) => heldAfter(failure, session) ?? session);
  }
  return follow(game, serial(game.id, async () => {
    try {
      const text = (await bridge.records.read(game.id)) ?? '';
      // The start line and every move the session keeps: exactly the last move goes.
      const lines = text.split('\n').filter((l) => l.trim() !== '');
      if (lines.length < session.history.length + 1) throw new Error('the record does not hold the game on screen');
      await bridge.records.replace(game.id, lines.slice(0, session.history.length).join('\n') + '\n');
    } catch (e) {
      return (await failed(game, tx('Die Rücknahme wurde nicht gespeichert.', 'The take-back was not saved.'), e, session)) ?? session;
    }
    const last = session.history[session.history.length - 1];
    return { ...session, state: last.state, history: session.history.slice(0, -1) };
  }));
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
