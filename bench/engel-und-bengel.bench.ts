import { createRng } from '../engine/core/rng.ts';
import { bots as BOTS } from '../engine/engel-und-bengel/bots.ts';
import { engelUndBengel as eub } from '../engine/engel-und-bengel/game.ts';
import { legalMoves } from '../engine/engel-und-bengel/rules.ts';
import type { EubMove, EubState } from '../engine/engel-und-bengel/state.ts';
import { fmt, time } from './timing.ts';

type BotName = keyof typeof BOTS;

function playGame(seed: number, players: number, bots: BotName[]): { moves: EubMove[]; end: EubState } {
  const rng = createRng(seed);
  let s = eub.setup({ players });
  const moves: EubMove[] = [];
  while (!s.over) {
    const m = BOTS[bots[s.toMove % bots.length]](s, rng);
    moves.push(m);
    s = eub.play(s, m);
  }
  return { moves, end: s };
}

/**
 * Engine speed: `play` alone, replaying recorded games (no bot thinking in the timing), then
 * `legalMoves`, then whole simulated games with their bots, as `schiri simulate` plays them.
 */
export default async function bench(): Promise<void> {
  const recorded = Array.from({ length: 200 }, (_, i) => playGame(1000 + i, 2 + (i % 5), ['random', 'greedy']).moves);
  const total = recorded.reduce((a, g) => a + g.length, 0);
  const replay = await time(() => {
    for (let i = 0; i < recorded.length; i++) {
      let s = eub.setup({ players: 2 + (i % 5) });
      for (const m of recorded[i]) s = eub.play(s, m);
    }
  }, 10, 2);
  console.log(`play: ${Math.round(total / (replay.medianMs / 1000)).toLocaleString('en')} moves/s (${total} moves of 200 recorded games, ${fmt(replay)})`);

  const states: EubState[] = [];
  recorded.slice(0, 20).forEach((g, i) => {
    let s = eub.setup({ players: 2 + (i % 5) });
    for (const m of g) {
      states.push(s);
      s = eub.play(s, m);
    }
  });
  const listing = await time(() => states.forEach((s) => legalMoves(s)), 10, 2);
  console.log(`legalMoves: ${Math.round(states.length / (listing.medianMs / 1000)).toLocaleString('en')} positions/s (${fmt(listing)})`);

  for (const [label, players, bots] of [
    ['2 players, random vs random', 2, ['random']],
    ['2 players, random vs greedy', 2, ['random', 'greedy']],
    ['4 players, greedy', 4, ['greedy']],
    ['6 players, random', 6, ['random']],
  ] as const) {
    let seed = 0;
    const t = await time(() => playGame(++seed, players, [...bots]), 200, 20);
    console.log(`a full simulated game, ${label}: ${fmt(t)}`);
  }
}
