/**
 * Image files decoded in a worker thread whose heap is capped, for a batch of files anyone may
 * hand in (`schiri read`). The checks before decoding (image-file.ts) stop every bomb known; this
 * is for the one nobody foresaw: a decoder that runs out of memory ends its worker, the file is
 * reported, and the next file gets a new worker. (Before, a 1 x 50,000,000 PNG ran V8 out of heap
 * and ended the batch where no catch could help.)
 */
import type { Worker } from 'node:worker_threads';
import type { Frame } from '../../vision/types.ts';
import { ImageFileError } from './image-error.ts';
import { tsWorker } from './ts-worker.ts';
import type { DecodeReply, DecodeRequest } from './image-worker.ts';

/**
 * The worker's old-generation heap, in MB: a 50-megapixel JPEG takes about 400 MB of it in
 * jpeg-js (its pixels are outside the heap), and pngjs's rows far less. Above this a decode is
 * taken as running away.
 */
export const DECODE_HEAP_MB = 1024;

const ENTRY = new URL('./image-worker.ts', import.meta.url);

export class IsolatedImages {
  private worker: Worker | undefined;

  /** `heapMb`: the worker's old-generation heap (smaller only in tests). */
  constructor(private readonly heapMb = DECODE_HEAP_MB) {}

  /** The file decoded in the worker; an ImageFileError for a file that cannot be, or whose decoding ended the worker. */
  read(path: string, time = 0): Promise<Frame> {
    const worker = (this.worker ??= tsWorker(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } }));
    return new Promise<Frame>((resolve, reject) => {
      const done = () => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      const onMessage = (reply: DecodeReply) => {
        done();
        if ('error' in reply) reject(new ImageFileError(path, reply.error.de, reply.error.en));
        else resolve(reply);
      };
      const ended = (why: string) => {
        done();
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
        reject(new ImageFileError(path, `Das Bild ließ sich nicht dekodieren, der Dekoder brach ab (${why}).`, `the image could not be decoded, the decoder broke off (${why}).`));
      };
      const onError = (e: Error & { code?: string }) => ended(e.code ?? e.message);
      const onExit = (code: number) => ended(`exit ${code}`);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage({ path, time } satisfies DecodeRequest);
    });
  }

  /** Ends the worker, so the process can exit. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
