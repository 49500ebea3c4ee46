import { EngineError } from '../../engine/core/errors.ts';

/** What the engine says to an entry: its English refusal, or 'accepted'. Rule tables compare it. */
export function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e.text.en;
    throw e;
  }
  return 'accepted';
}
