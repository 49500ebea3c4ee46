import type { Text } from '../core/contract.ts';
import { GOAL, SIDE_NAME, START, distance, isField, neighbours, placeName, type Place, type Side } from './board.ts';
import type { HuhObservation } from './parse.ts';
import { apply, toMove, whyNot } from './rules.ts';
import { DICE_PER_SIDE, dieAt, other, type HuhDie, type HuhMove, type HuhState } from './state.ts';

export type HuhExplanation =
  | {
      legal: true;
      unchanged: boolean;
      moves: HuhMove[];
      /** AP the cheapest explanation spends. */
      ap: number;
      /** Other, equally cheap explanations that move different dice or fight other battles. */
      alternatives: HuhMove[][];
      note?: Text;
    }
  | { legal: false; code: string; reason: Text };

/** How many search nodes explain may expand before it gives up and says so. */
const EXPANSION_LIMIT = 60_000;
const MAX_ALTERNATIVES = 5;

const refuse = (code: string, de: string, en: string): HuhExplanation => ({ legal: false, code, reason: { de, en } });
const dieKey = (d: HuhDie) => `${d.side}|${d.at}|${d.pips}`;
const dieText = (d: HuhDie): Text => {
  const p = placeName(d.at);
  const side = SIDE_NAME[d.side];
  return { de: `${side.de}-Würfel ${p.de} (${d.pips})`, en: `${side.en} die ${p.en} (${d.pips})` };
};

function counts(dice: readonly HuhDie[], side: Side): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of dice) if (d.side === side) m.set(dieKey(d), (m.get(dieKey(d)) ?? 0) + 1);
  return m;
}

function sameDice(a: readonly HuhDie[], b: readonly HuhDie[], side: Side): boolean {
  const ca = counts(a, side);
  const cb = counts(b, side);
  return ca.size === cb.size && [...ca].every(([k, n]) => cb.get(k) === n);
}

/** Dice of `side` in `a` that `b` lacks (multiset difference). */
function missing(a: readonly HuhDie[], b: readonly HuhDie[], side: Side): HuhDie[] {
  const left = counts(b, side);
  const out: HuhDie[] = [];
  for (const d of a) {
    if (d.side !== side) continue;
    const n = left.get(dieKey(d)) ?? 0;
    if (n > 0) left.set(dieKey(d), n - 1);
    else out.push(d);
  }
  return out;
}

/** Checks that need no search: the observation must be a position of this game at all. */
function precheck(s: HuhState, obs: HuhObservation): HuhExplanation | null {
  for (const side of [0, 1] as const) {
    const n = obs.dice.filter((d) => d.side === side).length;
    if (n !== DICE_PER_SIDE) {
      const name = SIDE_NAME[side];
      return refuse('dice-count', `${name.de} hat ${n} Würfel, es müssen immer ${DICE_PER_SIDE} sein.`, `${name.en} has ${n} dice; there are always ${DICE_PER_SIDE}.`);
    }
  }
  for (const f of new Set(obs.dice.filter((d) => isField(d.at)).map((d) => d.at))) {
    const here = obs.dice.filter((d) => d.at === f);
    if (here.length < 2) continue;
    if (here[0].side === here[1].side) {
      return refuse('own-die', `Auf ${f} stehen zwei eigene Würfel: ein Feld hält nur einen Würfel.`, `${f} holds two dice of one side: a field holds one die.`);
    }
    return refuse(
      'enemy-field',
      `Auf ${f} stehen Würfel beider Seiten: ein Angreifer zieht nie auf das Feld des Gegners, er bleibt stehen.`,
      `${f} holds dice of both sides: an attacker never enters the enemy's field, it stays where it was.`,
    );
  }
  for (const side of [0, 1] as const) {
    const name = SIDE_NAME[side];
    if (s.rules.goalFinal) {
      const gone = missing(
        s.dice.filter((d) => d.at === GOAL[side]),
        obs.dice,
        side,
      );
      if (gone.length > 0) {
        return refuse('left-goal', `Ein ${name.de}-Würfel im Ziel hat sich verändert: Würfel im Ziel sind aus dem Spiel.`, `A ${name.en} die in the goal changed: dice in the goal are out of play.`);
      }
    }
    const before = s.dice.filter((d) => d.side === side && d.at === START[side]).length;
    const after = obs.dice.filter((d) => d.side === side && d.at === START[side]).length;
    if (after > before && !s.rules.returnToStart) {
      return refuse('own-start', `Ein ${name.de}-Würfel ist in den eigenen Startbereich zurückgekehrt; das ist nie erlaubt.`, `A ${name.en} die went back into its own start area, which is never allowed.`);
    }
  }
  const battles = obs.battles?.length ?? 0;
  if (battles === 0 && s.phase === 'turn') {
    const enemy = other(s.active);
    const changed = missing(s.dice, obs.dice, enemy);
    if (changed.length > 0) {
      const t = dieText(changed[0]);
      return refuse(
        'enemy-changed',
        `${t.de} hat sich verändert, aber kein Kampf wurde eingegeben: gegnerische Würfel ändern sich nur durch einen Kampf und den freien AP des Siegers.`,
        `${t.en} changed, but no battle was entered: enemy dice change only by a battle and the winner's free AP.`,
      );
    }
  }
  return null;
}

interface Node {
  state: HuhState;
  /** AP spent so far. */
  g: number;
  f: number;
  /** Dice that have finished moving in this stretch between battles: each die moves in one go. */
  done: number;
  focus: number;
  battle: number;
  parent: Node | null;
  move: HuhMove | null;
}

class Heap {
  private items: Node[] = [];
  get size() {
    return this.items.length;
  }
  private less(a: Node, b: Node) {
    return a.f < b.f || (a.f === b.f && a.g > b.g);
  }
  push(n: Node) {
    const h = this.items;
    h.push(n);
    for (let i = h.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }
  peek(): Node | undefined {
    return this.items[0];
  }
  pop(): Node | undefined {
    const h = this.items;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l], h[m])) m = l;
        if (r < h.length && this.less(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}

/**
 * Searches the turn's actions for sequences that turn `s` into the observed position, cheapest
 * in AP first (A* with a lower bound that ignores other dice). To keep the tree small, dice move
 * one after another, each in one go, between battles; a battle (with the observation's cards) and
 * its free AP may come anywhere.
 */
function search(s: HuhState, obs: HuhObservation) {
  const battles = obs.battles ?? [];
  const active = s.active;
  const targets = obs.dice.filter((d) => d.side === active);
  const start = s.ap;

  const h = (n: Node): number => {
    const st = n.state;
    const slack = battles.length - n.battle + (st.phase === 'turn' ? 0 : 1);
    if (slack === 0 && !sameDice(st.dice, obs.dice, other(active))) return Infinity;
    // Each die ends on its own observed die: the cheapest pairing (a DP over subsets of targets)
    // bounds the AP still needed, less what the remaining battles could give for free.
    const mine = st.dice.map((d, i) => [d, i] as const).filter(([d]) => d.side === active);
    const pair = (d: HuhDie, i: number, t: HuhDie) => {
      if (n.done & (1 << i) && slack === 0) return dieKey(d) === dieKey(t) ? 0 : Infinity;
      const steps = distance(active, d.at, t.at, st.rules);
      return steps === Infinity ? Infinity : Math.max(0, steps + t.pips - d.pips);
    };
    let row = new Map<number, number>([[0, 0]]);
    for (const [d, i] of mine) {
      const next = new Map<number, number>();
      for (const [mask, c] of row) {
        targets.forEach((t, j) => {
          if (mask & (1 << j)) return;
          const v = c + pair(d, i, t);
          const m = mask | (1 << j);
          if (v < (next.get(m) ?? Infinity)) next.set(m, v);
        });
      }
      row = next;
    }
    const sum = Math.min(...row.values());
    return Math.max(0, sum - 2 * slack);
  };
  const key = (n: Node) =>
    `${n.state.phase}/${n.state.ap}/${n.battle}/${n.state.free}/${JSON.stringify(n.state.battle)}/` +
    n.state.dice
      .map((d, i) => `${dieKey(d)}${n.focus === i ? 'f' : n.done & (1 << i) ? 'd' : ''}`)
      .sort()
      .join(',');
  const isGoal = (n: Node) =>
    n.state.phase === 'turn' && n.battle === battles.length && sameDice(n.state.dice, obs.dice, 0) && sameDice(n.state.dice, obs.dice, 1);

  const children = (n: Node): Node[] => {
    const st = n.state;
    const out: Node[] = [];
    const child = (move: HuhMove, patch: Partial<Node>) => {
      if (whyNot(st, move)) return;
      const state = apply(st, move);
      const c: Node = { state, g: start - state.ap, f: 0, done: n.done, focus: n.focus, battle: n.battle, parent: n, move, ...patch };
      c.f = c.g + h(c);
      if (c.f < Infinity) out.push(c);
    };
    if (st.phase === 'battle') {
      const seat = toMove(st)!;
      child({ type: 'card', card: battles[n.battle - 1].cards[seat] }, {});
      return out;
    }
    if (st.phase === 'free') {
      st.dice.forEach((d, i) => {
        for (const to of neighbours(d.at, d.side, st.rules)) if (isField(to)) child({ type: 'free-step', die: i, to }, { done: 0, focus: -1 });
        child({ type: 'free-raise', die: i }, { done: 0, focus: -1 });
      });
      child({ type: 'free-pass' }, { done: 0, focus: -1 });
      return out;
    }
    if (st.phase !== 'turn') return out;
    const seen = new Set<string>();
    st.dice.forEach((d, i) => {
      if (d.side !== active || n.done & (1 << i)) return;
      const kind = `${dieKey(d)}${n.focus === i}`;
      if (seen.has(kind)) return;
      seen.add(kind);
      const done = n.focus >= 0 && n.focus !== i ? n.done | (1 << n.focus) : n.done;
      for (const to of neighbours(d.at, d.side, st.rules)) {
        const enemy = isField(to) ? dieAt(st, to) : -1;
        const attack = enemy >= 0 && st.dice[enemy].side !== active;
        if (attack && n.battle >= battles.length) continue;
        const patch = attack ? { done: 0, focus: -1, battle: n.battle + 1 } : { done, focus: i };
        child({ type: 'step', die: i, to, pay: 'pip' }, patch);
        child({ type: 'step', die: i, to, pay: 'ap' }, patch);
      }
      child({ type: 'raise', die: i }, { done, focus: i });
    });
    return out;
  };

  const root: Node = { state: s, g: 0, f: 0, done: 0, focus: -1, battle: 0, parent: null, move: null };
  root.f = h(root);
  const heap = new Heap();
  const best = new Map<string, number>();
  heap.push(root);
  const found: Node[] = [];
  let expanded = 0;
  while (heap.size > 0 && expanded < EXPANSION_LIMIT) {
    if (found.length > 0 && heap.peek()!.f > found[0].g) break;
    const n = heap.pop()!;
    const k = key(n);
    if ((best.get(k) ?? Infinity) < n.g) continue;
    if (isGoal(n)) {
      found.push(n);
      if (found.length > 50) break;
      continue;
    }
    expanded++;
    for (const c of children(n)) {
      const ck = key(c);
      if ((best.get(ck) ?? Infinity) <= c.g) continue;
      best.set(ck, c.g);
      heap.push(c);
    }
  }
  return { found, exhausted: heap.size === 0 || found.length > 0, expanded };
}

function movesOf(n: Node): HuhMove[] {
  const out: HuhMove[] = [];
  for (let m: Node | null = n; m?.move; m = m.parent) out.push(m.move);
  return out.reverse();
}

/** What an explanation does, up to the order of its actions and the paths walked. */
function signature(s: HuhState, n: Node): string {
  const parts = n.state.dice.map((d, i) => `${dieKey(s.dice[i])}>${d.at}|${d.pips}`).sort();
  const fights: string[] = [];
  for (let m: Node | null = n; m?.move; m = m.parent) {
    if (m.state.phase === 'battle' && m.parent?.state.phase === 'turn') {
      fights.push(`${dieKey(m.parent.state.dice[m.state.battle!.attacker])}x${dieKey(m.parent.state.dice[m.state.battle!.defender])}`);
    }
  }
  return parts.join(',') + '/' + fights.reverse().join(',');
}

/** Why no search result exists, naming the die and the rule: the best pairing of moved dice. */
function diagnose(s: HuhState, obs: HuhObservation, limitHit: boolean): HuhExplanation {
  const side = s.active;
  const from = missing(s.dice, obs.dice, side);
  const to = missing(obs.dice, s.dice, side);
  const cost = (a: HuhDie, b: HuhDie) => distance(side, a.at, b.at, s.rules) + b.pips - a.pips;
  let bestPerm: number[] = [];
  let bestCost = Infinity;
  const permute = (rest: number[], acc: number[]) => {
    if (rest.length === 0) {
      const c = acc.reduce((sum, j, i) => sum + Math.max(0, cost(from[i], to[j])), 0);
      if (c < bestCost || bestPerm.length === 0) [bestCost, bestPerm] = [c, acc];
      return;
    }
    rest.forEach((j, k) => permute([...rest.slice(0, k), ...rest.slice(k + 1)], [...acc, j]));
  };
  permute(
    to.map((_, j) => j),
    [],
  );
  const apText = { de: `${s.ap} AP`, en: `${s.ap} AP` };
  const items: string[][] = [];
  for (let i = 0; i < from.length; i++) {
    const a = from[i];
    const b = to[bestPerm[i]];
    const steps = distance(side, a.at, b.at, s.rules);
    const at = dieText(a);
    const there = placeName(b.at);
    if (steps === Infinity) {
      return refuse('unreachable', `${at.de} kann ${there.de} nie erreichen.`, `${at.en} can never reach ${there.en}.`);
    }
    if (steps > s.ap + a.pips - 1) {
      return refuse(
        'too-far',
        `${at.de} ist ${steps} Felder von ${there.de} entfernt; mit ${apText.de} und ${a.pips - 1} Augen zum Senken kommt er höchstens ${s.ap + a.pips - 1} Felder weit.`,
        `${at.en} is ${steps} fields from ${there.en}; with ${apText.en} and ${a.pips - 1} pips to lower it goes at most ${s.ap + a.pips - 1} fields.`,
      );
    }
    const c = cost(a, b);
    if (c > s.ap) {
      return refuse(
        'too-many-ap',
        `${at.de} nach ${there.de} mit ${b.pips} Augen kostet ${c} AP (${steps} Felder, Augen ${a.pips}→${b.pips}), der Zug hat ${apText.de}.`,
        `${at.en} to ${there.en} showing ${b.pips} costs ${c} AP (${steps} fields, pips ${a.pips}→${b.pips}); the turn has ${apText.en}.`,
      );
    }
    items.push([`${at.de} → ${there.de}: ${Math.max(0, c)} AP`, `${at.en} → ${there.en}: ${Math.max(0, c)} AP`]);
  }
  if (bestCost > s.ap) {
    return refuse(
      'too-many-ap',
      `Zusammen kosten die Änderungen ${bestCost} AP, der Zug hat ${apText.de}: ${items.map((x) => x[0]).join('; ')}.`,
      `Together the changes cost ${bestCost} AP; the turn has ${apText.en}: ${items.map((x) => x[1]).join('; ')}.`,
    );
  }
  for (let i = 0; i < from.length; i++) {
    const a = from[i];
    const b = to[bestPerm[i]];
    const steps = distance(side, a.at, b.at, s.rules);
    const blocker = s.dice.find(
      (d) => isField(d.at) && d.at !== a.at && d.at !== b.at && distance(side, a.at, d.at, s.rules) + distance(side, d.at, b.at, s.rules) === steps,
    );
    if (blocker && (obs.battles?.length ?? 0) === 0) {
      const at = dieText(a);
      const bl = dieText(blocker);
      const there = placeName(b.at);
      return refuse(
        'through-a-die',
        `${at.de} kommt nicht nach ${there.de}: der Weg führt über ${bl.de}, und ein Würfel zieht nie über einen anderen; ein Umweg passt nicht in ${apText.de}.`,
        `${at.en} cannot get to ${there.en}: the way passes ${bl.en}, a die never moves through another, and no way round fits ${apText.en}.`,
      );
    }
  }
  if (limitHit) {
    return refuse('search-limit', 'Die Suche nach einer Zugfolge war zu groß; bitte in Schritten eingeben.', 'The search for an action sequence grew too large; please enter the turn in steps.');
  }
  const n = obs.battles?.length ?? 0;
  return refuse(
    'no-sequence',
    `Keine Folge von Aktionen mit ${apText.de}${n ? ` und ${n} Kampf/Kämpfen mit den eingegebenen Karten` : ''} ergibt diese Stellung.`,
    `No sequence of actions within ${apText.en}${n ? ` and ${n} battle(s) with the cards entered` : ''} gives this position.`,
  );
}

/** The cheapest action sequences within the turn's AP that turn `s` into the observed position. */
export function explain(s: HuhState, obs: HuhObservation): HuhExplanation {
  if (s.phase === 'over') return refuse('game-over', 'Das Spiel ist schon zu Ende.', 'The game is already over.');
  if (s.phase === 'setup') return refuse('setup', 'Erst die Startwerte setzen.', 'Set the start values first.');
  const pre = precheck(s, obs);
  if (pre) return pre;
  if ((obs.battles?.length ?? 0) === 0 && s.phase === 'turn' && sameDice(s.dice, obs.dice, 0) && sameDice(s.dice, obs.dice, 1)) {
    return { legal: true, unchanged: true, moves: [], ap: 0, alternatives: [] };
  }
  const { found, exhausted } = search(s, obs);
  if (found.length === 0) return diagnose(s, obs, !exhausted);
  const bySignature = new Map<string, Node>();
  for (const n of found) if (!bySignature.has(signature(s, n))) bySignature.set(signature(s, n), n);
  const [first, ...rest] = [...bySignature.values()];
  const alternatives = rest.slice(0, MAX_ALTERNATIVES).map(movesOf);
  return {
    legal: true,
    unchanged: false,
    moves: movesOf(first),
    ap: first.g,
    alternatives,
    ...(alternatives.length > 0
      ? {
          note: {
            de: `${alternatives.length + 1} gleich günstige Erklärungen (${first.g} AP); die Würfel sind gleich, also zählt jede.`,
            en: `${alternatives.length + 1} equally cheap explanations (${first.g} AP); the dice look alike, so any of them holds.`,
          },
        }
      : {}),
  };
}

