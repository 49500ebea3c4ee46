import type { Text } from '../../engine/core/contract.ts';

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

export function setLang(lang: Lang): void {
  i18n.lang = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not saved: the choice still holds for this session.
  }
}

/** The current language's half of a `Text`. */
export function t(text: Text): string {
  return text[i18n.lang];
}

/** A Text from two strings, for the UI's own words. */
export const tx = (de: string, en: string): Text => ({ de, en });
