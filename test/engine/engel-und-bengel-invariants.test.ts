import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../engine/core/rng.ts';
import { engelUndBengel as eub } from '../../engine/engel-und-bengel/game.ts';
import { DICE, START_POINTS, currentTafel, type EubState } from '../../engine/engel-und-bengel/state.ts';
import { meets } from '../../engine/engel-und-bengel/tafel.ts';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';

const GAMES = 10_000;
/** Far above any game seen (a few hundred moves): reaching it means the game stalled. */
const MOVE_CAP = 20_000;

/** Every fact that must hold between any two moves; a message names the first that does not. */
function violation(s: EubState, prev: EubState | null): string | null {
  const onTafel = s.filled.flat().filter((x) => x !== null).length;
  const dice = s.supply.reduce((a, b) => a + b, 0) + s.box + onTafel + (s.turn?.hand.length ?? 0);
  if (dice !== DICE) return `dice: ${dice} instead of ${DICE}`;
  if (s.supply.some((n) => n < 0) || s.box < 0) return 'a negative dice count';
  if (s.points.some((p) => p < 0)) return `negative points ${s.points}`;
  if (!s.over && s.supply[s.toMove] === 0 && !s.turn) return `seat ${s.toMove} must roll with no dice`;
  // play copies what it changes and shares the rest, so an unchanged reference is unchanged content.
  if (prev && s.filled === prev.filled && s.scores === prev.scores && s.points === prev.points) return null;
  const rows = currentTafel(s).rows;
  for (let r = 0; r < rows.length; r++) {
    const f = s.filled[r];
    const free = f.indexOf(null);
    if (free >= 0 && f.slice(free).some((x) => x !== null)) return `row ${r + 1} has a gap`;
    for (let i = 0; i < f.length; i++) if (f[i] !== null && !meets(rows[r], i, f[i]!, f)) return `r${r + 1}b${i + 1} holds a ${f[i]} that does not fit`;
  }
  // Every completed row of the Durchgang in play scored exactly once, and nothing else scored.
  const scored = s.scores.filter((x) => x.durchgang === s.durchgang).map((x) => x.row);
  if (new Set(scored).size !== scored.length) return `a row scored twice in Durchgang ${s.durchgang}`;
  if (!s.over) {
    const complete = s.filled.flatMap((f, r) => (f[f.length - 1] !== null ? [r + 1] : []));
    if ([...scored].sort().join() !== complete.join()) return `completed rows ${complete} but scored ${scored}`;
  }
  for (let seat = 0; seat < s.players; seat++) {
    const delta = s.scores.filter((x) => x.seat === seat).reduce((a, x) => a + x.delta, 0);
    if (s.points[seat] !== START_POINTS + delta) return `seat ${seat}: points ${s.points[seat]} are not 80 plus its score lines`;
  }
  if (prev) {
    if (s.scores.length < prev.scores.length) return 'score lines vanished';
    if (s.durchgang === prev.durchgang) {
      // Placed dice stay until the Durchgang ends.
      for (let r = 0; r < prev.filled.length; r++) {
        for (let i = 0; i < prev.filled[r].length; i++) if (prev.filled[r][i] !== null && s.filled[r][i] !== prev.filled[r][i]) return `r${r + 1}b${i + 1} changed`;
      }
    }
  }
  return null;
}

/** The options of game `i`: every player count, and now and then each interpretation switched. */
function optionsOf(i: number, rng: Rng) {
  return {
    players: 2 + (i % 5),
    firstTafel: 1 + (i % 16),
    order: i % 3 === 0 ? 'shuffled' : 'in-order',
    seed: i,
    noFitDice: rng.int(8) === 0 ? 'lost' : 'return',
    outOfDice: rng.int(8) === 0 ? 'redeal' : 'end',
    liveRowsOnly: rng.int(8) !== 0,
  };
}

describe(`Engel und Bengel: invariants over ${GAMES} bot games`, () => {
  it('dice conserved, points never negative, every completed row scored once, every game ends', () => {
    const completedTafeln = new Set<string>();
    const failures: string[] = [];
    let moves = 0;
    let greedyWins = 0;
    let greedyGames = 0;
    for (let g = 0; g < GAMES && failures.length < 5; g++) {
      const rng = createRng(g + 1);
      const options = optionsOf(g, rng);
      // A third of the games seat greedy bots at the even seats against random ones.
      const mixed = g % 3 === 1;
      let s = eub.setup(options);
      let prev: EubState | null = null;
      let n = 0;
      while (!s.over && n < MOVE_CAP) {
        const bot = mixed && s.toMove % 2 === 0 ? eub.bots!.greedy : eub.bots!.random;
        prev = s;
        s = eub.play(s, bot(s, rng));
        n++;
        const bad = violation(s, prev);
        if (bad) {
          failures.push(`game ${g} (${JSON.stringify(options)}), move ${n}: ${bad}`);
          break;
        }
      }
      if (!s.over) failures.push(`game ${g} (${JSON.stringify(options)}) did not end in ${MOVE_CAP} moves`);
      moves += n;
      for (const h of s.history) if (h.ended === 'full') completedTafeln.add(h.tafel);
      if (mixed && s.players >= 2) {
        greedyGames++;
        const w = eub.outcome(s)!.winners;
        if (w.some((x) => x % 2 === 0)) greedyWins++;
      }
    }
    expect(failures).toEqual([]);
    expect(moves).toBeGreaterThan(GAMES * 50);
    // Every shipped Tafel was completed in play, not only proven completable.
    expect([...completedTafeln].sort()).toEqual(SHIPPED_TAFELN.map((t) => t.id));
    // The greedy bot is a real opponent: at the even seats it wins more than those seats' share.
    expect(greedyWins / greedyGames).toBeGreaterThan(0.6);
  }, 300_000);
});
