import type { Text } from '../../engine/core/contract.ts';

/**
 * Making `Text`s, with no DOM and no runes: modules that tests run in Node (camera, names, sheets)
 * build their words here; `index.svelte.ts` puts them into the current language.
 */

/** A Text from two strings, for the UI's own words. */
export const tx = (de: string, en: string): Text => ({ de, en });

/** The same words in both languages: a name, a number, a field id printed on the board. */
export const same = (s: string): Text => ({ de: s, en: s });

/** Texts one after the other, each language with its own halves; the same sentence is said once. Names by ref (engine/core/text.ts) are kept. */
export function join(texts: readonly Text[], sep = ' '): Text {
  const seen = new Set<string>();
  const once = texts.filter((x) => {
    const k = `${x.de}\u0000${x.en}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
  const refs = Object.assign({}, ...once.map((x) => x.refs ?? {})) as NonNullable<Text['refs']>;
  const out: Text = { de: once.map((x) => x.de).join(sep), en: once.map((x) => x.en).join(sep) };
  return Object.keys(refs).length ? { ...out, refs } : out;
}

/** "1 Würfel" / "2 Würfel", "1 die" / "2 dice": a count with the word it needs. */
export function count(n: number, one: Text, many: Text): Text {
  const w = n === 1 ? one : many;
  return { de: `${n} ${w.de}`, en: `${n} ${w.en}` };
}
