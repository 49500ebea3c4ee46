import { encodeLine } from '../../engine/core/record.ts';
import { createRng } from '../../engine/core/rng.ts';
import type { Json } from '../../engine/core/contract.ts';
import { himmelUndHoelle as game } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';

/** Who plays each side: quick, and the game ends with a clear win (Hölle 13 : 0 pips in the goal). */
const LEVELS = ['random', 'greedy'] as const;

/**
 * A Himmel und Hölle game the computer plays against itself to the end, as the screen's computer
 * seats play (the same bots, the rng seeded by the number of actions before), recorded without its
 * last action. Resumed with the last mover's seat the computer and the other a human, the screen
 * plays that action itself and the game ends: `storage` is what the browser holds for that.
 */
export function duelEndRecord(): { storage: Record<string, string>; final: HuhState; lastSide: 0 | 1 } {
  const options = Object.fromEntries(game.options.map((o) => [o.key, o.default as Json]));
  let s = game.setup(options) as HuhState;
  const moves: HuhMove[] = [];
  const states: HuhState[] = [];
  while (game.toMove(s) !== null) {
    if (moves.length > 5000) throw new Error('the greedy duel did not end within 5000 actions');
    const move = game.bots![LEVELS[game.toMove(s)!]](s, createRng(moves.length + 1)) as HuhMove;
    states.push(s);
    moves.push(move);
    s = game.play(s, move) as HuhState;
  }
  const lastSide = game.toMove(states.at(-1)!) as 0 | 1;
  const record = [
    encodeLine({ kind: 'start', game: game.id, options, players: ['Anna', 'Ben'] }),
    ...moves.slice(0, -1).map((move) => encodeLine({ kind: 'move', move: move as unknown as Json, source: 'bot' })),
  ].join('');
  const seats = [0, 1].map((side) => (side === lastSide ? LEVELS[side] : 'human'));
  return {
    storage: {
      'schiri.record.himmel-und-hoelle': record,
      'schiri.himmel-und-hoelle.seats': JSON.stringify(seats),
      'schiri.himmel-und-hoelle.table': JSON.stringify({ colours: ['white', 'red'], waitForTable: false }),
    },
    final: s,
    lastSide,
  };
}
