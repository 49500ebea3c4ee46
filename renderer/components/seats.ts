/**
 * Each seat's colour, as a banner and a score sheet show it: told apart from one another and
 * from the board's meanings (legal blue, chosen yellow, and red, which says "refused"), with
 * white text readable on each (contrast at least 4.5:1).
 */
export const SEAT_COLOURS = ['#2f5d8a', '#2b6e45', '#6d4596', '#85510a', '#0c6570', '#8a3366', '#4d5761', '#5a6614'] as const;

export const seatColour = (seat: number): string => SEAT_COLOURS[seat % SEAT_COLOURS.length];
