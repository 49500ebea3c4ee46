import { explain } from '../engine/himmel-und-hoelle/explain.ts';
import { play } from '../engine/himmel-und-hoelle/game.ts';
import { sameDice } from '../engine/himmel-und-hoelle/state.ts';
import { botTurns } from '../test/engine/himmel-und-hoelle-turns.ts';
import { summarize } from './timing.ts';

/**
 * `explain` over every turn of bot games (HUH_TURNS, default 1000; all pairings of the three
 * levels, seeds from 100, at most 40 turns a game), as the camera would ask: first with no cards
 * entered (a turn that needs no battle is explained at once; one whose battles the board shows is
 * answered with those battles, `cards-needed`), then with the battle cards. Figures: turns
 * explained, proved cheapest, battles asked for against battles fought, and the time per turn
 * (both calls), wall and CPU.
 */
const COUNT = Number(process.env.HUH_TURNS ?? 1000);


export default async function bench(): Promise<void> {
  const t0 = performance.now();
  const turns = botTurns(COUNT);
  console.log(`${turns.length} bot turns generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const wall: number[] = [];
  const cpu: number[] = [];
  let explained = 0;
  let cheapest = 0;
  let fought = 0;
  let asked = 0;
  let withBattles = 0;
  const failures: string[] = [];
  for (const [i, t] of turns.entries()) {
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    let e = explain(t.start, { dice: t.end.dice });
    if (!e.legal && e.code === 'cards-needed') {
      asked += e.battles?.length ?? 0;
      e = explain(t.start, { dice: t.end.dice, battles: t.battles.map((cards) => ({ cards })) });
    }
    cpu.push((process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000);
    wall.push(performance.now() - w0);
    fought += t.battles.length;
    if (t.battles.length > 0) withBattles++;
    if (e.legal && sameDice(e.moves.reduce(play, t.start).dice, t.end.dice)) {
      explained++;
      if (e.cheapest) cheapest++;
    } else failures.push(`turn ${i} (seed ${t.seed}, ${t.bot}, ${t.battles.length} battles): ${e.legal ? 'wrong position' : `${e.code}: ${e.reason.en}`}`);
  }
  const w = summarize(wall);
  const c = summarize(cpu);
  console.log(
    `explained ${explained}/${turns.length} turns (${withBattles} with battles, ${fought} battles); the cheapest proved for ${cheapest}; ` +
      `battles asked for with no cards entered: ${asked} of ${fought}`,
  );
  console.log(`time per turn, wall: median ${w.medianMs.toFixed(1)} ms, p95 ${w.p95Ms.toFixed(1)} ms, max ${Math.max(...wall).toFixed(0)} ms`);
  console.log(`time per turn, CPU: median ${c.medianMs.toFixed(1)} ms, p95 ${c.p95Ms.toFixed(1)} ms, max ${Math.max(...cpu).toFixed(0)} ms`);
  for (const f of failures) console.log(`  not explained: ${f}`);
}
