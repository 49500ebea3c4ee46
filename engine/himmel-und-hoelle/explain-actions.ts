import type { Side } from './board.ts';
import { apply, battleWinner, legalCards, whyNot } from './rules.ts';
import { MAX_PIPS, other, sideOfDie, type HuhDie, type HuhMove, type HuhState } from './state.ts';

/** What the search (explain-search.ts) does with a turn's battles and its last raises. */

/** Whether some pair of cards the two seats may still play gives `winner` the battle now pending. */
export function canWin(s: HuhState, winner: Side): boolean {
  const b = s.battle!;
  const att = sideOfDie(b.attacker);
  const [ap, dp] = [s.dice[b.attacker].pips, s.dice[b.defender].pips];
  const attCards = b.cards[att] !== null ? [b.cards[att]!] : legalCards(s, att, ap);
  const defCards = b.cards[other(att)] !== null ? [b.cards[other(att)]!] : legalCards(s, other(att), dp);
  return attCards.some((ca) => defCards.some((cd) => (battleWinner(ap, ca, dp, cd) === 'attacker') === (winner === att)));
}

/** A pending battle decided by its winner, the cards left unknown: pips and the free AP as the rules give them. */
export function resolveAs(s: HuhState, winner: Side): HuhState {
  const { attacker, defender } = s.battle!;
  const w = sideOfDie(attacker) === winner ? attacker : defender;
  const l = w === attacker ? defender : attacker;
  const dice = s.dice.map((d, j) => (j === w ? { ...d, pips: Math.min(MAX_PIPS, d.pips + 1) } : j === l ? { ...d, pips: Math.max(1, d.pips - 1) } : d));
  return { ...s, dice, phase: 'free', battle: null, free: winner };
}

/**
 * The raises that make the active dice of `st` show the observed pips, each die staying where it
 * is (the places must already match): the cheapest pairing of dice to observed dice on the same
 * place with no fewer pips. `raisable(i)` says which dice may still be raised. Null where none fits.
 */
export function raisesToMatch(st: HuhState, targets: readonly HuhDie[], raisable: (i: number) => boolean): HuhMove[] | null {
  const mine = st.dice.map((d, i) => [d, i] as const).filter(([d]) => d.side === st.active);
  if (mine.length !== targets.length) return null;
  let bestCost = Infinity;
  let bestPlan: number[] = [];
  const used = new Array<boolean>(targets.length).fill(false);
  const plan: number[] = [];
  const go = (k: number, cost: number) => {
    if (cost >= bestCost) return;
    if (k === mine.length) {
      [bestCost, bestPlan] = [cost, [...plan]];
      return;
    }
    const [d, i] = mine[k];
    for (let j = 0; j < targets.length; j++) {
      const t = targets[j];
      if (used[j] || t.at !== d.at || t.pips < d.pips || (t.pips > d.pips && !raisable(i))) continue;
      used[j] = true;
      plan.push(t.pips - d.pips);
      go(k + 1, cost + t.pips - d.pips);
      plan.pop();
      used[j] = false;
    }
  };
  go(0, 0);
  if (bestCost === Infinity) return null;
  return mine.flatMap(([, i], k) => Array.from({ length: bestPlan[k] }, (): HuhMove => ({ type: 'raise', die: i })));
}

/** Plays `moves` from `s` if every one is legal in turn, else null. */
export function playAll(s: HuhState, moves: readonly HuhMove[]): HuhState | null {
  for (const m of moves) {
    if (whyNot(s, m)) return null;
    s = apply(s, m);
  }
  return s;
}
