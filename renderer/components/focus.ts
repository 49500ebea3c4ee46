import { tick } from 'svelte';
import { recordStatus } from '../games/record-status.svelte.ts';

/**
 * Moves the focus to what comes next (the next entry, the next player's first control) once the
 * screen shows it: after the record write (RecordGuard disables every control while one is in
 * flight) and after the DOM is updated. Nothing to focus: the focus stays where it is.
 */
export async function focusNext(selector: string): Promise<void> {
  await tick();
  while (recordStatus.writing > 0) await new Promise((r) => setTimeout(r, 10));
  await tick();
  document.querySelector<HTMLElement>(selector)?.focus();
}
