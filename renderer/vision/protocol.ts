import type { Text } from '../../engine/core/text.ts';
import type { Board } from '../../vision/board/board.ts';
import type { Calibration } from '../../vision/board/calibration.ts';
import type { Homography, Point } from '../../vision/board/homography.ts';
import type { Reading } from '../../vision/types.ts';
import type { MiwinDie } from '../../vision/miwin/dice.ts';
import type { HeldDie } from '../../vision/change/seed.ts';

/** Main thread to the camera worker: one frame at a time, the next only after the answer. */
export interface FrameMessage {
  width: number;
  height: number;
  /** RGBA bytes, transferred. */
  data: ArrayBuffer;
  time: number;
}

/** Main thread to a worker that maps dice onto a board: the board in play (again when it changes). */
export interface BoardMessage {
  board: Board;
}

/**
 * Main thread to a board worker: the board's four corners as the user clicked them (top left,
 * top right, bottom right, bottom left of the board) in the pixels of a `width` x `height`
 * frame, for a board without markers in view. The worker checks it (`parseCornersMessage`).
 */
export interface CornersMessage {
  corners: Point[];
  width: number;
  height: number;
}

/**
 * Main thread to a camera worker (the d6 and the Miwin one), after each reading it passed on:
 * whether the game took it (it becomes the board's or table's reference, vision/change/) or
 * refused it (the reference stays the last position taken).
 */
export interface VerdictMessage {
  taken: boolean;
}

/**
 * Main thread to a board worker: the position the game holds, the dice on the board's fields
 * (again whenever it changes; null: none known). The first reference is taken from it
 * (vision/change/seed.ts): a die seen on a field the position leaves empty is no move.
 */
export interface PositionMessage {
  position: HeldDie[] | null;
}

/** Where the board lies in the image, for drawing it over the video. */
export interface BoardInView {
  source: Calibration['source'];
  boardToImage: Homography;
}

/**
 * Main thread to a camera worker that takes dice sets (the d6 one and Miwin's), for teaching it the table's own dice (docs/teach-dice.md):
 * read this frame for the players to confirm (`look`, a FrameMessage without its time), or read
 * with this dice set from now on (`diceSet`: the set's file text, checked by `parseDiceSet` in the
 * worker; null for none).
 */
export type TeachMessage = { look: Omit<FrameMessage, 'time'> } | { diceSet: string | null };

/** A die of a looked-at frame: where, what the reader made of it, and the patch a dice set keeps. */
export interface LookedDie {
  box: [number, number, number, number];
  value: number | null;
  /** Which of Miwin's dice the reader took it for (Miwin's worker only). */
  die?: MiwinDie;
  patch: Uint8Array;
}

export interface LookAnswer {
  type: 'look';
  dice: LookedDie[];
  /** d6: the boxes it looked at just under its die bar, surest first; a set keeps a few of those that touch no die of the confirmed roll (teach.ts draftSet). */
  near?: LookedDie[];
  problem: Text | null;
}

export interface SetAnswer {
  type: 'dice-set';
  /** The set as it now stands (taught on the weights in use, its sureness measured), to be stored; null for none or when refused. */
  text: string | null;
  /** It was taught on other classifier weights, and was taught again from its kept pictures. */
  retaught: boolean;
  /**
   * It raises the reader's die bar for its table (vision/adapt/bias.ts): where a scene it was not
   * shown holds look-alikes (a colourful board, another table), it can report dice that are not there.
   */
  raised: boolean;
  /** Why the set was refused (the one in use stays); null when taken. */
  problem: Text | null;
  /** How long making the reader ready took, ms. */
  ms: number;
}

/** The answer that puts no set in use: none asked for (`problem` null), or refused, or no reader to ask. */
export const noSet = (problem: Text | null): SetAnswer => ({ type: 'dice-set', text: null, retaught: false, raised: false, problem, ms: 0 });

/**
 * What the camera panel tells a game of every frame the worker answered (`onstep`): a game that
 * waits for a still table counts on this, so a hand over the board or a camera that stopped
 * never counts as still.
 */
export interface CameraStep {
  /** The frame differs from the one before (a hand, a die being moved). */
  moving: boolean;
  /** How long the picture has been still, by the frames' own times, ms. */
  stillForMs: number;
  /**
   * The board is in view and read: false where a settled frame could not be used (the board not
   * found because a hand covers its corners, a frame that could not be read, dice in colours
   * nobody plays).
   */
  seen: boolean;
}

/** The camera worker's answers. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | {
      type: 'step';
      moving: boolean;
      stillForMs: number;
      observation: Reading | null;
      /** Why a still table gave no observation (the board not found, a frame that could not be read). */
      problem?: Text;
      /** A board worker on a settled frame: where the board lies, or null when it is not calibrated. */
      board?: BoardInView | null;
      /** What the players should know of how the board was taken in (its first reference taken from the game's position). */
      told?: Text;
    }
  /** A board worker's answer to a CornersMessage: null when it took them, else why not. */
  | { type: 'corners'; problem: Text | null }
  | LookAnswer
  | SetAnswer;
