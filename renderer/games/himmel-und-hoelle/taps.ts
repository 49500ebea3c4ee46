import type { Text } from '../../../engine/core/contract.ts';
import type { Place } from '../../../engine/himmel-und-hoelle/board.ts';
import { stepsTo } from '../../../engine/himmel-und-hoelle/reach.ts';
import type { HuhMove, HuhState } from '../../../engine/himmel-und-hoelle/state.ts';
import { engineRefusal, whyNotThere } from './refusal.ts';

/**
 * What a tap on place `p` means for the side to move, `selected` the die picked before: actions to
 * play (then `die` stays picked if it stands on `p` and the turn goes on), or a die to pick (`pick`;
 * undefined keeps the one picked) with a refusal to say.
 */
export type Tap = { play: HuhMove[]; die: number | null } | { pick?: number | null; refusal: Text | null };

export function tapPlace(pos: HuhState, selected: number | null, p: Place, keepPips: boolean, reachable: ReadonlyMap<Place, unknown>, freeTargets: ReadonlySet<Place>): Tap | null {
  const all = pos.dice.flatMap((d, i) => (d.at === p ? [i] : []));
  // On a shared field a second tap picks the next die there.
  const here = all.length > 1 && selected !== null && all.includes(selected) ? all[(all.indexOf(selected) + 1) % all.length] : (all[0] ?? -1);
  if (pos.phase === 'turn') {
    if (selected !== null && reachable.has(p)) return { play: stepsTo(pos, selected, p, keepPips) ?? [], die: selected };
    const own = here >= 0 && pos.dice[here].side === pos.active;
    // A tap that does nothing says why and keeps the die picked; one that picks a die clears an older refusal.
    return own ? { pick: here, refusal: null } : { refusal: whyNotThere(pos, selected, p) };
  }
  if (pos.phase === 'free') {
    if (selected !== null && freeTargets.has(p)) return { play: [{ type: 'free-step', die: selected, to: p }], die: null };
    // Not a push the free AP allows: the engine's own words say why.
    const why = selected !== null && here < 0 ? engineRefusal(pos, { type: 'free-step', die: selected, to: p }) : null;
    return { pick: here >= 0 ? here : null, refusal: why };
  }
  return null;
}

/** A tap on a die in a start or goal area: picks it (or drops it), or says why not. */
export function tapAreaDie(pos: HuhState, selected: number | null, i: number): { pick: number | null; refusal: null } | { refusal: Text } {
  if (pos.phase === 'turn' && pos.dice[i].side !== pos.active) return { refusal: whyNotThere(pos, null, pos.dice[i].at) };
  return { pick: selected === i ? null : i, refusal: null };
}
