import type { Text } from '../../engine/core/contract.ts';
import type { Lang } from '../i18n/index.svelte.ts';

/** A board as the print view prints it: the SVG `schiri boards` writes (vision/board/printable.ts). */
export interface PrintBoard {
  id: string;
  name: Text;
  svg: string;
  /** Paper size in mm. */
  size: [number, number];
  /** What the table should know before printing it (a box too near a corner marker). */
  warning?: Text | null;
}

/** What the print view shows: its title and the boards, drawn in the app's language. */
export interface PrintJob {
  title: Text;
  boards: (lang: Lang) => PrintBoard[];
}

/** The open print view (App.svelte shows it in place of the screen); null when none is open. */
export const printView = $state<{ job: PrintJob | null }>({ job: null });
let opener: HTMLElement | null = null;

export function openPrint(job: PrintJob): void {
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  printView.job = job;
}

/** Back to the screen it was opened from, with focus where it was (if that is on screen again). */
export function closePrint(): void {
  printView.job = null;
  const back = opener;
  opener = null;
  // After the screen is shown again: a control inside a hidden screen takes no focus.
  queueMicrotask(() => requestAnimationFrame(() => back?.isConnected && back.focus()));
}

/**
 * Prints one element of the screen as it is (a score sheet): the print styles (print.css) hide
 * everything else, and head the page with the game and the date, until the print dialog closes.
 */
export function printElement(el: HTMLElement, heading: string): void {
  const root = document.documentElement;
  el.setAttribute('data-print-target', heading);
  root.classList.add('print-one');
  const done = () => {
    el.removeAttribute('data-print-target');
    root.classList.remove('print-one');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
