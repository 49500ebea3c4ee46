import { targetsOf } from '../../../engine/engel-und-bengel/rules.ts';
import type { EubState } from '../../../engine/engel-und-bengel/state.ts';
import type { LedIntent, LedMeaning } from '../../../hardware/core/intent.ts';

/**
 * What the LED board lights for Engel und Bengel (layout `engel-und-bengel`): after a roll, every
 * box a rolled value may go to (legal); with a die picked, only its boxes, and the box it is
 * about to go to (selected). Between turns and after the game nothing is lit.
 */
export function engelUndBengelLights(s: EubState, picked: { value: number; box?: string } | null = null): LedIntent {
  if (s.over || !s.turn) return {};
  const lit: Record<string, LedMeaning> = {};
  const values = picked ? [picked.value] : [...new Set(s.turn.hand)];
  for (const v of values) for (const box of targetsOf(s, v)) lit[box] = 'legal';
  if (picked?.box) lit[picked.box] = lit[picked.box] ? 'selected' : 'illegal';
  return lit;
}
