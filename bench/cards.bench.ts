import type { AnyGame } from '../engine/core/contract.ts';
import { createRng } from '../engine/core/rng.ts';
import { diabolo, type DiaboloState } from '../engine/diabolo/game.ts';
import { zwirn } from '../engine/himmel-a-und-zwirn/game.ts';
import { fmt, time } from './timing.ts';

/** One bot game with its own shuffle (seed) and bot rng; returns the end state and its length. */
function playGame<S>(game: AnyGame, players: number, seed: number, bots: string[]): { end: S; moves: number } {
  const rng = createRng(seed);
  let s = game.setup({ players, seed });
  let moves = 0;
  for (let seat = game.toMove(s); seat !== null; seat = game.toMove(s), moves++) s = game.play(s, game.bots![bots[seat % bots.length]](s, rng));
  return { end: s as S, moves };
}

/**
 * The card games: whole bot games per second (as `schiri simulate` and the invariant tests play
 * them), and for Diabolo how close the draw pile comes to running out, by number of players.
 */
export default async function bench(): Promise<void> {
  const GAMES = 3000;
  for (const players of [3, 4, 5]) {
    let lowest = Infinity;
    let lowSum = 0;
    for (let g = 0; g < GAMES; g++) {
      const { end } = playGame<DiaboloState>(diabolo, players, g, g % 2 ? ['greedy'] : ['random']);
      lowest = Math.min(lowest, ...end.pileLeft);
      lowSum += Math.min(...end.pileLeft);
    }
    console.log(`diabolo ${players} players: draw pile left at a round's end, lowest ${lowest} of ${70 - 6 * players}, mean of per-game lowest ${(lowSum / GAMES).toFixed(1)} (${GAMES} games, random and greedy bots)`);
  }
  for (const [name, game, counts] of [
    ['diabolo', diabolo, [3, 4, 5]],
    ['himmel-a-und-zwirn', zwirn, [3, 4, 5, 6]],
  ] as const) {
    let moves = 0;
    const t = await time(() => {
      moves = 0;
      for (let g = 0; g < 100; g++) moves += playGame(game, counts[g % counts.length], g, ['greedy', 'random']).moves;
    }, 10, 1);
    console.log(`${name}: ${(100 / (t.medianMs / 1000)).toFixed(0)} bot games/s, ${Math.round(moves / (t.medianMs / 1000)).toLocaleString('en')} moves/s (100 games, ${fmt(t)})`);
  }
}
