import type { Component } from 'svelte';

/** One line per game screen; loaded on demand so the start screen stays small. */
export const SCREENS: Record<string, () => Promise<{ default: Component }>> = {
  plus: () => import('./plus/Screen.svelte'),
  'engel-und-bengel': () => import('./engel-und-bengel/Screen.svelte'),
  diabolo: () => import('./diabolo/Screen.svelte'),
  'himmel-a-und-zwirn': () => import('./himmel-a-und-zwirn/Screen.svelte'),
  'himmel-und-hoelle': () => import('./himmel-und-hoelle/Screen.svelte'),
};
