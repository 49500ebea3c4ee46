import { setup } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhObservation } from '../../engine/himmel-und-hoelle/parse.ts';
import type { HuhDie, HuhState } from '../../engine/himmel-und-hoelle/state.ts';

/**
 * A position written as the table shows it: `H` Himmel's dice, `L` Hölle's, each `place:pips`
 * (`start` = own start area, `goal` = own goal), five a side; missing ones wait in the start area
 * showing 6.
 */
export interface Spec {
  H?: string[];
  L?: string[];
  ap?: number;
  active?: 0 | 1;
  options?: Record<string, unknown>;
  cards?: [number[], number[]];
}

function dice(side: 0 | 1, list: string[] = []): HuhDie[] {
  const full = [...list, ...Array(5 - list.length).fill('start:6')];
  return full.map((x) => {
    const [where, pips] = x.split(':');
    const at = where === 'start' ? (side === 0 ? 'start-himmel' : 'start-hoelle') : where === 'goal' ? (side === 0 ? 'start-hoelle' : 'start-himmel') : where;
    return { side, at, pips: Number(pips) };
  });
}

export function position(spec: Spec): HuhState {
  const s = setup(spec.options ?? {});
  const active = spec.active ?? 0;
  return {
    ...s,
    dice: [...dice(0, spec.H), ...dice(1, spec.L)],
    active,
    ap: spec.ap ?? 3,
    turns: [3, 3],
    cards: spec.cards ?? s.cards,
  };
}

export function observe(spec: Spec, battles?: [number, number][]): HuhObservation {
  const d = [...dice(0, spec.H), ...dice(1, spec.L)];
  return battles ? { dice: d, battles: battles.map((cards) => ({ cards })) } : { dice: d };
}
