import type { Text } from '../../engine/core/contract.ts';
import { tx } from '../i18n/index.svelte.ts';

/** What session.ts throws and says when a record could not take a move. */

/** A write to the record failed; `session` is the session the record holds now (the UI goes back to it). */
export class RecordError<T = unknown> extends Error {
  constructor(
    readonly text: Text,
    readonly session: T | null,
  ) {
    super(text.en);
  }
}

/** After a failed move: the session to go back to (what the record holds) if it was the record that failed, else null. */
export function heldAfter<T>(e: unknown, current: T): T | null {
  return e instanceof RecordError ? ((e.session as T | null) ?? current) : null;
}

/** A move built on a position the record has already moved on from (a second click): not written. */
export class StaleMoveError extends Error {
  readonly text = tx('Dieser Zug ist schon eingetragen; der zweite Klick wurde nicht gezählt.', 'This move is already entered; the second click was not counted.');
  constructor() {
    super('stale move');
  }
}

/** Why a write failed, in words a player can act on: the store's errors carry the system's code. */
export function writeProblem(e: unknown): Text {
  const m = `${(e as Error)?.name ?? ''} ${(e as Error)?.message ?? String(e)}`;
  if (/ENOSPC|QuotaExceeded|quota|EDQUOT/i.test(m)) return tx('Der Speicher ist voll.', 'The storage is full.');
  if (/EROFS/.test(m)) return tx('Der Speicherort ist schreibgeschützt.', 'The storage is read-only.');
  if (/EACCES|EPERM/.test(m)) return tx('Keine Schreibrechte am Speicherort.', 'No permission to write there.');
  return tx('Der Speicher meldet einen Fehler.', 'The storage reported an error.');
}
