import type { Page } from 'playwright-core';

/**
 * The browser storage keys the app keeps players' things under. Spelled here, not imported from
 * the app: saved games live under them, so a rename in the app that would orphan players' saved
 * games must fail the e2e tests.
 */

/** The key of a game's saved record (`renderer/bridge/browser.ts`). */
export const recordKey = (game: string) => `schiri.record.${game}`;

export const DUEL_RECORD_KEY = recordKey('himmel-und-hoelle');
export const DUEL_SEATS_KEY = 'schiri.himmel-und-hoelle.seats';
export const DUEL_TABLE_KEY = 'schiri.himmel-und-hoelle.table';

/** What the page's storage holds under `key` (null: nothing). */
export const storedItem = (page: Page, key: string) => page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
