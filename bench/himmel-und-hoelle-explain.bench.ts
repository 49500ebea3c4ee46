import { explain } from '../engine/himmel-und-hoelle/explain.ts';
import { play } from '../engine/himmel-und-hoelle/game.ts';
import { sameDice } from '../engine/himmel-und-hoelle/state.ts';
import { judge, OPTION_SETS, randomStretches } from '../test/engine/himmel-und-hoelle-explain-cases.ts';
import { botTurns } from '../test/engine/himmel-und-hoelle-turns.ts';
import { summarize } from './timing.ts';

/**
 * `explain` over every turn of bot games (HUH_TURNS, default 1000; all pairings of the three
 * levels, seeds from 100, at most 40 turns a game), as the camera would ask: first with no cards
 * entered (a turn that needs no battle is explained at once; one whose battles the board shows is
 * answered with those battles, `cards-needed`), then with the battle cards. Figures: turns
 * explained, proved cheapest, the turns whose cards the board told, the battles named in the
 * turns asked for cards against the battles fought in those same turns, and the time per turn
 * (both calls), wall and CPU.
 *
 * Then every option set of the property test (test/engine/himmel-und-hoelle-explain-cases.ts):
 * HUH_GAMES random games a set (default 2, the property test's; at most 20 turns each), every
 * action and every whole turn explained from the position before as the camera asks; the CPU
 * time of each (both calls where the cards were asked for), p50 / p99 / max. HUH_TURNS=0 runs
 * only these, HUH_GAMES=0 only the bot turns, HUH_SETS (names joined by commas) only those sets.
 */
const COUNT = Number(process.env.HUH_TURNS ?? 1000);
const GAMES = Number(process.env.HUH_GAMES ?? 2);

const cpuMs = (fn: () => void) => {
  const c0 = process.cpuUsage();
  fn();
  const used = process.cpuUsage(c0);
  return (used.user + used.system) / 1000;
};
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function optionSets(): void {
  console.log(`option sets: ${GAMES} random games each, at most 20 turns a game; CPU per explanation (both calls where cards were asked)`);
  console.log('| option set | explained | of them whole turns | with battles | CPU p50 / p99 / max ms |');
  console.log('|---|---|---|---|---|');
  const only = process.env.HUH_SETS?.split(',');
  for (const [name, options] of Object.entries(OPTION_SETS)) {
    if (only && !only.includes(name)) continue;
    const stretches = randomStretches(options, GAMES, 20, 1);
    const ms: number[] = [];
    const failures: string[] = [];
    let explained = 0;
    for (const [i, x] of stretches.entries()) {
      let why: string | undefined;
      ms.push(cpuMs(() => (why = judge(x).why)));
      if (why === undefined) explained++;
      else failures.push(`${name} #${i} (${x.kind}): ${why}`);
    }
    const sorted = [...ms].sort((a, b) => a - b);
    const turns = stretches.filter((x) => x.kind === 'turn').length;
    const battles = stretches.filter((x) => x.battles.length > 0).length;
    console.log(`| ${name} | ${explained} / ${stretches.length} | ${turns} | ${battles} | ${quantile(sorted, 0.5).toFixed(1)} / ${quantile(sorted, 0.99).toFixed(0)} / ${sorted.at(-1)!.toFixed(0)} |`);
    for (const f of failures) console.log(`  not explained: ${f}`);
  }
}


export default async function bench(): Promise<void> {
  if (COUNT > 0) botBench();
  if (GAMES > 0) optionSets();
}

function botBench(): void {
  const t0 = performance.now();
  const turns = botTurns(COUNT);
  console.log(`${turns.length} bot turns generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const wall: number[] = [];
  const cpu: number[] = [];
  let explained = 0;
  let cheapest = 0;
  let fought = 0;
  let withBattles = 0;
  /** Turns answered `cards-needed`, the battles they named, the battles fought in them, and where the two differ. */
  const asked = { turns: 0, named: 0, fought: 0, more: 0, fewer: 0 };
  /** Turns with battles explained with no cards entered (the board told them). */
  let told = 0;
  const failures: string[] = [];
  for (const [i, t] of turns.entries()) {
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    let e = explain(t.start, { dice: t.end.dice });
    if (!e.legal && e.code === 'cards-needed') {
      const named = e.battles?.length ?? 0;
      asked.turns++;
      asked.named += named;
      asked.fought += t.battles.length;
      if (named > t.battles.length) asked.more++;
      if (named < t.battles.length) asked.fewer++;
      e = explain(t.start, { dice: t.end.dice, battles: t.battles.map((cards) => ({ cards })) });
    } else if (e.legal && t.battles.length > 0) told++;
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
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
      `with no cards entered, the board told the cards of ${told} of those turns`,
  );
  console.log(
    `cards asked for in ${asked.turns} turns, naming ${asked.named} battles where ${asked.fought} were fought ` +
      `(more named than fought in ${asked.more} turns, fewer in ${asked.fewer})`,
  );
  console.log(`time per turn, wall: median ${w.medianMs.toFixed(1)} ms, p95 ${w.p95Ms.toFixed(1)} ms, max ${Math.max(...wall).toFixed(0)} ms`);
  console.log(`time per turn, CPU: median ${c.medianMs.toFixed(1)} ms, p95 ${c.p95Ms.toFixed(1)} ms, max ${Math.max(...cpu).toFixed(0)} ms`);
  for (const f of failures) console.log(`  not explained: ${f}`);
}
