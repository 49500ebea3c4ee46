/**
 * What every layer tells a person, German first. Game-free, so the hardware and vision worlds may
 * import it too (the architecture test allows exactly this file besides the rng).
 *
 * A text names things as the table sees them ("Reihe 2, Feld 1", "Rot", the player's name), never
 * by an internal id. Where the engine knows a thing only by id and the table may call it by its own
 * name (a seat: the player's name; a Diabolo colour: the deck's colour name), the text holds a slot
 * `{kind:id}` (`{seat:2}`, `{colour:c1}`) in both languages, and `refs` gives the name the engine
 * would use for each slot (`"seat:2": {"de":"Spieler 3","en":"Player 3"}`). `render` fills the
 * slots at display time: with the name the display knows (the UI's player and colour names), else
 * with the one in `refs`. Texts are plain JSON, so they cross the protocol and records unchanged.
 */
export interface Text {
  de: string;
  en: string;
  /** The engine's name for every `{ref}` slot in `de` and `en`; absent where there are none. */
  refs?: Record<string, { de: string; en: string }>;
}

export type Lang = 'de' | 'en';

/** The table's own name for a ref (`seat:2`, `colour:c1`), or undefined to keep the engine's. */
export type Namer = (ref: string) => string | undefined;

const SLOT = /\{([a-z]+:[A-Za-z0-9_.-]+)\}/g;

/** One language of a text, every slot filled: by `name` where it knows the ref, else by the text's own `refs`. */
export function render(text: Text, lang: Lang, name?: Namer): string {
  const s = text[lang];
  if (!text.refs) return s;
  return s.replace(SLOT, (slot, ref: string) => name?.(ref) ?? text.refs?.[ref]?.[lang] ?? slot);
}

/** A thing named by ref: a text that is only its slot, carrying the engine's name for it. */
export function ref(key: string, name: { de: string; en: string }): Text {
  const slot = `{${key}}`;
  return { de: slot, en: slot, refs: { [key]: { de: name.de, en: name.en } } };
}

/** A player by seat (0-based): "Spieler 3" / "Player 3" unless the display knows the name. */
export const seatRef = (seat: number): Text => ref(`seat:${seat}`, { de: `Spieler ${seat + 1}`, en: `Player ${seat + 1}` });

/**
 * Builds one text from pieces: a `Text` adds its own language and its refs, a string is the same
 * in both languages. `say(seatRef(1), { de: ' hat keine Karte.', en: ' holds no card.' })`.
 */
export function say(...parts: (Text | string)[]): Text {
  let de = '';
  let en = '';
  let refs: Text['refs'];
  for (const p of parts) {
    if (typeof p === 'string') {
      de += p;
      en += p;
      continue;
    }
    de += p.de;
    en += p.en;
    if (p.refs) refs = { ...refs, ...p.refs };
  }
  return refs ? { de, en, refs } : { de, en };
}

/** Texts joined with `sep` between them, refs kept. */
export function joinTexts(texts: readonly Text[], sep: string | Text = ' '): Text {
  return say(...texts.flatMap((x, i) => (i === 0 ? [x] : [sep, x])));
}

/** The text with its first letter capital in both languages, to open a sentence ("Row 2, box 1 …"). */
export function capital(text: Text): Text {
  const up = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);
  return { ...text, de: up(text.de), en: up(text.en) };
}

/**
 * What to tell a person about anything thrown: a UserError's text (or any error carrying one),
 * else its message in both languages. A worker's ErrorEvent is no Error but has a message too.
 */
export function errorText(e: unknown): Text {
  const text = (e as { text?: Text } | null)?.text;
  if (text) return text;
  const m = (e as { message?: unknown } | null)?.message;
  const message = typeof m === 'string' ? m : String(e);
  return { de: message, en: message };
}

/** An error a person can act on: `code` is stable for programs, `text` names the cause for people. */
export class UserError<Code extends string> extends Error {
  readonly code: Code;
  readonly text: Text;
  constructor(code: Code, text: Text | string) {
    const t = typeof text === 'string' ? { de: text, en: text } : text;
    super(render(t, 'en'));
    this.code = code;
    this.text = t;
  }
}
