import { plus } from '../engine/plus/game.ts';
import { PlusSolver } from '../engine/plus/solver.ts';
import { fmt, time } from './timing.ts';

/** A cold solve each run (a fresh solver, no shared memo): what the first hint of a game costs. */
export default async function bench(): Promise<void> {
  for (const [variant, everyDieRises] of [
    [1, false],
    [2, false],
    [2, true],
  ] as const) {
    const s = plus.setup({ variant, everyDieRises });
    const t = await time(() => new PlusSolver({ variant, everyDieRises }).winningMoves(s.dice), 200, 10);
    const label = `Spiel ${variant}${variant === 2 ? (everyDieRises ? ', every die rises' : ', total rises') : ''}`;
    console.log(`solve Plus from the start (${label}): ${fmt(t)}`);
  }
}
