import type { AnyGame, Json, Options } from '../engine/core/contract.ts';
import { createRng } from '../engine/core/rng.ts';
import { GAMES } from '../engine/registry.ts';

const DEFAULT_MAX_TURNS = 1000;
const HELP = `usage: schiri simulate --game ID [--games N] [--bots A,B,...] [--seed S] [--players P] [--max-turns T] [--option KEY=VALUE]... [--json]

Plays N games (default 1000) between computer players and prints statistics: game length in moves,
wins and points per seat, and the figures the game itself keeps (for Engel und Bengel: Durchgänge,
rows completed, points won and paid, ...). Seat i plays bot i modulo the list (default: every bot
the game has, in turn). Game g is played with seed S+g (default S=1), so a run is reproducible.
--option sets any option of the game (VALUE is read as JSON where it parses, else as a string).
--max-turns stops a game that has not ended after T turns (default ${DEFAULT_MAX_TURNS}) and reports it as
unfinished, and as stalled where one position began three turns or more.`;

/** A position that begins this many turns of one game marks the game as stalled. */
const STALL_REPEATS = 3;

interface Args {
  game: string;
  games: number;
  bots: string[] | null;
  seed: number;
  maxTurns: number;
  options: Options;
  json: boolean;
}

function parseArgs(args: string[]): Args | string {
  const out: Args = { game: '', games: 1000, bots: null, seed: 1, maxTurns: DEFAULT_MAX_TURNS, options: {}, json: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const int = (min: number) => {
      const v = value();
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) throw new Error(`${a} must be a whole number from ${min}, not "${v}"`);
      return n;
    };
    try {
      if (a === '--game') out.game = value();
      else if (a === '--games') out.games = int(1);
      else if (a === '--bots') out.bots = value().split(',').filter(Boolean);
      else if (a === '--seed') out.seed = int(0);
      else if (a === '--max-turns') out.maxTurns = int(1);
      else if (a === '--players') out.options.players = int(1);
      else if (a === '--option') {
        const [k, ...rest] = value().split('=');
        if (!k || rest.length === 0) throw new Error(`--option wants KEY=VALUE`);
        const raw = rest.join('=');
        let v: Json;
        try {
          v = JSON.parse(raw) as Json;
        } catch {
          v = raw;
        }
        out.options[k] = v;
      } else if (a === '--json') out.json = true;
      else return `unexpected argument "${a}"`;
    } catch (e) {
      return (e as Error).message;
    }
  }
  return out.game ? out : 'missing --game';
}

interface Summary {
  mean: number;
  min: number;
  max: number;
  median: number;
}

function summary(xs: number[]): Summary {
  const s = xs.slice().sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return { mean: Math.round(mean * 100) / 100, min: s[0] ?? 0, max: s[s.length - 1] ?? 0, median: s[Math.floor(s.length / 2)] ?? 0 };
}

export interface SimulationReport {
  game: string;
  games: number;
  finished: number;
  /** Games stopped at the turn cap. */
  unfinished: { games: number; maxTurns: number; seeds: number[]; stalled: number; mostRepeats: number };
  seed: number;
  options: Options;
  seats: { seat: number; bot: string; wins: number; score: Summary }[];
  draws: number;
  moves: Summary;
  stats: Record<string, Summary>;
}

/**
 * Counts a game's turns (by the game's own count where it keeps one, else each change of the seat
 * to move) and how often the most frequent position began a turn.
 */
function turnCounter(game: AnyGame, start: unknown) {
  const seen = new Map<string, number>();
  let last = game.turnInfo?.(start).turn ?? 0;
  let seat = game.toMove(start);
  const counter = {
    count: 0,
    mostRepeats: 0,
    note(s: unknown) {
      const info = game.turnInfo?.(s);
      const next = game.toMove(s);
      const begun = info ? info.turn !== last : next !== null && next !== seat;
      [last, seat] = [info?.turn ?? last, next];
      if (!begun) return;
      counter.count++;
      if (!info) return;
      const k = (seen.get(info.position) ?? 0) + 1;
      seen.set(info.position, k);
      counter.mostRepeats = Math.max(counter.mostRepeats, k);
    },
  };
  return counter;
}

/** Plays the games; no I/O, so tests call it directly. */
export function simulate(game: AnyGame, given: Omit<Args, 'json' | 'game' | 'maxTurns'> & { maxTurns?: number }): SimulationReport {
  const args = { ...given, maxTurns: given.maxTurns ?? DEFAULT_MAX_TURNS };
  const bots = game.bots ?? {};
  const names = args.bots ?? Object.keys(bots);
  for (const n of names) if (!bots[n]) throw new Error(`"${game.id}" has no bot "${n}"; it has: ${Object.keys(bots).join(', ')}`);
  const lengths: number[] = [];
  const stats: Record<string, number[]> = {};
  let seats: SimulationReport['seats'] = [];
  const scores: number[][] = [];
  let draws = 0;
  let finished = 0;
  const unfinished: SimulationReport['unfinished'] = { games: 0, maxTurns: args.maxTurns, seeds: [], stalled: 0, mostRepeats: 0 };
  for (let g = 0; g < args.games; g++) {
    const rng = createRng(args.seed + g);
    // Games that shuffle keep their seed in the options: vary it per game unless the user fixed it,
    // or every game would be dealt the same cards.
    const shuffles = game.options.some((o) => o.key === 'seed') && !('seed' in args.options);
    let s = game.setup(shuffles ? { ...args.options, seed: args.seed + g } : args.options);
    let n = 0;
    const turns = turnCounter(game, s);
    for (let seat = game.toMove(s); seat !== null && turns.count <= args.maxTurns; seat = game.toMove(s), n++) {
      s = game.play(s, bots[names[seat % names.length]](s, rng));
      turns.note(s);
    }
    const score = game.score(s) as number[];
    if (seats.length === 0) {
      seats = score.map((_, seat) => ({ seat, bot: names[seat % names.length], wins: 0, score: summary([]) }));
      score.forEach(() => scores.push([]));
    }
    score.forEach((p, seat) => scores[seat].push(p));
    const o = game.outcome(s);
    if (!o) {
      unfinished.games++;
      unfinished.seeds.push(args.seed + g);
      if (turns.mostRepeats >= STALL_REPEATS) unfinished.stalled++;
      unfinished.mostRepeats = Math.max(unfinished.mostRepeats, turns.mostRepeats);
      continue;
    }
    finished++;
    lengths.push(n);
    if (o.draw) draws++;
    for (const w of o.winners) seats[w].wins++;
    for (const [k, v] of Object.entries(game.stats?.(s) ?? {})) (stats[k] ??= []).push(v);
  }
  seats.forEach((x, i) => (x.score = summary(scores[i])));
  return {
    game: game.id,
    games: args.games,
    finished,
    unfinished,
    seed: args.seed,
    options: args.options,
    seats,
    draws,
    moves: summary(lengths),
    stats: Object.fromEntries(Object.entries(stats).map(([k, v]) => [k, summary(v)])),
  };
}

function printText(r: SimulationReport): void {
  const row = (label: string, x: Summary) => `  ${label.padEnd(16)} mean ${String(x.mean).padStart(8)}  median ${String(x.median).padStart(6)}  min ${String(x.min).padStart(6)}  max ${String(x.max).padStart(6)}`;
  console.log(`${r.game}: ${r.games} games (seeds ${r.seed}..${r.seed + r.games - 1}), ${r.finished} finished${r.draws ? `, ${r.draws} drawn` : ''}`);
  const u = r.unfinished;
  if (u.games > 0) {
    const seeds = u.seeds.slice(0, 20).join(', ') + (u.seeds.length > 20 ? ', …' : '');
    console.log(
      `unfinished after ${u.maxTurns} turns: ${u.games} (seeds ${seeds}); stalled (a position began ${STALL_REPEATS} turns or more): ${u.stalled}, ` +
        `most often: ${u.mostRepeats} times`,
    );
  }
  if (Object.keys(r.options).length) console.log(`options: ${JSON.stringify(r.options)}`);
  if (r.finished > 0) {
    console.log(row('moves', r.moves));
    for (const [k, v] of Object.entries(r.stats)) console.log(row(k, v));
  }
  console.log('seats:');
  for (const s of r.seats) {
    const share = r.finished ? ` (${((100 * s.wins) / r.finished).toFixed(1)} %)` : '';
    console.log(`  seat ${s.seat + 1} ${s.bot.padEnd(8)} wins ${s.wins}${share}, final score mean ${s.score.mean}, min ${s.score.min}, max ${s.score.max}`);
  }
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const a = parseArgs(args);
  if (typeof a === 'string') {
    console.error(`schiri simulate: ${a}\n${HELP}`);
    return 2;
  }
  const entry = GAMES.find((g) => g.id === a.game);
  const withBots = GAMES.filter((g) => g.game?.bots).map((g) => g.id);
  if (!entry?.game?.bots) {
    console.error(`schiri simulate: no game "${a.game}" with computer players; there are: ${withBots.join(', ')}`);
    return 2;
  }
  try {
    const report = simulate(entry.game, a);
    if (a.json) console.log(JSON.stringify(report));
    else printText(report);
    return 0;
  } catch (e) {
    console.error(`schiri simulate: ${(e as Error).message}`);
    return 1;
  }
}
