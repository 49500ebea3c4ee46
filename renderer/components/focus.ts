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
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) return;
  // The browser scrolls a focused control into view even where it is in view already (in the
  // sticky side column it scrolled the turn banner and the board out of the window at 1280x800):
  // scrolled only when it is not in view.
  el.focus({ preventScroll: true });
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: 'nearest' });
}
