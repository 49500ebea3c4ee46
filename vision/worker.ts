/**
 * The dice reader as a Web Worker of the renderer: the same `read()` as in Node, behind messages.
 *   → { id, type: 'init', sources }   ← { id, ok: true }
 *   → { id, type: 'read', frame }     ← { id, ok: true, reading }
 * A failure answers { id, ok: false, error } (a message, never a crash of the worker).
 */
import { loadModels, type ModelSources, type Models } from './tf.ts';
import { read, type ReadThresholds } from './read.ts';
import type { Frame, Reading } from './types.ts';

export type ReaderRequest =
  | { id: number; type: 'init'; sources: ModelSources }
  | { id: number; type: 'read'; frame: Frame; thresholds?: Partial<ReadThresholds> };

export type ReaderAnswer = { id: number; ok: true; reading?: Reading } | { id: number; ok: false; error: string };

const scope = globalThis as unknown as { onmessage: ((e: { data: ReaderRequest }) => void) | null; postMessage(a: ReaderAnswer): void };
let models: Promise<Models> | undefined;

scope.onmessage = async (e) => {
  const req = e.data;
  try {
    if (req.type === 'init') {
      models = loadModels(req.sources);
      await models;
      scope.postMessage({ id: req.id, ok: true });
    } else {
      if (!models) throw new Error('the reader has no models yet: send "init" first');
      const reading = await read(req.frame, { models: await models, thresholds: req.thresholds });
      scope.postMessage({ id: req.id, ok: true, reading });
    }
  } catch (err) {
    scope.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
