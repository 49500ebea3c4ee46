import type { AnyGame, Json } from '../../engine/core/contract.ts';
import { createRng } from '../../engine/core/rng.ts';

export interface Step<S> {
  before: S;
  move: Json;
  after: S;
}

/**
 * Plays one bot game to its end and hands every step to `onStep`, so an invariant test can check
 * each state. Seats take turns with the listed bots (seat p plays bots[p % bots.length]).
 */
export function playOut<S>(game: AnyGame, options: Record<string, Json>, bots: string[], seed: number, onStep?: (step: Step<S>) => void, maxMoves = 10_000): S {
  const rng = createRng(seed);
  let state = game.setup(options) as S;
  for (let i = 0; i < maxMoves; i++) {
    const seat = game.toMove(state);
    if (seat === null) return state;
    const move = game.bots![bots[seat % bots.length]](state, rng) as Json;
    const after = game.play(state, move) as S;
    onStep?.({ before: state, move, after });
    state = after;
  }
  throw new Error(`${game.id}: no end after ${maxMoves} moves (seed ${seed})`);
}
