import { describe, expect, it } from 'vitest';
import type { Options } from '../../engine/core/contract.ts';
import { createRng } from '../../engine/core/rng.ts';
import { himmelUndHoelle as g, outcome, play } from '../../engine/himmel-und-hoelle/game.ts';
import { movesOf } from '../../engine/himmel-und-hoelle/bots-plan.ts';
import { legalMoves, whyNot } from '../../engine/himmel-und-hoelle/rules.ts';
import type { HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';
import { answer } from '../../engine/protocol.ts';

const step = (die: number, to: string): HuhMove => ({ type: 'step', die, to, pay: 'ap' });

/**
 * A real position (`schiri simulate --game himmel-und-hoelle --bots greedy,strong`, seed 31, move
 * 336): Hölle to move with 3 AP, both sides two dice home (Himmel 4 pips, Hölle 9), and the
 * position that began Himmel's last turn has begun two turns already. Ending a turn that puts the
 * dice back there ends the game by the third repetition; the strong player's look-ahead then found
 * no turn to plan and threw ("Cannot read properties of undefined (reading 'state')").
 */
const REPEATING: HuhState = g.parseState({
  ...g.setup({}),
  dice: [
    { side: 0, at: 'start-hoelle', pips: 2 },
    { side: 0, at: 'b10', pips: 1 },
    { side: 0, at: 'a9', pips: 5 },
    { side: 0, at: 'c1', pips: 2 },
    { side: 0, at: 'start-hoelle', pips: 2 },
    { side: 1, at: 'start-himmel', pips: 6 },
    { side: 1, at: 'a10', pips: 6 },
    { side: 1, at: 'start-himmel', pips: 3 },
    { side: 1, at: 'c7', pips: 2 },
    { side: 1, at: 'a8', pips: 1 },
  ],
  cards: [[0], [0]],
  active: 1,
  ap: 3,
  turns: [16, 16],
  lastBattle: { attacker: 2, defender: 9, cards: [0, 0], winner: 0 },
  seen: [
    '0|0|00|22#C2Y5]1`2`2/V1X3\\6_3_6/1/0,0',
    '0|0|00|22#C2Y2Z1`2`2/O2V1\\6_3_6/0/0,0',
    '0|0|00|22#C2Y5]1`2`2/U2V1\\6_3_6/1/0,0',
    '0|0|00|22#C2Y2Z1`2`2/O2V1\\6_3_6/0/0,0',
    '0|0|00|22#C2Y5]1`2`2/U2V1\\6_3_6/1/0,0',
  ],
});

describe('Himmel und Hölle computer players: a turn whose end repeats a position the third time', () => {
  it('the position is the one the audit met: Himmel has a reply to one of Hölle\'s turns that ends the game by repetition', () => {
    const turns: HuhMove[][] = [
      [step(6, 'a9'), { type: 'card', card: 0 }, { type: 'card', card: 0 }, { type: 'free-step', die: 1, to: 'b9' }, step(6, 'b10'), step(6, 'a10'), { type: 'end' }],
      [step(1, 'b10'), step(1, 'b9'), step(2, 'a8'), { type: 'card', card: 0 }, { type: 'card', card: 0 }, { type: 'free-step', die: 1, to: 'b10' }, { type: 'end' }],
    ];
    const end = turns.flat().reduce(play, REPEATING);
    expect(end.phase).toBe('over');
    expect(outcome(end)?.reason.en).toMatch(/third time/);
  });

  it.each(['random', 'greedy', 'strong'])('%s answers with a legal move over the protocol, never `internal`', (level) => {
    for (const seed of [1, 2, 3]) {
      const a = answer(JSON.stringify({ cmd: 'bot', game: 'himmel-und-hoelle', state: REPEATING, level, seed })) as unknown as { ok: boolean; move: HuhMove };
      expect(a.ok).toBe(true);
      expect(whyNot(REPEATING, a.move)).toBeNull();
    }
  });

  it('strong plays the whole turn to its end', () => {
    const rng = createRng(5);
    let s = REPEATING;
    for (let n = 0; s.phase !== 'over' && !(s.phase === 'turn' && s.active === 0); n++) {
      expect(n).toBeLessThan(50);
      s = play(s, g.bots!.strong(s, rng));
    }
    expect(s.phase === 'over' || s.active === 0).toBe(true);
  });
});

describe('Himmel und Hölle computer players: their own list of a turn\'s actions', () => {
  const switched: Options[] = [
    {},
    { goalFinal: false, returnToStart: true },
    { oneDiePerField: false, attackWithPips: true },
    { enterAnyColumn: false, freeAp: 'any-action', apFrom: 'all' },
  ];
  it.each(switched.map((o) => [JSON.stringify(o), o] as const))('is legalMoves, in its order, at every turn position of random games with %s', (_l, options) => {
    let turns = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const rng = createRng(seed);
      let s = g.setup(options);
      for (let n = 0; n < 400 && s.phase !== 'over'; n++) {
        if (s.phase === 'turn') {
          turns++;
          expect(movesOf(s)).toEqual(legalMoves(s));
        }
        s = play(s, g.bots!.random(s, rng));
      }
    }
    expect(turns).toBeGreaterThan(100);
  });
});
