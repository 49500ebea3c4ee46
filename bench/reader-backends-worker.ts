/**
 * The dice reader in a Chromium worker on a TF.js backend chosen by message, for comparing the
 * backends' readings (bench/reader-page.ts serves it):
 *   → { type: 'init', backend }  ← { ok, backend, gpu }
 *   → { type: 'choose', gpu? }   ← { ok, choice }      (the camera worker's choice; gpu: pretend this GPU)
 *   → { type: 'read', frame }    ← { ok, reading, ms }
 */
import { loadModels, tf, useBackend, type Backend, type Models } from '../vision/tf.ts';
import { read } from '../vision/read.ts';
import { chooseBackend, glRenderer } from '../renderer/vision/reader-backend.ts';

const scope = globalThis as unknown as { onmessage: ((e: { data: any }) => void) | null; postMessage(a: unknown): void };
let models: Models | undefined;

scope.onmessage = async ({ data: m }) => {
  try {
    if (m.type === 'init') {
      models = await loadModels({ detector: '/models/detector.json', classifier: '/models/classifier.json', wasmPath: '/tfjs/' });
      if (!(await useBackend(m.backend as Backend))) throw new Error(`no ${m.backend} here`);
      scope.postMessage({ ok: true, backend: tf.getBackend(), gpu: glRenderer() });
    } else if (m.type === 'choose') {
      const choice = await chooseBackend(models!, m.gpu);
      scope.postMessage({ ok: true, choice, now: tf.getBackend() });
    } else {
      const t0 = performance.now();
      const reading = await read(m.frame, { models: models! });
      scope.postMessage({ ok: true, reading, ms: performance.now() - t0 });
    }
  } catch (err) {
    scope.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
