import { tick } from 'svelte';
import { recordStatus } from '../games/record-status.svelte.ts';

/** Whether the person is typing into a text field now: a move the table made elsewhere leaves the focus there. */
export function typing(): boolean {
  const el = document.activeElement as HTMLElement | null;
  if (!el) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'].includes(el.type);
}

/**
 * Moves the focus to what comes next (the next entry, the next player's first control) once the
 * screen shows it: after the record write (RecordGuard disables every control while one is in
 * flight) and after the DOM is updated. Nothing to focus: the focus stays where it is. With
 * `keepTyping` (a move the camera saw, not one the person made) a text field being typed in keeps it.
 */
export async function focusNext(selector: string, { keepTyping = false }: { keepTyping?: boolean } = {}): Promise<void> {
  await tick();
  while (recordStatus.writing > 0) await new Promise((r) => setTimeout(r, 10));
  await tick();
  const el = document.querySelector<HTMLElement>(selector);
  if (!el || (keepTyping && typing())) return;
  // The browser scrolls a focused control into view even where it is in view already (in the
  // sticky side column it scrolled the turn banner and the board out of the window at 1280x800):
  // scrolled only when it is not in view.
  el.focus({ preventScroll: true });
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: 'nearest' });
}

/**
 * A row of controls that is one tab stop (a roving tabindex): the index the focus goes to from
 * `i` of `n` on an arrow key, Home or End; undefined for any other key. Left and up go back,
 * right and down on; the ends stay where they are.
 */
export function listStep(n: number, i: number, key: string): number | undefined {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(0, i - 1);
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(n - 1, i + 1);
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
  }
  return undefined;
}

/** The digit typed with this key (0-9, the number pad's too), null for any other key or one held with Ctrl, Alt or Meta. */
export function typedDigit(e: KeyboardEvent): number | null {
  if (e.ctrlKey || e.altKey || e.metaKey || !/^[0-9]$/.test(e.key)) return null;
  return Number(e.key);
}
