import type { Options } from '../../engine/core/contract.ts';
import { createRng } from '../../engine/core/rng.ts';
import { himmelUndHoelle as game } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';

/** One whole turn of bot play, as `explain` sees it: the state at its start, the state at its end, the cards of its battles. */
export interface PlayedTurn {
  start: HuhState;
  end: HuhState;
  moves: HuhMove[];
  /** Each battle's cards, indexed by seat, in order. */
  battles: [number, number][];
  bot: string;
  seed: number;
}

export type Level = 'random' | 'greedy' | 'strong';

/** Every pairing of the levels, seats both ways. */
export const ALL_PAIRINGS: [Level, Level][] = (['random', 'greedy', 'strong'] as const).flatMap((a) => (['random', 'greedy', 'strong'] as const).map((b): [Level, Level] => [a, b]));

/**
 * `count` turns of bot games: game k is seed `seed + k` between the pairing k (modulo the list),
 * at most `perGame` turns of it, so long stalled games do not fill the sample. The game-ending
 * turn counts too. Deterministic: the same arguments give the same turns.
 */
export function botTurns(count: number, seed = 100, pairings: [Level, Level][] = ALL_PAIRINGS, perGame = 40, options: Options = {}): PlayedTurn[] {
  const out: PlayedTurn[] = [];
  for (let k = 0; out.length < count; k++) {
    const pair = pairings[k % pairings.length];
    const rng = createRng(seed + k);
    let s = game.setup(options);
    let start = s;
    let moves: HuhMove[] = [];
    let battles: [number, number][] = [];
    const finish = () => out.push({ start, end: s, moves, battles, bot: pair[start.active], seed: seed + k });
    for (let turns = 0; game.toMove(s) !== null && turns < perGame && out.length < count; ) {
      const m = game.bots![pair[game.toMove(s)!]](s, rng);
      if (m.type === 'end') {
        finish();
        s = game.play(s, m);
        [start, moves, battles] = [s, [], []];
        turns++;
        continue;
      }
      const next = game.play(s, m);
      moves.push(m);
      if (next.lastBattle && next.lastBattle !== s.lastBattle) battles.push(next.lastBattle.cards);
      s = next;
      if (s.phase === 'over') finish();
    }
  }
  return out;
}
