import type { Reading } from '../../vision/types.ts';

/** Main thread to the camera worker: one frame at a time, the next only after the answer. */
export interface FrameMessage {
  width: number;
  height: number;
  /** RGBA bytes, transferred. */
  data: ArrayBuffer;
  time: number;
}

/** The camera worker's answers. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'step'; moving: boolean; stillForMs: number; observation: Reading | null };
