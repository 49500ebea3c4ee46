import { describe, expect, it } from 'vitest';
import { createRng } from '../../engine/core/rng.ts';
import { diabolo, type DiaboloState } from '../../engine/diabolo/game.ts';
import { engelUndBengel } from '../../engine/engel-und-bengel/game.ts';
import type { EubState } from '../../engine/engel-und-bengel/state.ts';
import { zwirn, type ZwirnState } from '../../engine/himmel-a-und-zwirn/game.ts';
import { himmelUndHoelle } from '../../engine/himmel-und-hoelle/game.ts';
import { reach } from '../../engine/himmel-und-hoelle/reach.ts';
import type { HuhState } from '../../engine/himmel-und-hoelle/state.ts';
import { plus } from '../../engine/plus/game.ts';
import type { LedIntent } from '../../hardware/core/intent.ts';
import { layoutByName } from '../../hardware/core/layouts/index.ts';
import { diaboloLights } from '../../renderer/led/lights/diabolo.ts';
import { engelUndBengelLights } from '../../renderer/led/lights/engel-und-bengel.ts';
import { zwirnLights } from '../../renderer/led/lights/himmel-a-und-zwirn.ts';
import { himmelUndHoelleLights } from '../../renderer/led/lights/himmel-und-hoelle.ts';
import { plusLights } from '../../renderer/led/lights/plus.ts';

/** Every lit field must exist in the game's shipped layout, or it would silently stay dark. */
const onLayout = (layout: string, intent: LedIntent) => {
  const fields = layoutByName(layout).fields;
  expect(Object.keys(intent).filter((id) => !fields.has(id))).toEqual([]);
};

describe('what each built game lights', () => {
  it('Plus: the faces as they lie, the legal targets, a tapped position legal or not', () => {
    const s = plus.setup({});
    const moves = plus.legalMoves(s);
    expect(plusLights(s, moves, false, null, null)).toEqual({ 'III.1': 'selected', 'IV.1': 'selected', 'V.2': 'selected', 'IV.3': 'legal' });
    const bad = { III: 1, IV: 4, V: 2 };
    expect(plusLights(s, moves, false, bad, plus.explain(s, bad))['IV.4']).toBe('illegal');
    const good = { III: 1, IV: 3, V: 2 };
    expect(plusLights(s, moves, false, good, plus.explain(s, good))['IV.3']).toBe('selected');
    expect(plusLights(s, moves, true, null, null)).toEqual({});
    // A whole game, every lit set on the layout.
    let st = s;
    const rng = createRng(5);
    while (plus.toMove(st) !== null && plus.outcome(st) === null) {
      onLayout('plus', plusLights(st, plus.legalMoves(st), false, null, null));
      st = plus.play(st, plus.bots!.random(st, rng));
    }
  });

  it('Engel und Bengel: after a roll the boxes each value fits, a picked die only its own', () => {
    let s: EubState = engelUndBengel.setup({ players: 2 });
    expect(engelUndBengelLights(s)).toEqual({});
    s = engelUndBengel.play(s, { type: 'roll', values: [1, 2, 3, 4, 6] });
    const all = engelUndBengelLights(s);
    onLayout('engel-und-bengel', all);
    const places = engelUndBengel.legalMoves(s).filter((m) => m.type === 'place');
    expect(Object.keys(all).sort()).toEqual([...new Set(places.map((m) => (m as { box: string }).box))].sort());
    const one = places[0] as { value: number; box: string };
    const picked = engelUndBengelLights(s, { value: one.value, box: one.box });
    expect(picked[one.box]).toBe('selected');
    expect(Object.keys(picked).every((b) => places.some((m) => (m as { box: string; value: number }).box === b && (m as { value: number }).value === one.value))).toBe(true);
    const nowhere = [...layoutByName('engel-und-bengel').fields.keys()].find((b) => !all[b])!;
    expect(engelUndBengelLights(s, { value: one.value, box: nowhere })[nowhere]).toBe('illegal');
    // Random turns: every lit set lies on the layout.
    const rng = createRng(9);
    for (let i = 0; i < 200 && engelUndBengel.toMove(s) !== null; i++) {
      onLayout('engel-und-bengel', engelUndBengelLights(s));
      s = engelUndBengel.play(s, engelUndBengel.bots!.random(s, rng));
    }
  });

  it('Himmel + Hölle: the next free place per side, a picked card only its colour, locks of full rows in play, the scored colour alone while scoring', () => {
    let s: DiaboloState = diabolo.setup({ players: 3 });
    const rng = createRng(4);
    let sawLock = false;
    for (let i = 0; i < 400 && diabolo.toMove(s) !== null; i++) {
      const moves = diabolo.legalMoves(s);
      const lit = diaboloLights(s, moves);
      onLayout('diabolo', lit);
      if (s.phase === 'play') {
        for (const m of moves) if (m.type === 'play') expect(lit[`${m.colour}.${m.side}.${s.rows[m.colour][m.side].length + 1}`]).toBe('legal');
        const first = moves.find((m) => m.type === 'play');
        if (first && first.type === 'play') {
          const only = diaboloLights(s, moves, { card: { colour: first.colour, value: first.value } });
          expect(Object.entries(only).filter(([, v]) => v === 'legal').every(([id]) => id.startsWith(`${first.colour}.`))).toBe(true);
          const at = `${first.colour}.${first.side}.${s.rows[first.colour][first.side].length + 1}`;
          expect(diaboloLights(s, moves, { slot: { colour: first.colour, side: first.side } })[at]).toBe('selected');
        }
      }
      if (Object.values(lit).includes('illegal')) sawLock = true;
      // While a colour is scored only its lock lights: a locked row's red means "closed to cards".
      if (s.phase !== 'play' && s.scoring) expect(lit).toEqual({ [`${s.scoring.colour}.lock`]: 'selected' });
      s = diabolo.play(s, diabolo.bots!.random(s, rng));
    }
    expect(sawLock).toBe(true);
  });

  it("Himmel und Hölle: a selected die and where it can go this turn, the computer's move", () => {
    let s: HuhState = himmelUndHoelle.setup({});
    // Turn 1 of Himmel: 1 AP, a die showing 6 walks up to 6 fields from its start area.
    const lit = himmelUndHoelleLights(s, 0);
    expect(lit['start-himmel']).toBe('selected');
    expect(Object.entries(lit).filter(([, m]) => m === 'legal').map(([p]) => p).sort()).toEqual(reach(s, 0).map((r) => r.place).sort());
    expect(lit.a1).toBe('legal');
    expect(himmelUndHoelleLights(s, null)).toEqual({});
    const rng = createRng(2);
    let sawComputer = false;
    for (let i = 0; i < 300 && himmelUndHoelle.toMove(s) !== null; i++) {
      const move = himmelUndHoelle.bots!.random(s, rng);
      for (let d = 0; d < s.dice.length; d++) onLayout('himmel-und-hoelle', himmelUndHoelleLights(s, d, move));
      if (move.type === 'step') {
        const shown = himmelUndHoelleLights(s, null, move);
        expect(shown[move.to]).toBe('computer');
        sawComputer = true;
      }
      s = himmelUndHoelle.play(s, move);
    }
    expect(sawComputer).toBe(true);
  });

  it('Himmel, A… und Zwirn: the marker, the piles and targets a card may go to', () => {
    let s: ZwirnState = zwirn.setup({ players: 3 });
    const rng = createRng(6);
    let sawPile = false;
    for (let i = 0; i < 300 && zwirn.toMove(s) !== null; i++) {
      const moves = zwirn.legalMoves(s);
      const lit = zwirnLights(s, moves);
      onLayout('himmel-a-und-zwirn', lit);
      expect(lit[`marker${s.marker}`]).toBe('selected');
      for (const m of moves) if (m.type === 'play') expect(lit[`pile${m.pile}`]).toBe('legal');
      const play = moves.find((m) => m.type === 'play');
      if (play && play.type === 'play') {
        sawPile = true;
        const only = zwirnLights(s, moves, play.card);
        expect(only[`pile${play.pile}`]).toBe('legal');
      }
      s = zwirn.play(s, zwirn.bots!.random(s, rng));
    }
    expect(sawPile).toBe(true);
  });
});
