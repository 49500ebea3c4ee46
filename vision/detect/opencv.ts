/**
 * One OpenCV (opencv-wasm 4.3) for the reader, in Node and in a Web Worker. In Node the module
 * compiles its wasm synchronously on import; in a browser it finishes asynchronously and calls
 * `onRuntimeInitialized`, so callers always go through `loadCv()`.
 *
 * The Emscripten module has a `then` method that hands itself to its callback: any promise
 * resolved with it (an async function returning it, too) loops forever. It is removed here, and
 * readiness comes from `onRuntimeInitialized` instead.
 */
import cvModule from 'opencv-wasm';

export type Cv = typeof cvModule.cv;

let ready: Promise<Cv> | undefined;

export function loadCv(): Promise<Cv> {
  ready ??= new Promise<Cv>((resolve) => {
    const cv = cvModule.cv as Cv & { onRuntimeInitialized?: () => void; then?: unknown };
    delete cv.then;
    if (typeof cv.Mat === 'function') resolve(cv);
    else cv.onRuntimeInitialized = () => resolve(cv);
  });
  return ready;
}
