import type { Page } from 'playwright-core';
import { encodeLine } from '../../engine/core/record.ts';
import type { Json } from '../../engine/core/contract.ts';
import { himmelUndHoelle as game } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhMove } from '../../engine/himmel-und-hoelle/state.ts';
import { DUEL_RECORD_KEY, storedItem } from './storage-keys.ts';

/** What the duel's e2e tests read off the page and put in its storage. */

/** How many dice the screen's board shows on a field. */
export const onField = (page: Page, field: string) => page.getByTestId(`field-${field}`).locator('[data-testid^="die-"]').count();

/** What the virtual LED board lights a field for ('computer', 'legal', ...). */
export const lit = (page: Page, field: string) => page.locator(`[data-testid="virtual-board"] [data-field="${field}"]`).first().getAttribute('data-meaning');

/** The record the page keeps in its storage: each action's type and who made it (tap, camera, bot). */
export async function savedRecord(page: Page): Promise<[string, string][]> {
  const raw = (await storedItem(page, DUEL_RECORD_KEY))!;
  const lines = raw.trim().split('\n').map((l) => JSON.parse(l) as { move?: { type: string }; source?: string });
  return lines.filter((l) => l.move).map((l) => [l.move!.type, l.source!]);
}

/** A record of a new game (Anna Himmel, Ben Hölle, the default house rules) and these actions, each from its source. */
export function recordOf(moves: readonly HuhMove[], source: (i: number) => 'tap' | 'camera' | 'bot'): string {
  const options = Object.fromEntries(game.options.map((o) => [o.key, o.default as Json]));
  return [
    encodeLine({ kind: 'start', game: game.id, options, players: ['Anna', 'Ben'] }),
    ...moves.map((move, i) => encodeLine({ kind: 'move', move: move as unknown as Json, source: source(i) })),
  ].join('');
}
