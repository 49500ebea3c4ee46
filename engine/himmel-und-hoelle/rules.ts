import type { Text } from '../core/contract.ts';
import { GOAL, SIDE_NAME, START, isField, isPlace, neighbours, type Place, type Side } from './board.ts';
import { SIDE_DATIVE, capital, dieWords, toPlace, type Case } from './words.ts';
import {
  CARDS,
  DICE_PER_SIDE,
  MAX_PIPS,
  MAX_STRENGTH,
  apForTurn,
  defenderAt,
  dieAt,
  goalDice,
  inGoal,
  other,
  noteTurn,
  sideOfDie,
  type HuhMove,
  type HuhState,
} from './state.ts';

export interface Refusal {
  code: string;
  reason: Text;
}

const no = (code: string, de: string, en: string): Refusal => ({ code, reason: { de, en } });

/** "der Himmel-Würfel auf b4 (5)" / "Himmel's die on b4 (5)", in the German case the sentence needs. */
export function dieName(s: HuhState, i: number, c: Case = 'nom'): Text {
  return dieWords(s.dice[i], c);
}

/** Whose decision it is, or null once the game is over. */
export function toMove(s: HuhState): Side | null {
  switch (s.phase) {
    case 'over':
      return null;
    case 'battle': {
      const att = sideOfDie(s.battle!.attacker);
      // The referee view takes both cards in one move, entered for the attacker's side.
      return s.view === 'referee' || s.battle!.cards[att] === null ? att : other(att);
    }
    case 'free':
      return s.free;
    default:
      return s.active;
  }
}

/** A card this seat may still play for a die showing `pips`. */
export function cardAllowed(s: HuhState, seat: Side, pips: number, card: number): boolean {
  return s.cards[seat].includes(card) && pips + card <= MAX_STRENGTH;
}

export function legalCards(s: HuhState, seat: Side, pips: number): number[] {
  return s.cards[seat].filter((c) => pips + c <= MAX_STRENGTH);
}

function stepTarget(s: HuhState, i: number, to: Place): Refusal | null {
  const d = s.dice[i];
  if (inGoal(d) && s.rules.goalFinal) {
    const name = capital(dieName(s, i));
    return no('in-goal', `${name.de} ist im Ziel und aus dem Spiel.`, `${name.en} is in the goal and out of play.`);
  }
  if (!neighbours(d.at, d.side, s.rules).includes(to)) {
    // The own start area borders the first row; from anywhere else it is simply not next door.
    if (to === START[d.side] && neighbours(to, d.side, s.rules).includes(d.at)) {
      return no('own-start', 'Ein Würfel kehrt nie in den eigenen Startbereich zurück.', 'A die never returns into its own start area.');
    }
    const where = toPlace(to);
    const name = capital(dieName(s, i));
    return no('not-adjacent', `${name.de} kann nicht ${where.de}: ein Schritt geht ein Feld waagrecht oder senkrecht.`, `${name.en} cannot go ${where.en}: a step goes one field across or along.`);
  }
  const there = dieAt(s, to);
  if (there >= 0 && s.dice[there].side === d.side && s.rules.oneDiePerField) {
    return no('own-die', `Auf ${to} steht ein eigener Würfel: ein Feld hält nur einen Würfel.`, `${to} holds an own die: a field holds one die.`);
  }
  return null;
}

function wantPhase(s: HuhState, phase: HuhState['phase'], de: string, en: string): Refusal | null {
  return s.phase === phase ? null : no('wrong-phase', de, en);
}

function ownDie(s: HuhState, seat: Side, i: number): Refusal | null {
  if (!Number.isInteger(i) || i < 0 || i >= 2 * DICE_PER_SIDE) return no('no-die', `Es gibt keinen Würfel ${i}.`, `There is no die ${i}.`);
  if (sideOfDie(i) !== seat) {
    const n = capital(dieName(s, i));
    return no('not-yours', `${n.de} gehört nicht ${SIDE_DATIVE[seat].de}.`, `${n.en} is not ${SIDE_NAME[seat].en}'s.`);
  }
  return null;
}

/** Why `move` is not legal now; null where it is. Move generation and `play` share it. */
export function whyNot(s: HuhState, move: HuhMove): Refusal | null {
  if (s.phase === 'over') return no('game-over', 'Das Spiel ist zu Ende.', 'The game is over.');
  const seat = toMove(s)!;
  switch (move.type) {
    case 'start-values': {
      const w = wantPhase(s, 'setup', 'Startwerte werden nur vor dem ersten Zug gesetzt.', 'Start values are set only before the first turn.');
      if (w) return w;
      if (move.pips.length !== DICE_PER_SIDE || move.pips.some((p) => !Number.isInteger(p) || p < 1 || p > MAX_PIPS)) {
        return no('bad-start-values', 'Fünf Startwerte von 1 bis 6.', 'Five start values from 1 to 6.');
      }
      return null;
    }
    case 'step': {
      const w = wantPhase(s, 'turn', 'Jetzt wird nicht gezogen.', 'This is not the time to move.') ?? ownDie(s, seat, move.die);
      if (w) return w;
      if (!isPlace(move.to)) return no('no-place', `${move.to} ist kein Feld.`, `${move.to} is not a field.`);
      const t = stepTarget(s, move.die, move.to);
      if (t) return t;
      const d = s.dice[move.die];
      if (move.pay === 'pip' && !s.rules.attackWithPips && defenderAt(s, move.to, other(d.side)) >= 0) {
        return no('attack-needs-ap', 'Ein Angriff kostet 1 AP: der Angreifer zieht nicht, Senken bezahlt nur Bewegung.', 'An attack costs 1 AP: the attacker does not move, and lowering pays only for movement.');
      }
      if (move.pay === 'ap' && s.ap < 1) return no('no-ap', 'Keine Aktionspunkte mehr in diesem Zug.', 'No action points left this turn.');
      if (move.pay === 'pip' && d.pips <= 1) {
        const n = capital(dieName(s, move.die));
        return no('pips-at-1', `${n.de} zeigt 1 und kann nicht tiefer gedreht werden.`, `${n.en} shows 1 and cannot be lowered.`);
      }
      return null;
    }
    case 'raise': {
      const w = wantPhase(s, 'turn', 'Jetzt wird nicht gezogen.', 'This is not the time to move.') ?? ownDie(s, seat, move.die);
      if (w) return w;
      return raiseRefusal(s, move.die) ?? (s.ap < 1 ? no('no-ap', 'Keine Aktionspunkte mehr in diesem Zug.', 'No action points left this turn.') : null);
    }
    case 'card': {
      const w = wantPhase(s, 'battle', 'Es ist kein Kampf.', 'There is no battle.');
      if (w) return w;
      if (s.view === 'referee') {
        return no('both-cards', 'In der Schiedsrichtersicht werden beide Karten zusammen eingegeben, wenn beide gewählt haben.', 'In the referee view both cards are entered together, once both have chosen.');
      }
      return cardRefusal(s, seat, move.card);
    }
    case 'cards': {
      const w = wantPhase(s, 'battle', 'Es ist kein Kampf.', 'There is no battle.');
      if (w) return w;
      if (s.view !== 'referee') return no('one-card', 'Jede Seite wählt ihre Karte für sich.', 'Each side picks its own card.');
      if (!Array.isArray(move.cards) || move.cards.length !== 2) return no('no-card', 'Zwei Karten, eine je Seite.', 'Two cards, one a side.');
      return cardRefusal(s, 0, move.cards[0]) ?? cardRefusal(s, 1, move.cards[1]);
    }
    case 'free-step': {
      const w = wantPhase(s, 'free', 'Es gibt keinen freien Aktionspunkt.', 'There is no free action point.');
      if (w) return w;
      if (!Number.isInteger(move.die) || move.die < 0 || move.die >= 2 * DICE_PER_SIDE) return no('no-die', `Es gibt keinen Würfel ${move.die}.`, `There is no die ${move.die}.`);
      if (!isPlace(move.to)) return no('no-place', `${move.to} ist kein Feld.`, `${move.to} is not a field.`);
      const t = stepTarget(s, move.die, move.to);
      if (t) return t;
      const d = s.dice[move.die];
      const taken = dieAt(s, move.to) >= 0;
      if (s.rules.freeAp === 'any-action' && d.side === s.free) {
        // Spent like any AP: an own die steps into an empty field, into its goal, or attacks.
        return null;
      }
      if (s.rules.freeAp === 'any-action') {
        if (taken) {
          return no('free-enemy-to-empty', `Der freie AP zieht einen gegnerischen Würfel nur auf ein leeres Feld, ${move.to} ist besetzt.`, `The free AP moves an enemy die only into an empty field; ${move.to} is taken.`);
        }
        return null;
      }
      if (!isField(move.to)) {
        return no('free-to-field', 'Der freie AP zieht einen Würfel nur auf ein leeres Feld (Hausregel „Freier AP“).', 'The free AP moves a die only into an empty field (house rule "Free AP").');
      }
      if (taken) {
        return no('free-to-field', `Der freie AP zieht nur auf ein leeres Feld, ${move.to} ist besetzt (Hausregel „Freier AP“).`, `The free AP moves only into an empty field; ${move.to} is taken (house rule "Free AP").`);
      }
      return null;
    }
    case 'free-raise': {
      const w = wantPhase(s, 'free', 'Es gibt keinen freien Aktionspunkt.', 'There is no free action point.');
      if (w) return w;
      if (s.rules.freeAp !== 'any-action') {
        const own = ownDie(s, s.free!, move.die);
        if (own) return own.code === 'not-yours' ? no('free-raise-own', `${own.reason.de} Der freie AP erhöht nur einen eigenen Würfel (Hausregel „Freier AP“).`, `${own.reason.en} The free AP raises only an own die (house rule "Free AP").`) : own;
      } else if (!Number.isInteger(move.die) || move.die < 0 || move.die >= 2 * DICE_PER_SIDE) {
        return no('no-die', `Es gibt keinen Würfel ${move.die}.`, `There is no die ${move.die}.`);
      }
      return raiseRefusal(s, move.die);
    }
    case 'free-pass': {
      const w = wantPhase(s, 'free', 'Es gibt keinen freien Aktionspunkt.', 'There is no free action point.');
      if (w) return w;
      if (!s.rules.freeApOptional && freeActions(s).length > 0) {
        return no('free-ap-must', 'Der freie Aktionspunkt muss genutzt werden.', 'The free action point must be used.');
      }
      return null;
    }
    case 'end':
      return wantPhase(s, 'turn', 'Erst den Kampf zu Ende bringen.', 'Finish the battle first.');
  }
}

/** Why `seat` may not play `card` in the battle now pending. */
function cardRefusal(s: HuhState, seat: Side, card: number): Refusal | null {
  const b = s.battle!;
  const pips = s.dice[sideOfDie(b.attacker) === seat ? b.attacker : b.defender].pips;
  const who = SIDE_NAME[seat];
  if (!Number.isInteger(card) || !CARDS.includes(card)) return no('no-card', 'Karten gehen von 0 bis 12.', 'Cards run from 0 to 12.');
  if (!s.cards[seat].includes(card)) return no('card-used', `${who.de} hat die ${card} schon verbraucht.`, `${who.en} has used up the ${card}.`);
  if (pips + card > MAX_STRENGTH) {
    return no(
      'card-too-high',
      `${who.de}: ${pips} Augen + Karte ${card} = ${pips + card}, erlaubt sind höchstens 13.`,
      `${who.en}: ${pips} pips + card ${card} = ${pips + card}; at most 13 is allowed.`,
    );
  }
  return null;
}

function raiseRefusal(s: HuhState, i: number): Refusal | null {
  const d = s.dice[i];
  const n = () => capital(dieName(s, i));
  if (inGoal(d)) {
    return s.rules.goalFinal
      ? no('in-goal', `${n().de} ist im Ziel und aus dem Spiel.`, `${n().en} is in the goal and out of play.`)
      : no(
          'raise-in-goal',
          `${n().de} ist im Ziel: dort wird kein Würfel erhöht, seine Augen zählen am Ende. Er darf nur zurück auf die letzte Reihe.`,
          `${n().en} is in the goal: no die is raised there, its pips count at the end. It may only step back onto the far row.`,
        );
  }
  if (d.pips >= MAX_PIPS) return no('pips-at-6', `${n().de} zeigt schon 6.`, `${n().en} already shows 6.`);
  return null;
}

function freeActions(s: HuhState): HuhMove[] {
  const out: HuhMove[] = [];
  s.dice.forEach((d, i) => {
    for (const to of neighbours(d.at, d.side, s.rules)) {
      const m: HuhMove = { type: 'free-step', die: i, to };
      if (!whyNot(s, m)) out.push(m);
    }
    const r: HuhMove = { type: 'free-raise', die: i };
    if (!whyNot(s, r)) out.push(r);
  });
  return out;
}

/** Dice of one side that stand on the same place with the same pips are interchangeable. */
function firstOfKind(s: HuhState, i: number): boolean {
  const d = s.dice[i];
  return !s.dice.some((e, j) => j < i && e.side === d.side && e.at === d.at && e.pips === d.pips);
}

/** Every choice of five start values, each in descending order (6 6 6 6 6 first). */
const START_VALUES: readonly number[][] = (() => {
  const out: number[][] = [];
  const go = (acc: number[], max: number) => {
    if (acc.length === DICE_PER_SIDE) out.push(acc);
    else for (let v = max; v >= 1; v--) go([...acc, v], v);
  };
  go([], MAX_PIPS);
  return out;
})();

/** Every legal move now, interchangeable dice listed once. */
export function legalMoves(s: HuhState): HuhMove[] {
  const seat = toMove(s);
  if (seat === null) return [];
  const out: HuhMove[] = [];
  const keep = (m: HuhMove) => {
    if (!whyNot(s, m)) out.push(m);
  };
  switch (s.phase) {
    case 'setup':
      // A side's dice look alike, so five values are one choice in any order: 252 of them.
      out.push(...START_VALUES.map((pips): HuhMove => ({ type: 'start-values', pips: [...pips] })));
      break;
    case 'turn':
      s.dice.forEach((d, i) => {
        if (d.side !== seat || !firstOfKind(s, i)) return;
        for (const to of neighbours(d.at, d.side, s.rules)) {
          keep({ type: 'step', die: i, to, pay: 'ap' });
          keep({ type: 'step', die: i, to, pay: 'pip' });
        }
        keep({ type: 'raise', die: i });
      });
      out.push({ type: 'end' });
      break;
    case 'battle':
      if (s.view === 'referee') for (const a of CARDS) for (const b of CARDS) keep({ type: 'cards', cards: [a, b] });
      else for (const card of CARDS) keep({ type: 'card', card });
      break;
    case 'free':
      out.push(...freeActions(s).filter((m) => m.type !== 'free-step' || firstOfKind(s, m.die)));
      keep({ type: 'free-pass' });
      break;
  }
  return out;
}

function setDie(s: HuhState, i: number, change: Partial<HuhState['dice'][number]>): HuhState['dice'] {
  return s.dice.map((d, j) => (j === i ? { ...d, ...change } : d));
}

const clampPips = (p: number) => Math.max(1, Math.min(MAX_PIPS, p));

/** Who wins: higher strength, then the higher card, then the defender. */
export function battleWinner(attPips: number, attCard: number, defPips: number, defCard: number): 'attacker' | 'defender' {
  const a = attPips + attCard;
  const d = defPips + defCard;
  if (a !== d) return a > d ? 'attacker' : 'defender';
  return attCard > defCard ? 'attacker' : 'defender';
}

function resolveBattle(s: HuhState): HuhState {
  const { attacker, defender } = s.battle!;
  const cards = s.battle!.cards as [number, number];
  const att = sideOfDie(attacker);
  const def = other(att);
  const won = battleWinner(s.dice[attacker].pips, cards[att], s.dice[defender].pips, cards[def]);
  const [w, l] = won === 'attacker' ? [attacker, defender] : [defender, attacker];
  const dice = s.dice.map((d, j) => (j === w ? { ...d, pips: clampPips(d.pips + 1) } : j === l ? { ...d, pips: clampPips(d.pips - 1) } : d));
  const spend = (seat: Side) => s.cards[seat].filter((c, k) => c === 0 || k !== s.cards[seat].indexOf(cards[seat]));
  const winner = sideOfDie(w);
  return {
    ...s,
    dice,
    cards: [spend(0), spend(1)],
    phase: 'free',
    battle: null,
    free: winner,
    lastBattle: { attacker, defender, cards, winner },
  };
}

function beginTurn(s: HuhState, side: Side): HuhState {
  const turns: [number, number] = [...s.turns];
  turns[side] += 1;
  const ap = apForTurn(s, side, turns[side]);
  const saved: [number, number] = [...s.saved];
  saved[side] = 0;
  return noteTurn({ ...s, phase: 'turn', active: side, turns, saved, ap });
}

/** Applies a move already known to be legal. */
export function apply(s: HuhState, move: HuhMove): HuhState {
  switch (move.type) {
    case 'start-values': {
      const dice = s.dice.map((d, i) => (sideOfDie(i) === s.active ? { ...d, pips: move.pips[i % DICE_PER_SIDE] } : d));
      return s.active === 0 ? { ...s, dice, active: 1 } : beginTurn({ ...s, dice }, 0);
    }
    case 'step': {
      const d = s.dice[move.die];
      const ap = s.ap - (move.pay === 'ap' ? 1 : 0);
      const pips = d.pips - (move.pay === 'pip' ? 1 : 0);
      const enemy = defenderAt(s, move.to, other(d.side));
      if (enemy >= 0) {
        // An attack: the mover pays for the step but stays where it is.
        return { ...s, ap, dice: setDie(s, move.die, { pips }), phase: 'battle', battle: { attacker: move.die, defender: enemy, cards: [null, null] } };
      }
      const next: HuhState = { ...s, ap, dice: setDie(s, move.die, { pips, at: move.to }) };
      if (move.to === GOAL[d.side] && goalDice(next, d.side).length >= 3) return { ...next, phase: 'over', finisher: d.side };
      return next;
    }
    case 'raise':
      return { ...s, ap: s.ap - 1, dice: setDie(s, move.die, { pips: s.dice[move.die].pips + 1 }) };
    case 'card': {
      const seat = toMove(s)!;
      const cards: [number | null, number | null] = [...s.battle!.cards];
      cards[seat] = move.card;
      const next = { ...s, battle: { ...s.battle!, cards } };
      return cards[0] !== null && cards[1] !== null ? resolveBattle(next) : next;
    }
    case 'cards':
      return resolveBattle({ ...s, battle: { ...s.battle!, cards: [...move.cards] } });
    case 'free-step': {
      const d = s.dice[move.die];
      const enemy = defenderAt(s, move.to, other(d.side));
      if (enemy >= 0) {
        // An attack with the free AP (the "any action" reading): a battle of its own, whose winner gets a free AP again.
        return { ...s, phase: 'battle', free: null, battle: { attacker: move.die, defender: enemy, cards: [null, null] } };
      }
      const next: HuhState = { ...s, phase: 'turn', free: null, dice: setDie(s, move.die, { at: move.to }) };
      if (move.to === GOAL[d.side] && goalDice(next, d.side).length >= 3) return { ...next, phase: 'over', finisher: d.side };
      return next;
    }
    case 'free-raise':
      return { ...s, phase: 'turn', free: null, dice: setDie(s, move.die, { pips: s.dice[move.die].pips + 1 }) };
    case 'free-pass':
      return { ...s, phase: 'turn', free: null };
    case 'end': {
      const saved: [number, number] = [...s.saved];
      if (s.rules.carryAp) saved[s.active] = s.ap;
      return beginTurn({ ...s, saved, ap: 0 }, other(s.active));
    }
  }
}
