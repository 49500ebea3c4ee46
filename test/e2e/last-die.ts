import { createRng } from '../../engine/core/rng.ts';
import { engelUndBengel as eub } from '../../engine/engel-und-bengel/game.ts';
import type { EubMove, EubState } from '../../engine/engel-und-bengel/state.ts';

/**
 * A whole two-player Engel und Bengel game of greedy bots (seed 11), saved as a record of every
 * move but the last: `record` the saved record for `schiri.record.engel-und-bengel`, `last` the
 * move that ends the game, `before` the position it is played in, `final` the finished game.
 */
export function lastDieRecord(): { record: string; last: EubMove; before: EubState; final: EubState } {
  const rng = createRng(11);
  let final: EubState = eub.setup({ players: 2 });
  const moves: EubMove[] = [];
  while (!final.over) {
    const m = eub.bots!.greedy(final, rng);
    moves.push(m);
    final = eub.play(final, m);
  }
  const last = moves.pop()!;
  const before = moves.reduce((s, m) => eub.play(s, m), eub.setup({ players: 2 }));
  const lines = [{ kind: 'start', game: 'engel-und-bengel', options: { players: 2 }, players: ['Anna', 'Ben'] }, ...moves.map((move) => ({ kind: 'move', move }))];
  return { record: lines.map((l) => JSON.stringify(l)).join('\n') + '\n', last, before, final };
}
