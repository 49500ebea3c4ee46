import { describe, expect, it } from 'vitest';
import { explainTable } from '../../engine/himmel-und-hoelle/explain-table.ts';
import { play, setup } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhMove } from '../../engine/himmel-und-hoelle/state.ts';
import { observe, position } from './himmel-und-hoelle-helpers.ts';

const step = (die: number, to: string, pay: 'ap' | 'pip' = 'ap'): HuhMove => ({ type: 'step', die, to, pay });
const END: HuhMove = { type: 'end' };

describe('a turn read from the camera ends without a tap', () => {
  it('when the board shows its AP spent: the first turn of the game, one die out for its one AP, and the turn ends', () => {
    const s = setup({});
    const v = explainTable(s, observe({ H: ['b1:6'] }));
    expect(v).toMatchObject({ legal: true, moves: [step(0, 'b1'), END] });
    if (!v.legal) return;
    const after = v.moves.reduce(play, s);
    expect(after).toMatchObject({ active: 1, phase: 'turn' });
  });

  it('not while AP are left: a die moved by lowering its pips keeps the turn going', () => {
    const s = position({ H: ['b2:6'], ap: 2 });
    const v = explainTable(s, observe({ H: ['b4:4'] }));
    expect(v).toMatchObject({ legal: true, moves: [step(0, 'b3', 'pip'), step(0, 'b4', 'pip')] });
  });

  it("when the board shows the other side's turn: the turn ends with its AP left, and the other side's actions are played", () => {
    // Himmel has 2 AP left and does nothing more; Hölle brings a die out of its start area.
    const s = position({ H: ['b2:6'], L: ['a9:6', 'a8:6'], ap: 2 });
    const v = explainTable(s, observe({ H: ['b2:6'], L: ['a9:6', 'a8:6', 'c10:6'] }));
    expect(v.legal).toBe(true);
    if (!v.legal) return;
    expect(v.moves[0]).toEqual(END);
    const after = v.moves.reduce(play, s);
    expect(after.dice.filter((d) => d.side === 1 && d.at === 'c10')).toHaveLength(1);
    // Hölle had two dice on the board, so two AP: one is left, and Hölle's turn goes on.
    expect(after).toMatchObject({ active: 1, ap: 1, phase: 'turn' });
  });

  it("the other side's turn that spends its AP ends too, and the turn under way is its own first", () => {
    const s = setup({});
    const first = explainTable(s, observe({ H: ['b1:6'] }));
    if (!first.legal) throw new Error('not legal');
    const s1 = first.moves.reduce(play, s);
    const v = explainTable(s1, observe({ H: ['b1:6'], L: ['a10:6'] }));
    expect(v).toMatchObject({ legal: true, moves: [step(5, 'a10'), END] });
  });

  it("a board that is neither the turn nor the other side's is refused with the turn's own reason", () => {
    const s = position({ H: ['b2:6'], ap: 1 });
    const v = explainTable(s, observe({ H: ['b6:6'] }));
    expect(v.legal).toBe(false);
    // A board the turn under way explains is never taken for the other side's.
    const own = explainTable(s, observe({ H: ['b3:6'] }));
    expect(own).toMatchObject({ legal: true, moves: [step(0, 'b3'), END] });
  });
});
