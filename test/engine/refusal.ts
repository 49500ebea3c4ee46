import { EngineError } from '../../engine/core/errors.ts';
import { render } from '../../engine/core/text.ts';

/** What the engine says to an entry: its English refusal (names filled in as the engine gives them), or 'accepted'. Rule tables compare it. */
export function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return render(e.text, 'en');
    throw e;
  }
  return 'accepted';
}
