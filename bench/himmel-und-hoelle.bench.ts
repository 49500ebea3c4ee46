import { loadavg } from 'node:os';
import { createRng } from '../engine/core/rng.ts';
import { himmelUndHoelle as game } from '../engine/himmel-und-hoelle/game.ts';
import type { HuhMove, HuhState } from '../engine/himmel-und-hoelle/state.ts';
import { summarize } from './timing.ts';

/**
 * The computer opponent measured: `strong` against `random` and against `greedy`, each pairing
 * over GAMES games (HUH_GAMES, default 400, seeds HUH_SEED (default 1000) on: 1000-1399), seats
 * alternating (strong is Himmel, who moves first, in the even games). A game still running after
 * TURN_CAP turns counts as unfinished. Thinking time is what strong spends on all its decisions
 * within one of its turns, as wall time and as the process's CPU time: on a machine others share,
 * the wall time also counts the waits for a core, the CPU time does not.
 */
const GAMES = Number(process.env.HUH_GAMES ?? 400);
/** HUH_VS=random or HUH_VS=greedy measures one pairing only. */
const OPPONENTS = (process.env.HUH_VS ? [process.env.HUH_VS] : ['random', 'greedy']) as ('random' | 'greedy')[];
const TURN_CAP = 300;
/** First seed: tune on other seeds than the reported ones. */
const SEED0 = Number(process.env.HUH_SEED ?? 1000);

type BotName = 'random' | 'greedy' | 'strong';

interface Tally {
  wins: number;
  losses: number;
  draws: number;
  unfinished: number;
  wallMs: number[];
  cpuMs: number[];
}

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

function playOne(bots: [BotName, BotName], seed: number, tally: Tally, hero: 0 | 1): void {
  const rng = createRng(seed);
  let s: HuhState = game.setup({});
  let turns = 0;
  let wall = 0;
  let cpu = 0;
  while (game.toMove(s) !== null && turns < TURN_CAP) {
    const seat = game.toMove(s)!;
    const [t0, c0] = [performance.now(), cpuMs()];
    const move: HuhMove = game.bots![bots[seat]](s, rng);
    if (seat === hero && s.active === hero) {
      wall += performance.now() - t0;
      cpu += cpuMs() - c0;
    }
    if (move.type === 'end') {
      if (s.active === hero) {
        tally.wallMs.push(wall);
        tally.cpuMs.push(cpu);
      }
      wall = cpu = 0;
      turns++;
    }
    s = game.play(s, move);
  }
  const o = game.outcome(s);
  if (!o) tally.unfinished++;
  else if (o.draw) tally.draws++;
  else if (o.winners.includes(hero)) tally.wins++;
  else tally.losses++;
}

/** The Wilson score interval of k successes in n trials (95 %). */
function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}

const times = (ms: number[]) => {
  const t = summarize(ms);
  return `median ${t.medianMs.toFixed(0)} ms, p95 ${t.p95Ms.toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`;
};

export default async function bench(): Promise<void> {
  for (const opponent of OPPONENTS) {
    const tally: Tally = { wins: 0, losses: 0, draws: 0, unfinished: 0, wallMs: [], cpuMs: [] };
    const t0 = performance.now();
    const load0 = loadavg()[0];
    for (let g = 0; g < GAMES; g++) {
      const hero = (g % 2) as 0 | 1;
      const bots: [BotName, BotName] = hero === 0 ? ['strong', opponent] : [opponent, 'strong'];
      playOne(bots, SEED0 + g, tally, hero);
      // A long run shows where it stands (stderr: the figures stay on stdout).
      if ((g + 1) % 50 === 0) console.error(`  ${g + 1} games: ${tally.wins} won, ${tally.draws} drawn, ${tally.losses} lost, ${tally.unfinished} unfinished`);
    }
    const [lo, hi] = wilson(tally.wins, GAMES);
    console.log(
      `strong vs ${opponent}, seeds ${SEED0}-${SEED0 + GAMES - 1}: ${tally.wins}/${GAMES} won (${((100 * tally.wins) / GAMES).toFixed(1)} %, ` +
        `Wilson 95 % CI ${(100 * lo).toFixed(1)}-${(100 * hi).toFixed(1)} %), ${tally.draws} drawn, ${tally.losses} lost, ` +
        `${tally.unfinished} unfinished after ${TURN_CAP} turns`,
    );
    console.log(`  thinking per turn over ${tally.wallMs.length} turns: wall ${times(tally.wallMs)}; CPU ${times(tally.cpuMs)}`);
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s; load average ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (2 cores)`);
  }
}
