/**
 * The seams of the dice reader (see ../shared/design/architecture.md). vision/ knows nothing of
 * games: it turns frames into dice, and a calibrated board into a map from image points to field
 * ids. Everything here is plain data, so Node (CLI, tests) and a renderer Web Worker share it.
 */

/** RGBA pixels, row-major, as ImageData holds them; `time` in ms (camera clock or file order). */
export interface Frame {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  time: number;
}

export type Rgb = [number, number, number];

/** A named colour a person would use ("white", "black", "red", "blue", ...) and the measured RGB. */
export interface NamedColour {
  name: string;
  rgb: Rgb;
}

export interface DieReading {
  /** Top-face value (1..6 for standard dice, 1..9 for Miwin's dice); null when unreadable. */
  value: number | null;
  /** 0..1: how sure the reader is of `value`. */
  confidence: number;
  /** Axis-aligned box in image pixels: [x, y, w, h]. */
  box: [number, number, number, number];
  /** Centre in image pixels. */
  centre: [number, number];
  body: NamedColour;
  pips: NamedColour;
  /** Which of Miwin's dice (by pip colour), where the reader was asked for Miwin dice. */
  miwin?: 'III' | 'IV' | 'V';
  /** Why the die could not be read (cocked, touching, occluded, ...), when value is null. */
  unreadable?: string;
  /** Field id under the die's centre, once a board is calibrated. */
  field?: string;
}

export interface Reading {
  dice: DieReading[];
  /** Something in view that is not a die on a still table (a hand, motion blur). */
  obstructed: boolean;
  /** Time spent reading the frame, ms. */
  elapsedMs: number;
  time: number;
}

/** What settle detection passes on: a reading of a table that has been still for a while. */
export interface Observation {
  reading: Reading;
  /** Time the table has been still, ms. */
  stillForMs: number;
}
