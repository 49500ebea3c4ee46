/**
 * Two tabs or windows on one game (issue 63). Every write to a record checks first that the
 * record is still what this tab last saw (a write built on an old position is refused and the tab
 * goes to what the record holds, never overwrites), runs under a Web Lock of the record where
 * another tab is open, and tells the other tabs on a BroadcastChannel, so a tab showing the game
 * follows it. Also which game this tab has in play, so a reload lands in it. Used by session.ts
 * and App.svelte only.
 */

import { recordOfKey } from '../bridge/browser.ts';

/** This tab, so it does not follow its own writes. */
const TAB = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random());
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('schiri.records') : null;

/**
 * Whether another tab of the app is open: only then do writes wait for the lock (a lock is a
 * round trip through the browser, where one tab alone has its writes done within the click).
 * Each tab says hello when it opens and every tab answers, so both know of each other long
 * before either can play a move.
 */
let others = false;
type Word = { kind: 'hello' | 'here' | 'changed'; tab: string; game?: string };
const say = (word: Omit<Word, 'tab'>) => channel?.postMessage({ ...word, tab: TAB });
channel?.addEventListener('message', (e: MessageEvent) => {
  const d = e.data as Partial<Word> | null;
  if (!d || typeof d.tab !== 'string' || d.tab === TAB) return;
  others = true;
  if (d.kind === 'hello') say({ kind: 'here' });
});
say({ kind: 'hello' });

/** Each record's complete lines as this tab last read or wrote them. */
const seen = new Map<string, string>();

/** A record's complete lines: a half line a crash left at the end is no one's move. */
const complete = (text: string | null) => (text ?? '').slice(0, (text ?? '').lastIndexOf('\n') + 1);

/** Runs `work` holding the record's lock across tabs, where the browser has Web Locks. */
export function underLock<T>(id: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return others && locks ? (locks.request(`schiri.record.${id}`, work) as Promise<T>) : work();
}

/** What this tab now knows the record holds (null: nothing, or no longer known). */
export function saw(id: string, text: string | null): void {
  if (text === null) seen.delete(id);
  else seen.set(id, complete(text));
}

/** True when the record now holds other complete lines than this tab last saw: another tab wrote. */
export function changedElsewhere(id: string, now: string | null): boolean {
  const was = seen.get(id);
  return was !== undefined && complete(now) !== was;
}

/** Tells the other tabs that this tab changed a record. */
export function announce(id: string): void {
  say({ kind: 'changed', game: id });
}

/**
 * Calls `listener` with the game whenever another tab changed its record. In a plain browser the
 * records live in localStorage, whose writes reach the other tabs later than a channel message
 * may: a tab that followed the message alone could read the record before the write and stay
 * behind, so it follows the `storage` event (sent once the write is visible here) too.
 */
export function onChangedElsewhere(listener: (game: string) => void): () => void {
  const handle = (e: MessageEvent) => {
    const d = e.data as Partial<Word> | null;
    if (d?.kind === 'changed' && typeof d.game === 'string' && d.tab !== TAB) listener(d.game);
  };
  const stored = (e: StorageEvent) => {
    const game = recordOfKey(e.key);
    if (game !== null && e.storageArea === localStorage) listener(game);
  };
  channel?.addEventListener('message', handle);
  if (typeof window !== 'undefined') window.addEventListener('storage', stored);
  return () => {
    channel?.removeEventListener('message', handle);
    if (typeof window !== 'undefined') window.removeEventListener('storage', stored);
  };
}

const PLAYING = 'schiri.playing';

/** Marks the game this tab plays (kept over a reload, per tab), or none. */
export function setPlaying(game: string | null): void {
  try {
    if (game) sessionStorage.setItem(PLAYING, game);
    else sessionStorage.removeItem(PLAYING);
  } catch {
    // No session storage (a locked-down browser): a reload lands in the picker, as before.
  }
}

export function playing(): string | null {
  try {
    return sessionStorage.getItem(PLAYING);
  } catch {
    return null;
  }
}
