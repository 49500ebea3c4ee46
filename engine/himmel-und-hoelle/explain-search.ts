import { GOAL, isField, neighbours, type Place, type Side } from './board.ts';
import { canWin, playAll, raisesToMatch, resolveAs } from './explain-actions.ts';
import { completeByGoes, wayTo } from './explain-goes.ts';
import { N, PLACE_INDEX, distances, pairing, sameSide, walks } from './explain-pairing.ts';
import { Heap } from './explain-queue.ts';
import { apply, toMove, whyNot } from './rules.ts';
import { MAX_PIPS, defenderAt, dieAt, dieKey, other, type HuhDie, type HuhMove, type HuhState } from './state.ts';

/**
 * The search behind `explain`: which actions of the turn turn a state into the observed dice.
 *
 * A* over the turn's actions, cost = AP spent, lower bound from the cheapest pairing of dice to
 * observed dice (for one die, `steps + pips gained` is exactly its AP cost however the steps are
 * paid), less what the battles still to come can give for free. Positions are kept by their dice
 * (dice of a side look alike), so two orders of the same actions meet again.
 *
 * Partial-order reduction (a sleep set): dice move one after another, and a die that has stopped
 * moving sleeps until another die steps into or out of a field next to it. Only then can its next
 * action depend on what happened since it stopped; any other action of it could have been done
 * before, so that order is searched instead. This keeps the tree small and still finds a die that
 * steps aside and back to let another through.
 *
 * Battles: with the cards known (`cards`), each attack is resolved by them. Without (`open`), the
 * search lets either side win where the hands allow it and reports the battles it needed, so the
 * cards are asked for only where the board shows a battle.
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

interface Node {
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

export interface SearchResult {
  found: { moves: HuhMove[]; ap: number; fights: FightSeen[]; end: HuhState; signature: string }[];
  /** The search ran out of positions before it could say there is no explanation. */
  limitHit: boolean;
  expanded: number;
}

/** Positions the search may expand before it gives up and says so. */
export const EXPANSION_LIMIT = 60_000;
/** Extra positions looked at after the first explanation, for equally cheap alternatives. */
const ALTERNATIVES_BUDGET = 150;
const MAX_FOUND = 50;

/**
 * The cheapest action sequences from `s` to the observed dice (both sides), ending with the turn
 * still running (or the game over), every battle of `plan` fought.
 *
 * Canonical forms that keep the tree small without losing an explanation:
 * - A step is paid by lowering where the die can be lowered: lowering now and raising later costs
 *   the same AP as paying the step and ends on the same position.
 * - Raises wait for the end (one last action raises every die to its observed pips), except
 *   where the pips count now: before an attack (the battle's strength) and before a die steps into
 *   its goal (where it cannot be raised any more).
 *
 * With `weight` above 1 the search is greedy (weighted A*): it finds an explanation fast but not
 * always the cheapest.
 */
export function searchTurn(
  s: HuhState,
  observed: readonly HuhDie[],
  plan: BattlePlan,
  opts: { limit?: number; weight?: number; bound?: number; lazy?: boolean } = {},
): SearchResult {
  const lazy = opts.lazy ?? false;
  const limit = opts.limit ?? EXPANSION_LIMIT;
  const weight = opts.weight ?? 1;
  // No explanation spends more AP than the turn has left: a lower bound beyond that prunes.
  const bound = Math.min(opts.bound ?? Infinity, s.ap);
  const active = s.active;
  const enemy = other(active);
  const rules = s.rules;
  const mineT = observed.filter((d) => d.side === active);
  const theirsT = observed.filter((d) => d.side === enemy);
  const start = s.ap;
  const known = plan.kind === 'cards' ? plan.cards : null;
  // How many battles the search may fight in all: those entered, or the cap of an open search.
  const most = plan.kind === 'cards' ? plan.cards.length : (plan.most ?? Infinity);

  const mineDist = distances(active, rules);
  const theirDist = distances(enemy, rules);
  const at = (p: Place) => PLACE_INDEX.get(p)!;
  const targetAt = new Map<HuhDie, number>(observed.map((t) => [t, at(t.at)]));
  const mineWalks = walks(active, rules);
  // Exact for one die on an empty board: its walk's steps, each paid by an AP or a pip, plus the pips it gains.
  const activeCost = (d: HuhDie, t: HuhDie) => {
    const steps = mineWalks[(at(d.at) * N + targetAt.get(t)!) * MAX_PIPS + Math.max(0, d.pips - t.pips)];
    return steps === Infinity ? Infinity : steps + t.pips - d.pips;
  };
  const enemyCost = (d: HuhDie, t: HuhDie) => {
    if (d.at === t.at) return Math.abs(t.pips - d.pips);
    // A free AP moves an enemy die one step at a time.
    return theirDist[at(d.at) * N + targetAt.get(t)!] + Math.abs(t.pips - d.pips);
  };
  const theirsOf = (st: HuhState) => pairing(st.dice, enemy, theirsT, enemyCost);

  /** Steps to the nearest observed place of its side, summed over the active dice. */
  const rest = (st: HuhState) => {
    let sum = 0;
    for (const d of st.dice) {
      if (d.side !== active) continue;
      let near = Infinity;
      for (const t of mineT) near = Math.min(near, mineDist[at(d.at) * N + at(t.at)]);
      sum += near;
    }
    return sum;
  };

  /** A lower bound on the AP still to spend. */
  const h = (n: Node): number => {
    const st = n.state;
    if (n.finished) return 0;
    const theirs = n.theirs;
    const mine = pairing(st.dice, active, mineT, activeCost);
    if (theirs === Infinity || mine === Infinity) return Infinity;
    // What is still to come for free: each battle moves the attacker and the defender one pip and
    // gives one free action to either side; a free AP now pending gives one action.
    const free = st.phase === 'free' ? 1 : 0;
    /** The bound where exactly `battles` more are fought (a pending one included). */
    const withBattles = (battles: number) => {
      // A battle not yet begun still needs its attack, whose step moves nobody and costs 1 AP
      // unless lowering may pay for it, or a free AP may (the "any action" reading).
      const attacks = rules.attackWithPips || rules.freeAp === 'any-action' ? 0 : battles - (st.phase === 'battle' ? 1 : 0);
      const total = 3 * battles + free;
      if (theirs > 2 * battles + free || theirs > total) return Infinity;
      return attacks + Math.max(0, mine - Math.min(2 * battles + free, total - theirs));
    };
    if (known) return withBattles(known.length - n.battle);
    if (most < Infinity) {
      // Open battles up to the cap: the cheapest number of them still to come.
      let lower = Infinity;
      for (let b = st.phase === 'battle' ? 1 : 0; b <= most - n.battle; b++) lower = Math.min(lower, withBattles(b));
      return lower;
    }
    // Open battles: each further one costs its attack's AP (unless lowering or a free AP may pay
    // for it) and gives the active side at most two pips or actions: AP >= battles and AP >= mine - 2 battles.
    if (rules.attackWithPips || rules.freeAp === 'any-action') return 0;
    const now = st.phase === 'battle' ? 2 : free;
    const battles = Math.max(0, Math.ceil((theirs - now) / 2));
    return Math.max(battles, Math.ceil(Math.max(0, mine - now) / 2));
  };

  // AP left is not part of a position's key: the cheaper way there (more AP left) wins.
  const key = (n: Node) => {
    const st = n.state;
    const b = st.battle ? `${dieKey(st.dice[st.battle.attacker])}>${dieKey(st.dice[st.battle.defender])}${st.battle.cards.join()}` : '';
    // Each die as one number (side, place, pips, mark), sorted: dice of a side look alike.
    const dice = st.dice.map((d, i) => ((d.side * N + at(d.at)) * 8 + d.pips) * 3 + (n.focus === i ? 1 : n.asleep & (1 << i) ? 2 : 0)).sort((x, y) => x - y);
    return `${n.finished ? '!' : ''}${st.phase}/${n.battle}/${st.free}/${b}/${dice.join(',')}`;
  };

  const matches = (st: HuhState) => sameSide(st.dice, observed, 0) && sameSide(st.dice, observed, 1);
  const battlesDone = (n: Node) => !known || n.battle === known.length;
  const isGoal = (n: Node) => n.finished || (n.state.phase === 'over' && battlesDone(n) && matches(n.state));

  /** Another die stepping from `a` to `b` wakes a sleeping die next to either field. */
  const wake = (st: HuhState, asleep: number, a: Place, b: Place) => {
    let out = asleep;
    for (let j = 0; out && j < st.dice.length; j++) {
      if (!(out & (1 << j))) continue;
      const near = neighbours(st.dice[j].at, st.dice[j].side, rules);
      if (near.includes(a) || near.includes(b)) out &= ~(1 << j);
    }
    return out;
  };

  const best = new Map<string, number>();
  const children = (n: Node): Node[] => {
    const st = n.state;
    const out: Node[] = [];
    const push = (state: HuhState, moves: HuhMove[], patch: Partial<Node>) => {
      const c: Node = { state, g: start - state.ap, f: 0, depth: n.depth + 1, battle: n.battle, focus: n.focus, asleep: n.asleep, parent: n, moves, fight: null, theirs: n.theirs, finished: false, rest: 0, ...patch };
      if (c.g > bound) return;
      const k = key(c);
      if ((best.get(k) ?? Infinity) <= c.g) return;
      if (st.phase !== 'turn' || state.phase !== 'turn') c.theirs = theirsOf(state);
      const lower = h(c);
      if (lower === Infinity || c.g + lower > bound) return;
      c.rest = rest(state);
      c.f = c.g + weight * lower;
      best.set(k, c.g);
      out.push(c);
    };
    if (st.phase === 'battle') {
      fight(st, [], n, push);
      return out;
    }
    if (st.phase === 'free') {
      const free = (m: HuhMove) => {
        if (whyNot(st, m)) return;
        const next = apply(st, m);
        if (next.phase === 'battle') fight(next, [m], n, push);
        else push(next, [m], { focus: -1, asleep: 0 });
      };
      st.dice.forEach((d, i) => {
        for (const to of neighbours(d.at, d.side, rules)) free({ type: 'free-step', die: i, to });
        free({ type: 'free-raise', die: i });
      });
      free({ type: 'free-pass' });
      return out;
    }
    if (st.phase !== 'turn') return out;
    // The rest in single goes along shortest ways, where nobody stands in the way: often the
    // whole stretch after the last battle at once (the last raises included).
    // The last action: every die raised to its observed pips, where each stands where it ends.
    if (battlesDone(n) && sameSide(st.dice, observed, enemy)) {
      const raises = raisesToMatch(st, mineT, (i) => st.dice[i].at !== GOAL[active]);
      const end = raises && playAll(st, raises);
      if (raises && end) push(end, raises, { finished: true });
      else if (n.focus < 0) {
        const goes = completeByGoes(st, mineT);
        const done = goes && playAll(st, goes);
        if (goes && done) push(done, goes, { finished: true, focus: -1, asleep: 0 });
      }
    }
    const seen = new Set<string>();
    // The lazy search walks to the next battle in one go. With the cards known it does so until
    // the last battle and then searches the rest step by step; without them it never searches
    // single steps (their free lowering steps make a plateau the size of the board): after each
    // battle the rest is tried in single goes (above), else another battle.
    if (lazy && (!known || !battlesDone(n))) {
      walkAndAttack(st, n, push);
      return out;
    }
    // Dice offered before as siblings sleep in the branches of the dice after them: an order of
    // two independent goes is searched once, lower die first.
    let earlier = 0;
    st.dice.forEach((d, i) => {
      if (d.side !== active) return;
      // A sleeping die may still attack or step into its goal: a battle (and its free AP) or the
      // end of the game changes what every other die can do, so such a step commutes with nothing.
      const sleeping = (n.asleep & (1 << i)) !== 0;
      const kind = `${dieKey(d)}${n.focus === i}${sleeping}`;
      if (seen.has(kind)) return;
      seen.add(kind);
      // Moving another die puts the one that moved before to sleep.
      const asleep = n.focus === i ? n.asleep : n.asleep | earlier | (n.focus >= 0 ? 1 << n.focus : 0);
      if (n.focus !== i && !sleeping) earlier |= 1 << i;
      for (const to of neighbours(d.at, d.side, rules)) {
        const attack = defenderAt(st, to, enemy) >= 0;
        // Beyond the battles allowed, an attack only where its battle may stay pending on the
        // board seen (an attack paid by lowering shows; one paid by an AP does not).
        if (attack && n.battle >= most && !rules.attackWithPips) continue;
        if (attack || to === GOAL[active]) {
          prefixed(st, n, i, to, attack, asleep & ~(1 << i), push);
          continue;
        }
        if (sleeping) continue;
        const m: HuhMove = { type: 'step', die: i, to, pay: d.pips > 1 ? 'pip' : 'ap' };
        if (!whyNot(st, m)) push(apply(st, m), [m], { focus: i, asleep: wake(st, asleep, d.at, to) });
      }
    });
    return out;
  };

  /**
   * A step where the pips count now (an attack, or into the goal), after 0 or more raises, paid
   * each way the rules allow. A step that ends the game brings the last raises of the other dice
   * before it.
   */
  function prefixed(st: HuhState, n: Node, i: number, to: Place, attack: boolean, asleep: number, push: (s: HuhState, m: HuhMove[], p: Partial<Node>) => void, before: HuhMove[] = []) {
    const d = st.dice[i];
    for (let r = 0; d.pips + r <= MAX_PIPS; r++) {
      const raises = Array.from({ length: r }, (): HuhMove => ({ type: 'raise', die: i }));
      const raised = playAll(st, raises);
      if (!raised) break;
      for (const pay of ['pip', 'ap'] as const) {
        const m: HuhMove = { type: 'step', die: i, to, pay };
        if (whyNot(raised, m)) continue;
        const next = apply(raised, m);
        const moves = [...before, ...raises, m];
        if (attack) fight(next, moves, n, push);
        else if (next.phase === 'over') finish(st, n, moves, push);
        else push(next, moves, { focus: i, asleep: wake(st, asleep, d.at, to) });
      }
    }
  }

  /**
   * The lazy search's way to the next battle: one die walks in one go (a shortest way through
   * empty fields, lowering where it can) to a field next to an enemy die, and attacks it.
   */
  function walkAndAttack(st: HuhState, n: Node, push: (s: HuhState, m: HuhMove[], p: Partial<Node>) => void) {
    if (n.battle >= most) return;
    const seen = new Set<string>();
    st.dice.forEach((d, i) => {
      if (d.side !== active || d.at === GOAL[active]) return;
      const kind = dieKey(d);
      if (seen.has(kind)) return;
      seen.add(kind);
      for (const e of st.dice) {
        if (e.side !== enemy || !isField(e.at) || defenderAt(st, e.at, enemy) < 0) continue;
        for (const x of neighbours(e.at, active, rules)) {
          if (!isField(x) || !neighbours(x, active, rules).includes(e.at)) continue;
          if (x !== d.at && dieAt(st, x) >= 0) continue;
          const path = x === d.at ? [] : wayTo(st, i, x, 0);
          if (!path) continue;
          const walk = path.map((to): Extract<HuhMove, { type: 'step' }> => ({ type: 'step', die: i, to, pay: 'pip' }));
          let there: HuhState | null = st;
          for (const [k, m] of walk.entries()) {
            const paid: Extract<HuhMove, { type: 'step' }> = there!.dice[i].pips > 1 ? m : { ...m, pay: 'ap' };
            walk[k] = paid;
            there = whyNot(there!, paid) ? null : apply(there!, paid);
            if (!there) break;
          }
          if (there) prefixed(there, n, i, e.at, true, 0, push, walk);
        }
      }
    });
  }

  /** The step (after its raises) that ends the game, with the other dice raised to their observed pips first. */
  function finish(st: HuhState, n: Node, last: HuhMove[], push: (s: HuhState, m: HuhMove[], p: Partial<Node>) => void) {
    if (!battlesDone(n)) return;
    const after = playAll(st, last)!;
    if (!sameSide(after.dice, observed, enemy)) return;
    const raises = raisesToMatch(after, mineT, (j) => st.dice[j].at !== GOAL[active]);
    if (!raises) return;
    const moves = [...raises, ...last];
    const end = playAll(st, moves);
    if (end) push(end, moves, { focus: -1, asleep: 0 });
  }

  /** A battle now pending in `st` (after `before` moves), decided by the cards entered or by either possible winner. */
  function fight(st: HuhState, before: HuhMove[], n: Node, push: (s: HuhState, m: HuhMove[], p: Partial<Node>) => void) {
    // The board may show the battle still pending (an attack paid by lowering shows, the cards
    // not yet chosen): then the turn ends here, and nothing asks for cards nobody played.
    if (battlesDone(n) && matches(st)) {
      push(st, before, { focus: -1, asleep: 0, finished: true });
      return;
    }
    // No battle beyond those entered, or beyond an open search's cap.
    if (n.battle >= most) return;
    const b = st.battle!;
    const seen: FightSeen = { attacker: st.dice[b.attacker], defender: st.dice[b.defender], winner: 0 };
    const patch = { focus: -1, asleep: 0, battle: n.battle + 1 };
    const done = !known || n.battle + 1 === known.length;
    // Right after the cards, the winner's free AP still pending: the board cannot show it spent,
    // so the explanation ends with the cards (a forced free AP is not yet due, an optional one not
    // yet forfeited).
    const resolved = (x: HuhState, moves: HuhMove[], fought: FightSeen) =>
      push(x, moves, done && x.phase === 'free' && matches(x) ? { ...patch, fight: fought, finished: true } : { ...patch, fight: fought });
    if (known) {
      const cards = known[n.battle];
      let x = st;
      const moves = [...before];
      while (x.phase === 'battle') {
        const m: HuhMove = x.view === 'referee' ? { type: 'cards', cards } : { type: 'card', card: cards[toMove(x)!] };
        if (whyNot(x, m)) return;
        moves.push(m);
        x = apply(x, m);
      }
      resolved(x, moves, { ...seen, winner: x.free! });
      return;
    }
    for (const winner of [0, 1] as const) if (canWin(st, winner)) resolved(resolveAs(st, winner), before, { ...seen, winner });
  }

  const root: Node = { state: s, g: 0, f: 0, depth: 0, battle: 0, focus: -1, asleep: 0, parent: null, moves: [], fight: null, theirs: theirsOf(s), finished: false, rest: 0 };
  root.f = weight * h(root);
  const heap = new Heap<Node>(weight > 1);
  const goals: Node[] = [];
  let expanded = 0;
  let extra = 0;
  if (root.f < Infinity && h(root) <= bound) heap.push(root);
  while (heap.size > 0 && expanded < limit) {
    if (goals.length > 0 && (heap.peek()!.f > goals[0].g || extra++ > ALTERNATIVES_BUDGET || weight > 1)) break;
    const n = heap.pop()!;
    if (!n.finished && (best.get(key(n)) ?? Infinity) < n.g) continue;
    if (isGoal(n)) {
      goals.push(n);
      if (goals.length >= MAX_FOUND) break;
      continue;
    }
    expanded++;
    for (const c of children(n)) heap.push(c);
  }
  return {
    found: goals.map((n) => ({ moves: movesOf(n), ap: n.g, fights: fightsOf(n), end: n.state, signature: signature(s, n) })),
    limitHit: goals.length === 0 && heap.size > 0,
    expanded,
  };
}

function movesOf(n: Node): HuhMove[] {
  const out: HuhMove[][] = [];
  for (let m: Node | null = n; m; m = m.parent) out.push(m.moves);
  return out.reverse().flat();
}

function fightsOf(n: Node): FightSeen[] {
  const out: FightSeen[] = [];
  for (let m: Node | null = n; m; m = m.parent) if (m.fight) out.push(m.fight);
  return out.reverse();
}

/** What an explanation does, up to the order of its actions and the paths walked. */
function signature(s: HuhState, n: Node): string {
  const parts = n.state.dice.map((d, i) => `${dieKey(s.dice[i])}>${d.at}|${d.pips}`).sort();
  const fights = fightsOf(n).map((f) => `${dieKey(f.attacker)}x${dieKey(f.defender)}>${f.winner}`);
  return parts.join(',') + '/' + fights.join(',');
}
