import type { AnyGame, Json, Options, Text } from '../../engine/core/contract.ts';
import type { Namer } from '../../engine/core/text.ts';
import { encodeLine, replay, validPrefix, type RecordLine, type RecordSource, type Replayed } from '../../engine/core/record.ts';
import { bridge } from '../bridge/index.ts';
import { t, tx } from '../i18n/index.svelte.ts';
import { dismiss, notify, recordStatus } from './record-status.svelte.ts';
import { announce, changedElsewhere, saw, setPlaying, underLock } from './record-tabs.ts';
import { heldAfter, RecordError, StaleMoveError, writeProblem } from './record-errors.ts';

export { heldAfter, RecordError, StaleMoveError } from './record-errors.ts';

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
 * - Another tab or window on the same game never has its moves overwritten (record-tabs.ts): a
 *   write runs under the record's lock and is refused when the record moved on elsewhere.
 */
export interface Session<S> {
  state: S;
  /** States before each move, for undo and the move list, and what caused each move (as its record line says). */
  history: { state: S; move: unknown; source?: RecordSource }[];
  players: string[];
  /** The options the game was set up with: a rematch starts from the same ones. */
  options: Options;
}

const queues = new Map<string, Promise<unknown>>();
/** Moves each record will hold once the writes queued for it are done. */
const plies = new Map<string, number>();
/** Moves and take-backs claimed per record so far: a load queued before one of them must not reset `plies`. */
const claims = new Map<string, number>();

function serial<T>(id: string, work: () => Promise<T>): Promise<T> {
  recordStatus.writing++;
  const run = (queues.get(id) ?? Promise.resolve()).then(() => underLock(id, work));
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

const detailOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const join = (...parts: Text[]): Text => ({ de: parts.map((p) => p.de).join(' '), en: parts.map((p) => p.en).join(' ') });
const keptAt = (where: string): Text => tx(`Eine Kopie des Protokolls liegt unter ${where}.`, `A copy of the record is kept at ${where}.`);

/** The session the record holds, or null when there is none or it cannot be read. */
async function fromRecord<S>(game: AnyGame): Promise<Session<S> | null> {
  try {
    const text = await bridge.records.read(game.id);
    saw(game.id, text);
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

const ELSEWHERE = tx(
  'In einem anderen Fenster wurde dieses Spiel weitergespielt.',
  'This game was played on in another window.',
);

/**
 * Before a write: has another tab or window changed the record since this tab saw it? Then the
 * write is not made, the player is told, and the session the record holds is what to show.
 */
async function movedOn<S>(game: AnyGame, action: Text, session: Session<S>): Promise<{ now: string | null } | { held: Session<S> | null }> {
  let now: string | null;
  try {
    now = await bridge.records.read(game.id);
  } catch {
    // The write itself will meet the same storage and say what is wrong with it.
    return { now: null };
  }
  if (!changedElsewhere(game.id, now)) return { now };
  notify({ game: game.id, kind: 'info', text: join(ELSEWHERE, action, tx('Hier steht jetzt der gespeicherte Stand.', 'This window now shows the saved position.')) });
  const held = await fromRecord<S>(game);
  plies.set(game.id, held?.history.length ?? 0);
  return { held: held ?? session };
}

/**
 * Throws a saved game away, as the player asked in the picker (after a question): the record is
 * removed, and a tab that shows it follows.
 */
export function discardSaved(game: AnyGame): Promise<boolean> {
  return serial(game.id, async () => {
    try {
      await bridge.records.remove(game.id);
    } catch (e) {
      notify({ game: game.id, kind: 'error', text: join(tx('Das Spiel wurde nicht verworfen.', 'The game was not discarded.'), writeProblem(e)), detail: detailOf(e) });
      return false;
    }
    saw(game.id, '');
    announce(game.id);
    plies.set(game.id, 0);
    dismiss(game.id);
    return true;
  });
}

/** A saved game was resumed in this tab: a reload comes back to it. */
export const resumed = (game: string): void => setPlaying(game);

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
  // A move claimed while this load waited in the queue counts on top of what it reads (the
  // picker's load and a screen's first move can overlap after a reload): it keeps its count.
  const epoch = claims.get(game.id) ?? 0;
  const count = (n: number) => {
    if ((claims.get(game.id) ?? 0) === epoch) plies.set(game.id, n);
  };
  return serial(game.id, async () => {
    let text: string | null;
    try {
      text = await bridge.records.read(game.id);
    } catch (e) {
      notify({ game: game.id, kind: 'error', text: join(tx('Das gespeicherte Spiel ließ sich nicht laden.', 'The saved game could not be loaded.'), writeProblem(e)), detail: detailOf(e) });
      return 'stuck';
    }
    saw(game.id, text);
    if (!text || text.trim() === '') {
      count(0);
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
        saw(game.id, validPrefix(text, d));
        announce(game.id);
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
    count(session.history.length);
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
    saw(game.id, '');
    announce(game.id);
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
    saw(game.id, encodeLine(start));
    announce(game.id);
    plies.set(game.id, 0);
    dismiss(game.id);
    setPlaying(game.id);
    recordStatus.resumeNext = null;
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
  claims.set(game.id, (claims.get(game.id) ?? 0) + 1);
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
  source: 'tap' | 'camera' | 'bot' | 'remote' = 'tap',
  observed?: Json,
): Promise<Session<S>> {
  const state = game.play(session.state, move) as S;
  claim(game, session, +1);
  const line: RecordLine = { kind: 'move', move: move as Json, source, at: new Date().toISOString() };
  if (observed !== undefined) line.observed = observed;
  return serial(game.id, async () => {
    const notSaved = tx('Der Zug wurde nicht gespeichert.', 'The move was not saved.');
    const before = await movedOn(game, notSaved, session);
    if ('held' in before) throw new RecordError(ELSEWHERE, before.held);
    try {
      await bridge.records.append(game.id, encodeLine(line));
    } catch (e) {
      const held = await failed(game, notSaved, e, session);
      throw new RecordError(writeProblem(e), held);
    }
    // The record as read under this lock, and the line: what it holds now (append cuts a torn end).
    saw(game.id, (before.now ?? '') + encodeLine(line));
    announce(game.id);
    return { ...session, state, history: [...session.history, { state: session.state, move, source }] };
  });
}

/** Takes back the last move by rewriting the record without it; on a failed write, the session the record holds. */
export async function undoMove<S>(game: AnyGame, session: Session<S>): Promise<Session<S>> {
  if (session.history.length === 0) return session;
  try {
    claim(game, session, -1);
  } catch (e) {
    if (!(e instanceof StaleMoveError)) throw e;
    // A second click on Undo (a double click) takes back nothing: it gets its own position back at
    // once, before the first click's write ends and its position is shown, so every screen shows
    // one take-back and nothing is thrown (a screen that takes back several actions in a loop
    // stops there: nothing was taken back).
    return session;
  }
  return serial(game.id, async () => {
    const notSaved = tx('Die Rücknahme wurde nicht gespeichert.', 'The take-back was not saved.');
    const before = await movedOn(game, notSaved, session);
    if ('held' in before) return before.held ?? session;
    try {
      // The start line and every move the session keeps: exactly the last move goes.
      const lines = (before.now ?? '').split('\n').filter((l) => l.trim() !== '');
      if (lines.length < session.history.length + 1) throw new Error('the record does not hold the game on screen');
      const kept = lines.slice(0, session.history.length).join('\n') + '\n';
      await bridge.records.replace(game.id, kept);
      saw(game.id, kept);
      announce(game.id);
    } catch (e) {
      return (await failed(game, notSaved, e, session)) ?? session;
    }
    const last = session.history[session.history.length - 1];
    return { ...session, state: last.state, history: session.history.slice(0, -1) };
  });
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
