/**
 * How a camera worker answers "read with this dice set from now on": shared by the d6 worker
 * (teach-worker.ts) and Miwin's (miwin-worker.ts), with nothing of either reader in it. The set
 * arrives as text and is checked here, only through `parseDiceSet`.
 */
import type { Text } from '../../engine/core/text.ts';
import { DiceSetError, parseDiceSet, serialiseDiceSet, type DiceSet } from '../../vision/adapt/dice-set.ts';
import { noSet, type SetAnswer } from './protocol.ts';

/** A set made ready for a reader: as it now stands, whether it was taught again on other weights, and its raise of the die bar (d6 sets). */
export interface PreparedSet {
  set: DiceSet;
  retaught: boolean;
  bias?: number;
}

/**
 * Uses the set of `text` (null: none, and `forget` drops the one in use). `teach` makes it ready
 * and puts it in use only when nothing failed, so a bad set changes nothing; what it throws is
 * told as why the set was refused.
 */
export async function answerSet(text: unknown, forget: () => void, teach: (set: DiceSet) => PreparedSet | Promise<PreparedSet>): Promise<SetAnswer> {
  if (text === null) {
    forget();
    return noSet(null);
  }
  try {
    if (typeof text !== 'string') throw new DiceSetError({ de: 'Kein Würfelsatz.', en: 'Not a dice set.' });
    const set = parseDiceSet(text);
    const t0 = performance.now();
    const ready = await teach(set);
    return { type: 'dice-set', text: serialiseDiceSet(ready.set), retaught: ready.retaught, raised: (ready.bias ?? 0) > 0, problem: null, ms: performance.now() - t0 };
  } catch (e) {
    const problem: Text = e instanceof DiceSetError ? e.text : { de: `Der Würfelsatz ließ sich nicht anlernen: ${String(e)}`, en: `The dice set could not be taught: ${String(e)}` };
    return noSet(problem);
  }
}
