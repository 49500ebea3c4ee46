import { ref, say, type Text } from '../core/text.ts';

/** The five colours; the sources give no names, so the app numbers them and a user may rename. */
export const COLOURS = ['c1', 'c2', 'c3', 'c4', 'c5'] as const;
export type Colour = (typeof COLOURS)[number];

/** What the app calls the colours until a table names its deck's own (the screen keeps those). */
export const COLOUR_NAMES: Record<Colour, Text> = {
  c1: { de: 'Rot', en: 'Red' },
  c2: { de: 'Blau', en: 'Blue' },
  c3: { de: 'Grün', en: 'Green' },
  c4: { de: 'Gelb', en: 'Yellow' },
  c5: { de: 'Lila', en: 'Purple' },
};

/** A colour in a text: a `{colour:cN}` slot the screen fills with the table's name for it (engine/core/text.ts). */
export const colourRef = (c: Colour): Text => ref(`colour:${c}`, COLOUR_NAMES[c]);

/** A card as the table names it: "Rot 3". */
export const cardName = (c: Card): Text => say(colourRef(c.colour), ` ${c.value}`);

/** Copies of each value in one colour: 1 1 1 1 2 2 2 3 3 3 4 4 5 5 (14 cards, 37 points). */
export const COPIES: Readonly<Record<number, number>> = { 1: 4, 2: 3, 3: 3, 4: 2, 5: 2 };
export const VALUES = [1, 2, 3, 4, 5] as const;
export const DECK_SIZE = 70;
export const HAND_SIZE = 6;

export interface Card {
  colour: Colour;
  value: number;
}

/** Left of the Himmel + Hölle card counts for the devils, right for the angels. */
export type Side = 'devil' | 'angel';
export const SIDES: readonly Side[] = ['devil', 'angel'];
export const SIDE_MAX = 3;
export const ROW_MAX = 5;

export function fullDeck(): Card[] {
  const deck: Card[] = [];
  for (const colour of COLOURS) for (const value of VALUES) for (let i = 0; i < COPIES[value]; i++) deck.push({ colour, value });
  return deck;
}

export const sameCard = (a: Card, b: Card) => a.colour === b.colour && a.value === b.value;

/** A card as a key (`c1/5`), for counting; people read `cardName`. */
export const cardKey = (c: Card): string => `${c.colour}/${c.value}`;

export const sideText: Record<Side, Text> = {
  devil: { de: 'Teufel (links)', en: 'devils (left)' },
  angel: { de: 'Engel (rechts)', en: 'angels (right)' },
};

/** Field ids shared with the UI and later the camera: `c3.angel.2` is the second angel slot of c3. */
export const slotId = (colour: Colour, side: Side, slot: number) => `${colour}.${side}.${slot}`;
export const lockId = (colour: Colour) => `${colour}.lock`;
