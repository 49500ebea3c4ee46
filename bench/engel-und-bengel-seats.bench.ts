import { createRng } from '../engine/core/rng.ts';
import { engelUndBengel as eub } from '../engine/engel-und-bengel/game.ts';
import { layOut } from '../engine/engel-und-bengel/geometry.ts';
import { boxCount, type Tafel } from '../engine/engel-und-bengel/tafel.ts';
import { SHIPPED_TAFELN } from '../engine/engel-und-bengel/tafeln/index.ts';

/**
 * Seat fairness of Engel und Bengel by number of players (issue 14, item 6): the share of wins of
 * each seat over greedy bot games (seed g for game g, as `schiri simulate` plays them), and the
 * points each seat gains in the first Durchgang and in the later ones. Seat 1 begins the first
 * Durchgang; later ones begin left of whoever filled the Tafel. The same with the shipped Tafeln
 * grown to 28 boxes (rows lengthened by their own last box where that keeps the row's kind), to
 * see whether longer Durchgänge even the seats out. docs/engel-und-bengel.md, "Seats", reads the
 * figures.
 */
const GAMES = 1000;

function grown(t: Tafel, target: number): Tafel {
  const rows = structuredClone(t.rows);
  let n = boxCount(t);
  for (let changed = true; n < target && changed; ) {
    changed = false;
    for (const r of rows) {
      const last = r.boxes[r.boxes.length - 1].must;
      const repeatable = last.length === 1 && ('value' in last[0] || ('sameAs' in last[0] && last[0].sameAs === 1));
      if (n >= target || r.boxes.length >= 6 || !repeatable) continue;
      r.boxes.push({ must: structuredClone(last), at: { x: 0, y: 0, w: 0, h: 0 } });
      n++;
      changed = true;
    }
  }
  return { ...t, rows: layOut(rows) };
}

function seats(players: number, tafeln: readonly Tafel[] | null): string {
  const wins = new Array<number>(players).fill(0);
  const first = new Array<number>(players).fill(0);
  const later = new Array<number>(players).fill(0);
  for (let g = 0; g < GAMES; g++) {
    const rng = createRng(1 + g);
    let s = eub.setup(tafeln ? ({ players, tafeln } as never) : { players });
    while (!s.over) s = eub.play(s, eub.bots!.greedy(s, rng));
    for (const x of s.scores) (x.durchgang === 1 ? first : later)[x.seat] += x.delta;
    for (const w of eub.outcome(s)!.winners) wins[w]++;
  }
  const share = wins.map((w) => (100 * w) / GAMES);
  const per = (xs: number[]) => xs.map((x) => String(Math.round(x / GAMES)).padStart(4)).join('');
  return `wins % ${share.map((x) => x.toFixed(1).padStart(5)).join('')}  (highest/lowest ${(Math.max(...share) / Math.min(...share)).toFixed(2)}) | points in Durchgang 1 ${per(first)} | later ${per(later)}`;
}

export default async function bench(): Promise<void> {
  const big = SHIPPED_TAFELN.map((t) => grown(t, 28));
  const sizes = (ts: readonly Tafel[]) => `${Math.min(...ts.map(boxCount))}-${Math.max(...ts.map(boxCount))} boxes`;
  for (const players of [2, 3, 4, 5, 6]) {
    console.log(`${players} players, shipped Tafeln (${sizes(SHIPPED_TAFELN)}): ${seats(players, null)}`);
    // Two and three players have 30 dice in play, four 28: a 28-box Tafel fits every count.
    console.log(`${players} players, grown Tafeln  (${sizes(big)}): ${seats(players, big)}`);
  }
  console.log(`(${GAMES} greedy games each, seeds 1..${GAMES}; a share of 1/players is fair; ties count for every seat tied)`);
}
