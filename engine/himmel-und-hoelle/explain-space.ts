import { isField, neighbours, type Place, type Side } from './board.ts';
import { N, PLACE_INDEX, distances, pairing, sameSide, walks } from './explain-pairing.ts';
import { MAX_PIPS, dieKey, other, type HuhDie, type HuhMove, type HuhState } from './state.ts';

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
    this.pendingAt = new Set(this.rules.attackWithPips ? this.mineT.filter(attackable) : []);
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

  private enemyCost = (d: HuhDie, t: HuhDie): number => {
    if (d.at === t.at) return Math.abs(t.pips - d.pips);
    // A free AP moves an enemy die one step at a time.
    return this.theirDist[at(d.at) * N + this.targetAt.get(t)!] + Math.abs(t.pips - d.pips);
  };

  theirsOf(st: HuhState): number {
    return pairing(st.dice, this.enemy, this.theirsT, this.enemyCost);
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

  /** A lower bound on the AP still to spend. */
  h(n: Node): number {
    const st = n.state;
    if (n.finished) return 0;
    const rules = this.rules;
    const theirs = n.theirs;
    // Where lowering may pay for an attack, each battle fought lowers its attacker without a step.
    const lowers = rules.attackWithPips ? 1 : 0;
    const mine = pairing(st.dice, this.active, this.mineT, this.activeCost);
    if (theirs === Infinity || mine === Infinity) return Infinity;
    // What is still to come for free: each battle moves the attacker and the defender one pip and
    // gives one free action to either side; a free AP now pending gives one action.
    const free = st.phase === 'free' ? 1 : 0;
    /** The bound where exactly `battles` more are fought (a pending one included). */
    const withBattles = (battles: number) => {
      // A battle not yet begun still needs its attack, whose step moves nobody and costs 1 AP
      // unless lowering may pay for it, or a free AP may (the "any action" reading).
      const attacks = rules.attackWithPips || rules.freeAp === 'any-action' ? 0 : battles - (st.phase === 'battle' ? 1 : 0);
      const total = (3 + lowers) * battles + free;
      if (theirs > 2 * battles + free || theirs > total) return Infinity;
      return attacks + Math.max(0, mine - Math.min((2 + lowers) * battles + free, total - theirs));
    };
    if (this.known) return withBattles(this.known.length - n.battle);
    if (this.most < Infinity) {
      // Open battles up to the cap: the cheapest number of them still to come.
      let lower = Infinity;
      for (let b = st.phase === 'battle' ? 1 : 0; b <= this.most - n.battle; b++) lower = Math.min(lower, withBattles(b));
      return lower;
    }
    // Open battles: each further one costs its attack's AP (unless lowering or a free AP may pay
    // for it) and gives the active side at most two pips or actions: AP >= battles and AP >= mine - 2 battles.
    if (rules.attackWithPips || rules.freeAp === 'any-action') return 0;
    const now = st.phase === 'battle' ? 2 : free;
    const battles = Math.max(0, Math.ceil((theirs - now) / 2));
    return Math.max(battles, Math.ceil(Math.max(0, mine - now) / 2));
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
    const root: Node = { state: this.root, g: 0, f: 0, depth: 0, battle: 0, focus: -1, asleep: 0, parent: null, moves: [], fight: null, theirs: this.theirsOf(this.root), finished: false, rest: 0 };
    const lower = this.h(root);
    root.f = this.weight * lower;
    return root.f < Infinity && lower <= this.bound ? root : null;
  }

  /** The child of `n` that `moves` lead to, or null where it is dearer than a way found before or than the turn can pay. */
  child(n: Node, state: HuhState, moves: HuhMove[], patch: Partial<Node>): Node | null {
    const c: Node = { state, g: this.start - state.ap, f: 0, depth: n.depth + 1, battle: n.battle, focus: n.focus, asleep: n.asleep, parent: n, moves, fight: null, theirs: n.theirs, finished: false, rest: 0, ...patch };
    if (c.g > this.bound) return null;
    const k = this.key(c);
    if ((this.best.get(k) ?? Infinity) <= c.g) return null;
    if (n.state.phase !== 'turn' || state.phase !== 'turn') c.theirs = this.theirsOf(state);
    const lower = this.h(c);
    if (lower === Infinity || c.g + lower > this.bound) return null;
    c.rest = this.rest(state);
    c.f = c.g + this.weight * lower;
    this.best.set(k, c.g);
    return c;
  }
}
