/**
 * Which TF.js backend the camera worker reads with. On a graphics card WebGL can run the two
 * networks faster than wasm on one core (not measured: the project's machines have none); drawn by
 * a software rasteriser (SwiftShader or llvmpipe: no GPU, a blocklisted driver) the same WebGL is
 * 18 to 30 times slower than wasm (docs/camera.md).
 * The readings are the same on both (test/e2e/reader-backend.e2e.ts). So: no WebGL 2, or a
 * software one, and it is wasm without trying; else both are timed on a 640 x 480 frame's network
 * work and the faster is kept.
 */
import { propose } from '../../vision/detect/detector.ts';
import { classify } from '../../vision/classify/classifier.ts';
import { CROP } from '../../vision/classify/nets.ts';
import { DEFAULT_THRESHOLDS } from '../../vision/read.ts';
import { useBackend, type Backend, type Models } from '../../vision/tf.ts';

const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

export interface BackendChoice {
  backend: Backend;
  /** The GPU WebGL 2 reported (null: no WebGL 2 here). */
  gpu: string | null;
  /** Milliseconds of the probe on each backend timed (none where WebGL was not worth a try). */
  timings: Partial<Record<Backend, number>>;
}

/** What of WebGL 2 glRenderer asks for, typed here so that Node's unit tests compile this file too. */
interface Gl {
  readonly RENDERER: number;
  getExtension(name: string): { UNMASKED_RENDERER_WEBGL?: number; loseContext?(): void } | null;
  getParameter(p: number): unknown;
}
type Canvas = new (width: number, height: number) => { getContext(kind: 'webgl2'): Gl | null };

/** The GPU behind WebGL 2 in this worker or page, null where there is no WebGL 2. */
export function glRenderer(): string | null {
  const OffscreenCanvas = (globalThis as { OffscreenCanvas?: Canvas }).OffscreenCanvas;
  const gl = OffscreenCanvas ? new OffscreenCanvas(1, 1).getContext('webgl2') : null;
  if (!gl) return null;
  const unmasked = gl.getExtension('WEBGL_debug_renderer_info')?.UNMASKED_RENDERER_WEBGL;
  const name = String(gl.getParameter(unmasked ?? gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext?.();
  return name;
}

/** Whether WebGL on `gpu` can be faster than wasm at all (a real GPU, not a software rasteriser). */
export const worthTrying = (gpu: string | null): boolean => gpu !== null && !SOFTWARE_GL.test(gpu);

/** The backend with the shortest time; wasm where nothing else was timed or on a tie. */
export function fastest(timings: Partial<Record<Backend, number>>): Backend {
  const { wasm, webgl } = timings;
  return webgl !== undefined && (wasm === undefined || webgl < wasm) ? 'webgl' : 'wasm';
}

/** Deterministic bytes with edges and texture, so neither network sees a blank the backend could shortcut. */
function pattern(n: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = 12345;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = ((i >> 6) & 1 ? 180 : 60) + (s >>> 27);
  }
  return out;
}

/** A 640 x 480 frame's network work at most, as read.ts does it: the detector's finest level and 28 crops (7 proposals in four turns; read.ts turns fewer where the first turn is sure). */
function probe(models: Models): () => void {
  const level = { factor: 2, width: 320, height: 240, data: pattern(320 * 240 * 3) };
  const crops = Array.from({ length: 28 }, (_, i) => pattern(CROP * CROP * 3 + i).subarray(i));
  return () => {
    propose(models.detector, level, DEFAULT_THRESHOLDS.proposal);
    classify(models.classifier, crops);
  };
}

const RUNS = 3;

/** Chooses the backend (see above) and leaves TF.js on it. */
export async function chooseBackend(models: Models, gpu = glRenderer()): Promise<BackendChoice> {
  const timings: Partial<Record<Backend, number>> = {};
  if (worthTrying(gpu)) {
    const work = probe(models);
    for (const backend of ['wasm', 'webgl'] as const) {
      if (!(await useBackend(backend))) continue;
      try {
        work(); // the first run compiles WebGL's shaders
        const t0 = performance.now();
        for (let i = 0; i < RUNS; i++) work();
        timings[backend] = (performance.now() - t0) / RUNS;
      } catch {
        // A backend that cannot run the networks is not chosen.
      }
    }
  }
  const backend = fastest(timings);
  if (!(await useBackend(backend))) throw new Error(`TF.js could not go back to ${backend}`);
  return { backend, gpu, timings };
}
