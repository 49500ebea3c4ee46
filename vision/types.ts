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

/** Why a die could not be read. */
export type Unreadable =
  /** The network is not sure enough of any value (below the `value` threshold). */
  | 'unsure'
  /** The pip count contradicts the network, which is not sure enough to overrule it. */
  | 'pips-disagree'
  /** The die's body runs into another's: neither face can be cut out alone. */
  | 'touching'
  /** The die lies at the picture's edge. */
  | 'cut-off'
  /** Bigger than any die could be: several dice, or something else. */
  | 'too-big';

/** What to tell the players about an unreadable die, German and English. */
export const UNREADABLE: Record<Unreadable, { de: string; en: string }> = {
  unsure: { de: 'zu unsicher, welche Zahl oben liegt', en: 'not sure enough which number is on top' },
  'pips-disagree': { de: 'gezählte Augen und erkannte Zahl passen nicht zusammen', en: 'the pips counted and the number recognised disagree' },
  touching: { de: 'berührt einen anderen Würfel', en: 'touches another die' },
  'cut-off': { de: 'liegt am Bildrand', en: 'lies at the edge of the picture' },
  'too-big': { de: 'zu groß für einen Würfel', en: 'too big for one die' },
};

export interface DieReading {
  /** Top-face value (1..6 for standard dice, 1..9 for Miwin's dice); null when unreadable. */
  value: number | null;
  /** 0..1: how sure the reader is of `value`. */
  confidence: number;
  /** Axis-aligned box in image pixels: [x, y, w, h], as the detector drew it (fractions of a pixel). */
  box: [number, number, number, number];
  /** Centre in image pixels. */
  centre: [number, number];
  body: NamedColour;
  pips: NamedColour;
  /** Which of Miwin's dice (by pip colour), where the reader was asked for Miwin dice. */
  miwin?: 'III' | 'IV' | 'V';
  /** Why the die could not be read, when value is null. */
  unreadable?: Unreadable;
  /** Field id under the die's centre, once a board is calibrated. */
  field?: string;
}

/**
 * Adjusts the classifier's answers for dice the reader was taught (vision/adapt/): given each
 * crop's `gap` features (the input of the classifier's last layer) and its class probabilities,
 * returns the probabilities to use, one per crop, in the classifier's class order.
 */
export type Adapter = (features: Float32Array[], probs: Float32Array[]) => Float32Array[];

export interface Reading {
  dice: DieReading[];
  /** Asked for by teaching only (read.ts `near`): boxes below the die bar that a taught set could lift over it, surest first. */
  near?: DieReading[];
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
