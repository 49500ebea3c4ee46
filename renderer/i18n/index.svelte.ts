import { errorText, render, type Namer, type Text } from '../../engine/core/text.ts';

export { count, join, same, tx } from './text.ts';

export type Lang = 'de' | 'en';

const STORAGE_KEY = 'schiri.lang';

function initial(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'de' || saved === 'en') return saved;
  } catch {
    // Storage can be unavailable (private mode); German is the default either way.
  }
  return 'de';
}

/** German first: the app starts in German unless the user chose English before. */
export const i18n = $state({ lang: initial() });
// index.html says "de"; a reload in English must say so too (screen readers, hyphenation).
document.documentElement.lang = i18n.lang;

export function setLang(lang: Lang): void {
  i18n.lang = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not saved: the choice still holds for this session.
  }
}

/**
 * The table's names for what engine texts name by ref (engine/core/text.ts): the screen of the game
 * in play sets them (the players' names, the deck's colour names), and every `t()` fills them in.
 */
const naming = $state<{ name: Namer | null }>({ name: null });

/** Sets (or with null clears) the names `t()` fills into engine texts; a game screen calls it while shown. */
export function setNamer(name: Namer | null): void {
  naming.name = name;
}

/** The current language's half of a `Text`, with the table's names in its slots. */
export function t(text: Text): string {
  return render(text, i18n.lang, naming.name ?? undefined);
}

/**
 * What a screen tells the players, kept as a Text and put into words when drawn: a language switch
 * changes every message on screen, and a message about a move can go with the move (undo).
 */
export interface Message {
  kind: 'error' | 'info';
  text: Text;
}

export const error = (text: Text): Message => ({ kind: 'error', text });
export const info = (text: Text): Message => ({ kind: 'info', text });

/** What to tell the user about an error: the engine's and the board's errors carry a `Text`. */
export { errorText };
