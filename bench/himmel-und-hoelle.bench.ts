import { createRng } from '../engine/core/rng.ts';
import { himmelUndHoelle as game } from '../engine/himmel-und-hoelle/game.ts';
import type { HuhMove, HuhState } from '../engine/himmel-und-hoelle/state.ts';

/**
 * The computer opponent measured: `strong` against `random` and against `greedy`, each pairing
 * over GAMES games (HUH_GAMES, default 200), seats alternating, a fresh seed per game (HUH_SEED on). A game
 * still running after TURN_CAP turns counts as not won. Thinking time is the wall time the bot
 * spends on all its decisions within one of its turns.
 */
const GAMES = Number(process.env.HUH_GAMES ?? 200);
/** HUH_VS=random or HUH_VS=greedy measures one pairing only. */
const OPPONENTS = (process.env.HUH_VS ? [process.env.HUH_VS] : ['random', 'greedy']) as ('random' | 'greedy')[];
const TURN_CAP = 300;
/** First seed (HUH_SEED, default 1000): tune on other seeds than the reported ones. */
const SEED0 = Number(process.env.HUH_SEED ?? 1000);

type BotName = 'random' | 'greedy' | 'strong';

interface Tally {
  wins: number;
  losses: number;
  draws: number;
  capped: number;
  turnMs: number[];
}

function playOne(bots: [BotName, BotName], seed: number, tally: Tally, hero: 0 | 1): void {
  const rng = createRng(seed);
  let s: HuhState = game.setup({});
  let turns = 0;
  let thinking = 0;
  while (game.toMove(s) !== null && turns < TURN_CAP) {
    const seat = game.toMove(s)!;
    const t0 = performance.now();
    const move: HuhMove = game.bots![bots[seat]](s, rng);
    if (seat === hero && s.active === hero) thinking += performance.now() - t0;
    if (move.type === 'end') {
      if (s.active === hero) tally.turnMs.push(thinking);
      thinking = 0;
      turns++;
    }
    s = game.play(s, move);
  }
  const o = game.outcome(s);
  if (!o) tally.capped++;
  else if (o.draw) tally.draws++;
  else if (o.winners.includes(hero)) tally.wins++;
  else tally.losses++;
}

function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}

export default async function bench(): Promise<void> {
  for (const opponent of OPPONENTS) {
    const tally: Tally = { wins: 0, losses: 0, draws: 0, capped: 0, turnMs: [] };
    const t0 = performance.now();
    for (let g = 0; g < GAMES; g++) {
      const hero = (g % 2) as 0 | 1;
      const bots: [BotName, BotName] = hero === 0 ? ['strong', opponent] : [opponent, 'strong'];
      playOne(bots, SEED0 + g, tally, hero);
    }
    const ms = tally.turnMs.sort((a, b) => a - b);
    const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(0);
    const [lo, hi] = wilson(tally.wins, GAMES);
    console.log(
      `strong vs ${opponent}: ${tally.wins}/${GAMES} won (${((100 * tally.wins) / GAMES).toFixed(1)}%, 95% CI ${(100 * lo).toFixed(1)}-${(100 * hi).toFixed(1)}%), ` +
        `${tally.losses} lost, ${tally.draws} drawn, ${tally.capped} unfinished after ${TURN_CAP} turns; ` +
        `thinking per turn median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms over ${ms.length} turns; ` +
        `${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
}
