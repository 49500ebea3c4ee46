import type { Text } from '../../engine/core/text.ts';
import type { Board } from '../../vision/board/board.ts';
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
    };
