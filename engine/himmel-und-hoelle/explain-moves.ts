import { GOAL, isField, neighbours, type Place } from './board.ts';
import { canWin, playAll, raisesToMatch, resolveAs } from './explain-actions.ts';
import { completeByGoes, wayTo } from './explain-goes.ts';
import { sameSide } from './explain-pairing.ts';
import type { FightSeen, Node, SearchSpace } from './explain-space.ts';
import { apply, toMove, whyNot } from './rules.ts';
import { MAX_PIPS, defenderAt, dieAt, dieKey, type HuhMove, type HuhState } from './state.ts';

/**
 * The moves of the search behind `explain` (explain-search.ts): the nodes one node leads to.
 *
 * Canonical forms that keep the tree small without losing an explanation:
 * - A step is paid by lowering where the die can be lowered: lowering now and raising later costs
 *   the same AP as paying the step and ends on the same position.
 * - Raises wait for the end (one last action raises every die to its observed pips), except
 *   where the pips count now: before an attack (the battle's strength) and before a die steps into
 *   its goal (where it cannot be raised any more).
 * - A sleep set: dice move one after another, and a die that has stopped moving sleeps until
 *   another die steps into or out of a field next to it.
 */

type Push = (state: HuhState, moves: HuhMove[], patch: Partial<Node>) => void;

export function children(sp: SearchSpace, n: Node): Node[] {
  const st = n.state;
  const out: Node[] = [];
  const push: Push = (state, moves, patch) => {
    const c = sp.child(n, state, moves, patch);
    if (c) out.push(c);
  };
  if (st.phase === 'battle') {
    fight(sp, st, [], n, push);
    return out;
  }
  if (st.phase === 'free') {
    const free = (m: HuhMove) => {
      if (whyNot(st, m)) return;
      const next = apply(st, m);
      if (next.phase === 'battle') fight(sp, next, [m], n, push);
      else push(next, [m], { focus: -1, asleep: 0 });
    };
    st.dice.forEach((d, i) => {
      for (const to of neighbours(d.at, d.side, sp.rules)) free({ type: 'free-step', die: i, to });
      free({ type: 'free-raise', die: i });
    });
    free({ type: 'free-pass' });
    return out;
  }
  if (st.phase !== 'turn') return out;
  const { active, enemy, mineT, rules } = sp;
  // The rest in single goes along shortest ways, where nobody stands in the way: often the
  // whole stretch after the last battle at once (the last raises included).
  // The last action: every die raised to its observed pips, where each stands where it ends.
  if (sp.battlesDone(n) && sameSide(st.dice, sp.observed, enemy)) {
    const raises = raisesToMatch(st, mineT, (i) => st.dice[i].at !== GOAL[active]);
    const end = raises && playAll(st, raises);
    if (raises && end) push(end, raises, { finished: true });
    else if (n.focus < 0) {
      const goes = completeByGoes(st, mineT);
      const done = goes && playAll(st, goes);
      if (goes && done) push(done, goes, { finished: true, focus: -1, asleep: 0 });
    }
  }
  // The lazy search walks to the next battle in one go. With the cards known it does so until
  // the last battle and then searches the rest step by step; without them it never searches
  // single steps (their free lowering steps make a plateau the size of the board): after each
  // battle the rest is tried in single goes (above), else another battle.
  if (sp.lazy && (!sp.known || !sp.battlesDone(n))) {
    walkAndAttack(sp, st, n, push);
    return out;
  }
  const seen = new Set<string>();
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
      if (attack && n.battle >= sp.most && !rules.attackWithPips) continue;
      if (attack || to === GOAL[active]) {
        prefixed(sp, st, n, i, to, attack, asleep & ~(1 << i), push);
        continue;
      }
      if (sleeping) continue;
      const m: HuhMove = { type: 'step', die: i, to, pay: d.pips > 1 ? 'pip' : 'ap' };
      if (!whyNot(st, m)) push(apply(st, m), [m], { focus: i, asleep: sp.wake(st, asleep, d.at, to) });
    }
  });
  return out;
}

/**
 * A step where the pips count now (an attack, or into the goal), after 0 or more raises, paid
 * each way the rules allow. A step that ends the game brings the last raises of the other dice
 * before it.
 */
function prefixed(sp: SearchSpace, st: HuhState, n: Node, i: number, to: Place, attack: boolean, asleep: number, push: Push, before: HuhMove[] = []) {
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
      if (attack) fight(sp, next, moves, n, push);
      else if (next.phase === 'over') finish(sp, st, n, moves, push);
      else push(next, moves, { focus: i, asleep: sp.wake(st, asleep, d.at, to) });
    }
  }
}

/**
 * The lazy search's way to the next battle: one die walks in one go (a shortest way through
 * empty fields, lowering where it can) to a field next to an enemy die, and attacks it.
 */
function walkAndAttack(sp: SearchSpace, st: HuhState, n: Node, push: Push) {
  if (n.battle >= sp.most) return;
  const { active, enemy, rules } = sp;
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
        if (there) prefixed(sp, there, n, i, e.at, true, 0, push, walk);
      }
    }
  });
}

/** The step (after its raises) that ends the game, with the other dice raised to their observed pips first. */
function finish(sp: SearchSpace, st: HuhState, n: Node, last: HuhMove[], push: Push) {
  if (!sp.battlesDone(n)) return;
  const after = playAll(st, last)!;
  if (!sameSide(after.dice, sp.observed, sp.enemy)) return;
  const raises = raisesToMatch(after, sp.mineT, (j) => st.dice[j].at !== GOAL[sp.active]);
  if (!raises) return;
  const moves = [...raises, ...last];
  const end = playAll(st, moves);
  if (end) push(end, moves, { focus: -1, asleep: 0 });
}

/** A battle now pending in `st` (after `before` moves), decided by the cards entered or by either possible winner. */
function fight(sp: SearchSpace, st: HuhState, before: HuhMove[], n: Node, push: Push) {
  // The board may show the battle still pending (an attack paid by lowering shows, the cards
  // not yet chosen): then the turn ends here, and nothing asks for cards nobody played.
  if (sp.battlesDone(n) && sp.matches(st)) {
    push(st, before, { focus: -1, asleep: 0, finished: true });
    return;
  }
  // No battle beyond those entered, or beyond an open search's cap.
  if (n.battle >= sp.most) return;
  const b = st.battle!;
  const seen: FightSeen = { attacker: st.dice[b.attacker], defender: st.dice[b.defender], winner: 0 };
  const patch = { focus: -1, asleep: 0, battle: n.battle + 1 };
  const known = sp.known;
  const done = !known || n.battle + 1 === known.length;
  // Right after the cards, the winner's free AP still pending: the board cannot show it spent,
  // so the explanation ends with the cards (a forced free AP is not yet due, an optional one not
  // yet forfeited).
  const resolved = (x: HuhState, moves: HuhMove[], fought: FightSeen) =>
    push(x, moves, done && x.phase === 'free' && sp.matches(x) ? { ...patch, fight: fought, finished: true } : { ...patch, fight: fought });
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
