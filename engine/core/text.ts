/**
 * What every layer tells a person, German first. Game-free, so the hardware and vision worlds may
 * import it too (the architecture test allows exactly this file besides the rng).
 */
export interface Text {
  de: string;
  en: string;
}

/** An error a person can act on: `code` is stable for programs, `text` names the cause for people. */
export class UserError<Code extends string> extends Error {
  readonly code: Code;
  readonly text: Text;
  constructor(code: Code, text: Text | string) {
    const t = typeof text === 'string' ? { de: text, en: text } : text;
    super(t.en);
    this.code = code;
    this.text = t;
  }
}
