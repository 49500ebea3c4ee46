import { isField, neighbours, type Place, type Side } from './board.ts';
import { N, PLACE_INDEX, costTable, distances, pairing, sameSide, walks } from './explain-pairing.ts';
import { battleWinner } from './rules.ts';
import { MAX_PIPS, MAX_STRENGTH, dieKey, other, type HuhDie, type HuhMove, type HuhState } from './state.ts';

/**
 * The state of one search behind `explain` (explain-search.ts): what it looks for, its lower
 * bound, how it keys positions, and the cheapest AP found to each. The moves it generates are
 * explain-moves.ts's.
 */

export interface FightSeen {
  attacker: HuhDie;
  defender: HuhDie;
  winner: Side;
}

/**
 * `cards`: the battles fought, in order, with their cards. `open`: battles nobody entered, at most
 * `most` of them (a pending battle included) where given.
 */
export type BattlePlan = { kind: 'cards'; cards: [number, number][] } | { kind: 'open'; most?: number };

export interface SearchOptions {
  limit?: number;
  weight?: number;
  bound?: number;
  lazy?: boolean;
}

export interface Node {
  state: HuhState;
  g: number;
  f: number;
  depth: number;
  /** Battles begun so far. */
  battle: number;
  /** The die moving now, or -1. */
  focus: number;
  /** Dice that stopped moving and sleep (bit i = die i). */
  asleep: number;
  parent: Node | null;
  moves: HuhMove[];
  fight: FightSeen | null;
  /** The enemy dice's pairing cost (they change only in battles and by a free AP). */
  theirs: number;
  /** The steps alone of the enemy dice's cheapest pairing by steps (only a free action moves one). */
  theirSteps: number;
  /** The last action was taken: every die shows its observed pips. */
  finished: boolean;
  /** Steps the active dice still have to walk at least, to break ties: the nearer first. */
  rest: number;
}

const at = (p: Place) => PLACE_INDEX.get(p)!;

export class SearchSpace {
  readonly active: Side;
  readonly enemy: Side;
  readonly rules: HuhState['rules'];
  /** The observed dice of the side to move. */
  readonly mineT: HuhDie[];
  private readonly theirsT: HuhDie[];
  /** The cards of the battles entered, or null for battles nobody entered. */
  readonly known: [number, number][] | null;
  /** How many battles the search may fight in all: those entered, or the cap of an open search. */
  readonly most: number;
  readonly lazy: boolean;
  private readonly weight: number;
  /** No explanation spends more AP than the turn has left: a lower bound beyond that prunes. */
  private readonly bound: number;
  private readonly start: number;
  private readonly mineDist: Float64Array;
  private readonly mineWalks: Float64Array;
  private readonly theirDist: Float64Array;
  private readonly targetAt: Map<HuhDie, number>;
  /** Observed dice of the side to move that may have attacked by lowering, the battle pending (next to an observed enemy die). */
  private readonly pendingAt: Set<HuhDie>;
  /** With the cards entered: how many of the battles from the k-th on the side to move can still win, whatever the pips. */
  private readonly winsFrom: number[];
  /** The pairing costs below as tables, by place and pips (the searches ask for every position). */
  private readonly tables: { exact: Float64Array; lowered: Float64Array; theirs: Float64Array; theirSteps: Float64Array };
  /** The fewest AP found to each position so far, by its key. */
  private readonly best = new Map<string, number>();

  constructor(
    readonly root: HuhState,
    readonly observed: readonly HuhDie[],
    plan: BattlePlan,
    opts: SearchOptions,
  ) {
    this.lazy = opts.lazy ?? false;
    this.weight = opts.weight ?? 1;
    this.bound = Math.min(opts.bound ?? Infinity, root.ap);
    this.active = root.active;
    this.enemy = other(root.active);
    this.rules = root.rules;
    this.mineT = observed.filter((d) => d.side === this.active);
    this.theirsT = observed.filter((d) => d.side === this.enemy);
    this.start = root.ap;
    this.known = plan.kind === 'cards' ? plan.cards : null;
    this.most = plan.kind === 'cards' ? plan.cards.length : (plan.most ?? Infinity);
    this.mineDist = distances(this.active, this.rules);
    this.mineWalks = walks(this.active, this.rules);
    this.theirDist = distances(this.enemy, this.rules);
    this.targetAt = new Map(observed.map((t) => [t, at(t.at)]));
    const attackable = (t: HuhDie) => neighbours(t.at, this.active, this.rules).some((p) => this.theirsT.some((e) => e.at === p && isField(p)));
    const cards = this.known ?? [];
    this.winsFrom = cards.map((_, k) => cards.slice(k).filter((c) => mayWin(this.active, c)).length);
    this.winsFrom.push(0);
    this.pendingAt = new Set(this.rules.attackWithPips ? this.mineT.filter(attackable) : []);
    this.tables = {
      exact: costTable(this.active, this.mineT, this.activeCost),
      lowered: costTable(this.active, this.mineT, this.loweredCost),
      theirs: costTable(this.enemy, this.theirsT, this.enemyCost),
      theirSteps: costTable(this.enemy, this.theirsT, this.enemySteps),
    };
  }

  /**
   * Exact for one die on an empty board: its walk's steps, each paid by an AP or a pip, plus the
   * pips it gains. Where lowering may pay for an attack and the die ends next to an enemy die, its
   * last pip may be lowered by an attack still pending on the board seen, without a step.
   */
  private activeCost = (d: HuhDie, t: HuhDie): number => {
    const from = (at(d.at) * N + this.targetAt.get(t)!) * MAX_PIPS;
    const need = Math.max(0, d.pips - t.pips);
    const steps = this.mineWalks[from + need];
    const exact = steps === Infinity ? Infinity : steps + t.pips - d.pips;
    if (need === 0 || !this.pendingAt.has(t)) return exact;
    return Math.min(exact, this.mineWalks[from + need - 1] + t.pips - d.pips + 1);
  };

  /** The cost where the die may also lose pips without a step, as often as it likes: once is all that can help (the parity of its walk). */
  private loweredCost = (d: HuhDie, t: HuhDie): number => {
    const from = (at(d.at) * N + this.targetAt.get(t)!) * MAX_PIPS;
    const need = Math.max(0, d.pips - t.pips);
    const steps = this.mineWalks[from + need];
    const exact = steps === Infinity ? Infinity : steps + t.pips - d.pips;
    return need === 0 ? exact : Math.min(exact, this.mineWalks[from + need - 1] + t.pips - d.pips + 1);
  };

  private enemySteps = (d: HuhDie, t: HuhDie): number => (d.at === t.at ? 0 : this.theirDist[at(d.at) * N + this.targetAt.get(t)!]);

  private enemyCost = (d: HuhDie, t: HuhDie): number => {
    if (d.at === t.at) return Math.abs(t.pips - d.pips);
    // A free AP moves an enemy die one step at a time.
    return this.theirDist[at(d.at) * N + this.targetAt.get(t)!] + Math.abs(t.pips - d.pips);
  };

  theirsOf(st: HuhState): number {
    return pairing(st.dice, this.enemy, this.tables.theirs, this.theirsT.length);
  }

  /** The steps the enemy dice still have to be moved, each by a free action. */
  theirStepsOf(st: HuhState): number {
    return pairing(st.dice, this.enemy, this.tables.theirSteps, this.theirsT.length);
  }

  /** Steps to the nearest observed place of its side, summed over the active dice. */
  private rest(st: HuhState): number {
    let sum = 0;
    for (const d of st.dice) {
      if (d.side !== this.active) continue;
      let near = Infinity;
      for (const t of this.mineT) near = Math.min(near, this.mineDist[at(d.at) * N + at(t.at)]);
      sum += near;
    }
    return sum;
  }

  /**
   * A lower bound on the AP still to spend: `battleBound` twice, once with each die's exact cost
   * and every battle's pip as help, once with the cost where a die may lose pips without a step
   * (a lost battle, an attack paid by lowering) and only the battles the side can still win as
   * help. Both hold, so the larger does.
   */
  h(n: Node): number {
    const st = n.state;
    if (n.finished) return 0;
    const exact = pairing(st.dice, this.active, this.tables.exact, this.mineT.length);
    if (n.theirs === Infinity || exact === Infinity) return Infinity;
    const lowered = pairing(st.dice, this.active, this.tables.lowered, this.mineT.length);
    const battle = st.phase === 'battle' ? 1 : 0;
    const free = st.phase === 'free' ? 1 : 0;
    const rules = this.rules;
    const lowerings = rules.attackWithPips ? 1 : 0;
    const at = (fresh: number) => {
      const fights = fresh + battle;
      const wins = this.known ? this.winsFrom[n.battle] : fights;
      return Math.max(
        battleBound(rules, exact, n.theirs, n.theirSteps, fights, lowerings, fresh, battle, free),
        battleBound(rules, lowered, n.theirs, n.theirSteps, wins, 0, fresh, battle, free),
      );
    };
    if (this.known) return at(this.known.length - n.battle - battle);
    // Open battles: the cheapest number of them still to come, up to the cap; beyond the cost
    // to pay and two more the bound falls no further.
    const most = Math.min(this.most - n.battle - battle, exact + n.theirs + 2);
    let lower = Infinity;
    for (let b = 0; b <= most && lower > 0; b++) lower = Math.min(lower, at(b));
    return lower;
  }

  /** A position's key: AP left is not part of it, the cheaper way there (more AP left) wins. */
  key(n: Node): string {
    const st = n.state;
    const b = st.battle ? `${dieKey(st.dice[st.battle.attacker])}>${dieKey(st.dice[st.battle.defender])}${st.battle.cards.join()}` : '';
    // Each die as one number (side, place, pips, mark), sorted: dice of a side look alike.
    const dice = st.dice.map((d, i) => ((d.side * N + at(d.at)) * 8 + d.pips) * 3 + (n.focus === i ? 1 : n.asleep & (1 << i) ? 2 : 0)).sort((x, y) => x - y);
    return `${n.finished ? '!' : ''}${st.phase}/${n.battle}/${st.free}/${b}/${dice.join(',')}`;
  }

  matches(st: HuhState): boolean {
    return sameSide(st.dice, this.observed, 0) && sameSide(st.dice, this.observed, 1);
  }

  battlesDone(n: Node): boolean {
    return !this.known || n.battle === this.known.length;
  }

  isGoal(n: Node): boolean {
    return n.finished || (n.state.phase === 'over' && this.battlesDone(n) && this.matches(n.state));
  }

  /** Whether a cheaper way to `n`'s position was found since `n` was queued. */
  superseded(n: Node): boolean {
    return !n.finished && (this.best.get(this.key(n)) ?? Infinity) < n.g;
  }

  /** Another die stepping from `a` to `b` wakes a sleeping die next to either field. */
  wake(st: HuhState, asleep: number, a: Place, b: Place): number {
    let out = asleep;
    for (let j = 0; out && j < st.dice.length; j++) {
      if (!(out & (1 << j))) continue;
      const near = neighbours(st.dice[j].at, st.dice[j].side, this.rules);
      if (near.includes(a) || near.includes(b)) out &= ~(1 << j);
    }
    return out;
  }

  /** The search's first node, or null where even the lower bound does not fit the turn's AP. */
  first(): Node | null {
    const root: Node = { state: this.root, g: 0, f: 0, depth: 0, battle: 0, focus: -1, asleep: 0, parent: null, moves: [], fight: null, theirs: this.theirsOf(this.root), theirSteps: this.theirStepsOf(this.root), finished: false, rest: 0 };
    const lower = this.h(root);
    root.f = this.weight * lower;
    return root.f < Infinity && lower <= this.bound ? root : null;
  }

  /** The child of `n` that `moves` lead to, or null where it is dearer than a way found before or than the turn can pay. */
  child(n: Node, state: HuhState, moves: HuhMove[], patch: Partial<Node>): Node | null {
    const c: Node = { state, g: this.start - state.ap, f: 0, depth: n.depth + 1, battle: n.battle, focus: n.focus, asleep: n.asleep, parent: n, moves, fight: null, theirs: n.theirs, theirSteps: n.theirSteps, finished: false, rest: 0, ...patch };
    if (c.g > this.bound) return null;
    const k = this.key(c);
    if ((this.best.get(k) ?? Infinity) <= c.g) return null;
    if (n.state.phase !== 'turn' || state.phase !== 'turn') {
      c.theirs = this.theirsOf(state);
      c.theirSteps = this.theirStepsOf(state);
    }
    const lower = this.h(c);
    if (lower === Infinity || c.g + lower > this.bound) return null;
    c.rest = this.rest(state);
    c.f = c.g + this.weight * lower;
    this.best.set(k, c.g);
    return c;
  }
}

/** Whether `side` can win a battle fought with these cards (by seat), attacking or defending, at any pips the cards allow. */
function mayWin(side: Side, cards: [number, number]): boolean {
  for (const att of [0, 1] as const) {
    const def = other(att);
    for (let pa = 1; pa <= MAX_PIPS && pa + cards[att] <= MAX_STRENGTH; pa++) {
      for (let pd = 1; pd <= MAX_PIPS && pd + cards[def] <= MAX_STRENGTH; pd++) {
        if ((battleWinner(pa, cards[att], pd, cards[def]) === 'attacker' ? att : def) === side) return true;
      }
    }
  }
  return false;
}

/**
 * A lower bound on the AP a turn still spends, given the battles to come (why it never exceeds
 * the truth, so A* with it stays exact):
 * - Each battle changes the pips of one active and one enemy die by one, and gives one free
 *   action, which changes one die by one step or pip, or (the "any action" reading) attacks,
 *   beginning the next battle, or passes. So the free actions that move or raise are the pending
 *   battle's and the pending free action (`battle + free`) plus one for each battle begun by an
 *   attack in the turn: F = battle + free + A, where A counts those attacks, A <= fresh; without
 *   free attacks A = fresh, with them A >= 1 where battles are still to come and no battle or
 *   free action is pending (nothing else begins one).
 * - Enemy dice move only by free actions: the free actions spent on them, fe, are at least their
 *   steps and at least their cost beyond the battles' pips, theirs - (fresh + battle).
 * - The active dice's cost falls by at most `help` through the battles' pips, by `lowerings` for
 *   each attack paid by lowering, and by one for each free action spent on them, F - fe.
 * - An attack in the turn costs an AP, or a pip where lowering may pay for it.
 * With AP-paid attacks the cost is A + (mine - help - (F - fe)) = mine - help - battle - free + fe,
 * A cancelling: each free action that moves was bought by an attack. So the bound is the larger
 * of A's least value and that. Where lowering may pay for attacks they cost no AP: A = fresh is
 * the cheapest, mine - help - (lowerings + 1) fresh - battle - free + fe.
 */
function battleBound(
  rules: HuhState['rules'],
  /** The active side's pairing cost (AP on an empty board). */
  mine: number,
  /** The enemy's pairing cost (steps and pips), and its steps alone. */
  theirs: number,
  theirSteps: number,
  /** What the battles' pips can take off `mine` at most: one a battle, or one a battle the side can still win where `mine` already lets a die lose pips without a step. */
  help: number,
  /** What each attack paid by lowering takes off `mine` besides (its lowering without a step): 1, or 0 where `mine` allows for it. */
  lowerings: number,
  /** Battles still to begin. */
  fresh: number,
  /** 1 where a battle is pending (its cards not all in), or a free action. */
  battle: number,
  free: number,
): number {
  if (fresh < 0) return Infinity;
  const fe = Math.max(theirSteps, theirs - fresh - battle);
  const leastA = Math.max(rules.freeAp === 'any-action' ? (fresh > 0 && battle + free === 0 ? 1 : 0) : fresh, fe - battle - free);
  if (leastA > fresh) return Infinity;
  if (rules.attackWithPips) return Math.max(0, mine - help - (lowerings + 1) * fresh - battle - free + fe);
  return Math.max(leastA, mine - help - battle - free + fe);
}
