import type { Text } from '../../engine/core/text.ts';
import type { Board } from '../../vision/board/board.ts';
import type { Calibration } from '../../vision/board/calibration.ts';
import type { Homography, Point } from '../../vision/board/homography.ts';
import type { Reading } from '../../vision/types.ts';

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

/** Where the board lies in the image, for drawing it over the video. */
export interface BoardInView {
  source: Calibration['source'];
  boardToImage: Homography;
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
    }
  /** A board worker's answer to a CornersMessage: null when it took them, else why not. */
  | { type: 'corners'; problem: Text | null };
