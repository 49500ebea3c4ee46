/**
 * What the board should show, in the words of a game: field ids (docs/conventions.md) and why each
 * is lit. Games produce it (in the renderer); hardware/ turns it into colours through a layout.
 * A plain JSON object, so it crosses IPC unchanged.
 */
export const MEANINGS = ['legal', 'selected', 'illegal', 'computer'] as const;
export type LedMeaning = (typeof MEANINGS)[number];

/** Field id -> meaning; fields not named stay dark. */
export type LedIntent = Readonly<Record<string, LedMeaning>>;
