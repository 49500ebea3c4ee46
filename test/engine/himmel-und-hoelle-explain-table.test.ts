import { describe, expect, it } from 'vitest';
import { explainTable } from '../../engine/himmel-und-hoelle/explain-table.ts';
import { himmelUndHoelle as game, play, setup } from '../../engine/himmel-und-hoelle/game.ts';
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

  it('a step paid by lowering, read after the last AP\'s action ended the turn, continues that turn: the end taken back, then the turn ends again', () => {
    const s = position({ H: ['b2:6'], L: ['a9:6', 'a8:6'], ap: 1 });
    const first = explainTable(s, observe({ H: ['b3:6'], L: ['a9:6', 'a8:6'] }));
    expect(first).toMatchObject({ legal: true, moves: [step(0, 'b3'), END] });
    if (!first.legal) return;
    const before = play(s, step(0, 'b3'));
    const ended = play(before, END);
    // Hölle has done nothing yet: the die moved on to b4 by lowering is Himmel's, late.
    const late = observe({ H: ['b4:5'], L: ['a9:6', 'a8:6'] });
    const v = explainTable(ended, late, { reopen: before });
    expect(v).toMatchObject({ legal: true, reopened: true, moves: [step(0, 'b4', 'pip'), END] });
    // Without the turn the camera ended, the same board could only be Hölle passing its whole turn.
    expect(explainTable(ended, late)).toMatchObject({ legal: true, moves: [END, step(0, 'b4', 'pip')] });
    // Once Hölle has acted, a Himmel die that moves is no late move of the turn before.
    const acted = play(ended, step(5, 'a10'));
    expect(explainTable(acted, observe({ H: ['b4:5'], L: ['a10:6', 'a9:6', 'a8:6'] }), { reopen: before })).not.toHaveProperty('reopened');
  });

  it('a turn ended with AP left by the still board goes on where the board shows one of its dice moved after all', () => {
    const s = position({ H: ['b2:6'], L: ['a9:6', 'a8:6'], ap: 1 });
    const ended = play(s, END);
    const v = explainTable(ended, observe({ H: ['b3:6'], L: ['a9:6', 'a8:6'] }), { reopen: s });
    expect(v).toMatchObject({ legal: true, reopened: true, moves: [step(0, 'b3'), END] });
  });

  it('a battle\'s free AP the board shows unused: passed, and the turn whose AP are spent ends with the other side\'s action', () => {
    // Hölle attacks b5 from b6 with its last AP and wins (9 against 3); the board shows the
    // pips turned, the loser left where it stood, and Himmel's next action: a raise (a step of a
    // Himmel die could as well be Hölle's free AP pushing it).
    let s = position({ H: ['b5:2'], L: ['b6:2'], ap: 1, active: 1 });
    for (const m of [step(5, 'b5'), { type: 'card', card: 9 }, { type: 'card', card: 3 }] as HuhMove[]) s = play(s, m);
    expect(s).toMatchObject({ phase: 'free', free: 1 });
    const next = observe({ H: ['b5:2'], L: ['b6:3'] });
    const v = explainTable(s, next);
    expect(v).toMatchObject({ legal: true, moves: [{ type: 'free-pass' }, END, { type: 'raise', die: 0 }, END] });
    // The result alone on the board: nothing to play yet.
    expect(explainTable(s, observe({ H: ['b5:1'], L: ['b6:3'] }))).toMatchObject({ legal: true, unchanged: true });
    // Where the winner must use it, the board is refused as before.
    const must = { ...s, rules: { ...s.rules, freeApOptional: false } };
    expect(explainTable(must, next).legal).toBe(false);
  });
});

describe('switch cameraTurnEnd', () => {
  it("'tap': a turn with AP left ends only by a tap; the board showing the other side's turn is refused saying so, and a turn whose AP are spent still ends", () => {
    const options = { cameraTurnEnd: 'tap' };
    const s = position({ H: ['b2:6'], L: ['a9:6', 'a8:6'], ap: 2, options });
    const v = explainTable(s, observe({ H: ['b2:6'], L: ['a9:6', 'a8:6', 'c10:6'] }));
    expect(v).toMatchObject({ legal: false, code: 'turn-not-ended', reason: { de: expect.stringContaining('Himmel hat noch 2 AP') as string } });
    const spentAll = position({ H: ['b2:6'], ap: 1, options });
    expect(explainTable(spentAll, observe({ H: ['b3:6'] }))).toMatchObject({ legal: true, moves: [step(0, 'b3'), END] });
  });

  it('is a marked interpretation, the board deciding by default', () => {
    expect(game.options.find((o) => o.key === 'cameraTurnEnd')).toMatchObject({ interpretation: true, default: 'board', help: { en: /no signal for the end of a turn/ } });
    expect(setup({}).rules.cameraTurnEnd).toBe('board');
    expect(() => setup({ cameraTurnEnd: 'wink' })).toThrow(/cameraTurnEnd/);
  });
});
