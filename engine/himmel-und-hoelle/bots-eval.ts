import { GOAL, PLACES, START, isField, neighbours, progress, type BoardRules, type Side } from './board.ts';
import { goalPips, other, type HuhState } from './state.ts';

/**
 * How the computer players judge a position. The searches judge millions of positions, so the
 * board's relations are tables by place index, built once per set of board rules.
 */

export const WIN = 1e6;

/** The terms in which the levels judge a position differently. */
export interface Style {
  /** Progress a walled-off die is credited with at most: beyond it, crowding the wall gains nothing. */
  wallRow: number;
  /** Enemy dice this close to their start (in rows) that are jammed wall off one's goal for good. */
  jamRows: number;
  /** What such a jammed enemy die costs. */
  jam: number;
  /**
   * How a die's way home is measured. 'forward': from the goal outwards along the side's own
   * steps, which never leave a final goal, so under the default rules every die off the goal
   * counts as walled off and only its rows count (the greedy player's judgement, kept as it is
   * plays). 'home': the true shortest way into the goal around enemy dice.
   */
  way: 'forward' | 'home';
}

/** The greedy player's judgement. */
export const GREEDY_STYLE: Style = { wallRow: 11, jamRows: 2, jam: 3, way: 'forward' };

const N = PLACES.length;
export const INDEX: Record<string, number> = Object.fromEntries(PLACES.map((p, i) => [p, i]));
const FIELD = Uint8Array.from(PLACES, (p) => (isField(p) ? 1 : 0));
const PROGRESS = ([0, 1] as const).map((side) => Int8Array.from(PLACES, (p) => progress(side, p)));

interface Tables {
  /** Places a die of the side steps to, by place index. */
  adj: number[][];
  /** Places from which a die of the side steps to each place (the way into the goal). */
  into: number[][];
}

const tables = new Map<string, [Tables, Tables]>();
const tablesOfRules = new WeakMap<BoardRules, [Tables, Tables]>();

/** The step tables of both sides under one set of board rules. */
export function tablesOf(r: BoardRules): [Tables, Tables] {
  let t = tablesOfRules.get(r);
  if (t) return t;
  const key = `${+r.enterAnyColumn}${+r.goalFinal}${+r.returnToStart}`;
  t = tables.get(key);
  if (!t) {
    t = ([0, 1] as const).map((side) => {
      const adj = PLACES.map((p) => neighbours(p, side, r).map((n) => INDEX[n]));
      const into: number[][] = PLACES.map(() => []);
      adj.forEach((ns, from) => ns.forEach((n) => into[n].push(from)));
      return { adj, into };
    }) as [Tables, Tables];
    tables.set(key, t);
  }
  tablesOfRules.set(r, t);
  return t;
}

/**
 * Steps from every place to `side`'s goal, walking around enemy dice (own dice may still make
 * way); -1 where enemy dice wall the goal off. See `Style.way` for the two ways of walking.
 */
function pathsHome(s: HuhState, side: Side, way: Style['way'], at: Int8Array): Int8Array {
  const t = tablesOf(s.rules)[side];
  const walk = way === 'home' ? t.into : t.adj;
  const blocked = new Uint8Array(N);
  for (let i = 0; i < s.dice.length; i++) if (s.dice[i].side !== side && FIELD[at[i]]) blocked[at[i]] = 1;
  const dist = new Int8Array(N).fill(-1);
  const goal = INDEX[GOAL[side]];
  dist[goal] = 0;
  const queue = [goal];
  for (let q = 0; q < queue.length; q++) {
    const here = queue[q];
    for (const n of walk[here]) {
      if (dist[n] >= 0 || blocked[n] || !FIELD[n]) continue;
      dist[n] = dist[here] + 1;
      queue.push(n);
    }
  }
  const start = INDEX[START[side]];
  for (const n of t.adj[start]) if (dist[n] >= 0 && (dist[start] < 0 || dist[n] + 1 < dist[start])) dist[start] = dist[n] + 1;
  return dist;
}

/** Whether a die on a field has no empty field to step to: jammed dice cannot make room for a push. */
function jammed(adj: number[][], at: number, taken: Uint8Array): boolean {
  for (const n of adj[at]) if (!taken[n] && FIELD[n]) return false;
  return true;
}

function sideValue(s: HuhState, side: Side, style: Style, at: Int8Array, taken: Uint8Array): number {
  let v = 0;
  let home = 0;
  const paths = pathsHome(s, side, style.way, at);
  const t = tablesOf(s.rules);
  const goal = INDEX[GOAL[side]];
  for (let i = 0; i < s.dice.length; i++) {
    const d = s.dice[i];
    if (d.side !== side) continue;
    if (at[i] === goal) {
      home++;
      v += 45 + 9 * d.pips;
    } else {
      const way = paths[at[i]];
      // A walled-off die counts as if three rows further back: the wall's owner must open it.
      const p = way >= 0 ? 11 - way : Math.max(0, Math.min(PROGRESS[side][at[i]], style.wallRow) - 3);
      // Rows gained are worth more near the goal; pips are movement for later and battle strength.
      v += 3 * p + 0.15 * p * p + 2.2 * d.pips + (FIELD[at[i]] ? 2 : 0);
      if (FIELD[at[i]] && jammed(t[side].adj, at[i], taken)) v -= 4;
    }
  }
  // Enemy dice jammed on their own first rows wall off this side's goal: only their owner
  // can move them (a push needs an empty field next to them), so crowding them there is a dead end.
  for (let i = 0; i < s.dice.length; i++) {
    const d = s.dice[i];
    if (d.side !== side && FIELD[at[i]] && PROGRESS[d.side][at[i]] <= style.jamRows && jammed(t[d.side].adj, at[i], taken)) v -= style.jam;
  }
  // Cards are strength in later battles; high ones only help low dice, so they count less.
  let cards = 0;
  for (const c of s.cards[side]) cards += Math.min(c, 7);
  return v + 0.25 * cards + (home >= 2 ? 5 : 0);
}

/** How good the position is for `me`, as if the turn ended now. */
export function evaluate(s: HuhState, me: Side, style: Style = GREEDY_STYLE): number {
  if (s.phase === 'over') {
    const a = goalPips(s, me);
    const b = goalPips(s, other(me));
    // Equal pips are a draw, unless the rules give the game to the finisher (none where a repetition ended it).
    if (a === b) return s.rules.equalPips === 'finisher' && s.finisher !== null ? (s.finisher === me ? WIN : -WIN) : 0;
    return (a > b ? WIN : -WIN) + (a - b);
  }
  const at = new Int8Array(s.dice.length);
  const taken = new Uint8Array(N);
  for (let i = 0; i < s.dice.length; i++) {
    at[i] = INDEX[s.dice[i].at];
    if (FIELD[at[i]]) taken[at[i]] = 1;
  }
  return sideValue(s, me, style, at, taken) - sideValue(s, other(me), style, at, taken);
}
