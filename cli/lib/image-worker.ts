/**
 * The worker of isolated-images.ts: reads and decodes one file a message. Whatever a decoder does
 * here, at worst this worker ends (its heap is capped); the process that started it goes on.
 */
import { parentPort } from 'node:worker_threads';
import { asImageFileError } from './image-error.ts';
import { readImage } from './image-file.ts';

export interface DecodeRequest {
  path: string;
  time: number;
}

export type DecodeReply =
  | { width: number; height: number; data: Uint8ClampedArray; time: number }
  | { error: { de: string; en: string } };

parentPort?.on('message', ({ path, time }: DecodeRequest) => {
  let reply: DecodeReply;
  try {
    reply = readImage(path, time);
  } catch (e) {
    const error = asImageFileError(path, e);
    reply = { error: { de: error.de, en: error.en } };
  }
  // The pixels move to the other thread when they fill their buffer; a view into a shared one is copied.
  const data = 'data' in reply ? reply.data : undefined;
  const whole = data && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  parentPort?.postMessage(reply, whole ? [data.buffer as ArrayBuffer] : []);
});
