import { engelUndBengel as eub } from '../../engine/engel-und-bengel/game.ts';
import { layOut } from '../../engine/engel-und-bengel/geometry.ts';
import type { EubMove, EubState } from '../../engine/engel-und-bengel/state.ts';
import { TAFEL_FORMAT, type Colour, type Constraint, type Tafel } from '../../engine/engel-und-bengel/tafel.ts';

export { eub };

/** A row in short: colour, points, then one constraint list per box. */
export type RowSpec = [Colour, number, Constraint[][]];

export function tafelOf(id: string, rows: RowSpec[]): Tafel {
  return {
    format: TAFEL_FORMAT,
    id,
    name: { de: id, en: id },
    size: { w: 297, h: 210 },
    rows: layOut(rows.map(([colour, points, boxes]) => ({ colour, points, boxes: boxes.map((must) => ({ must, at: { x: 0, y: 0, w: 0, h: 0 } })) }))),
  };
}

export const pip = (...values: number[]) => values.map((value) => [{ value }]);

/**
 * The test Tafel: a row of each kind, 12 boxes.
 * r1 white 50: 1 2 | r2 black 40: 6 | r3 white 30: star row of 3 | r4 black 20: any, then a different value
 * | r5 white 60: rising straight of 3 | r6 black 10: 3
 */
export const TEST_TAFEL = tafelOf('test-a', [
  ['white', 50, pip(1, 2)],
  ['black', 40, pip(6)],
  ['white', 30, [[], [{ sameAs: 1 }], [{ sameAs: 1 }]]],
  ['black', 20, [[], [{ differentFrom: 1 }]]],
  ['white', 60, [[], [{ step: 1 }], [{ step: 1 }]]],
  ['black', 10, pip(3)],
]);

/** A second Tafel so the stack has a next one: six single pip boxes. */
export const TEST_TAFEL_B = tafelOf('test-b', [
  ['white', 10, pip(1)],
  ['white', 10, pip(2)],
  ['white', 10, pip(3)],
  ['black', 10, pip(4)],
  ['black', 10, pip(5)],
  ['white', 10, pip(6)],
]);

export function game(options: Record<string, unknown> = {}): EubState {
  return eub.setup({ tafeln: [TEST_TAFEL, TEST_TAFEL_B], ...options } as never);
}

export const roll = (...values: number[]): EubMove => ({ type: 'roll', values });
export const put = (value: number, box: string): EubMove => ({ type: 'place', value, box });
export const stop: EubMove = { type: 'stop' };

export const play = (s: EubState, ...moves: EubMove[]) => moves.reduce((st, m) => eub.play(st, m), s);

/** Lays dice on the Tafel as if placed earlier, taking them from the game box first, then from the supplies in turn. */
export function withFilled(s: EubState, boxes: Record<string, number>): EubState {
  const filled = s.filled.map((r) => r.slice());
  let box = s.box;
  const supply = s.supply.slice();
  let seat = 0;
  for (const [id, v] of Object.entries(boxes)) {
    const [, r, b] = /^r(\d+)b(\d+)$/.exec(id)!.map(Number);
    filled[r - 1][b - 1] = v;
    if (box > 0) box--;
    else {
      while (supply[seat % s.players] === 0) seat++;
      supply[seat++ % s.players]--;
    }
  }
  return { ...s, filled, box, supply };
}
