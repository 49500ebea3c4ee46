import type { Text } from '../core/contract.ts';
import { GOAL, SIDE_NAME, START, isField, isPlace, neighbours, placeName, type Place, type Side } from './board.ts';
import {
  CARDS,
  DICE_PER_SIDE,
  MAX_PIPS,
  MAX_STRENGTH,
  apForTurn,
  dieAt,
  goalDice,
  inGoal,
  other,
  sideOfDie,
  type HuhMove,
  type HuhState,
} from './state.ts';

export interface Refusal {
  code: string;
  reason: Text;
}

const no = (code: string, de: string, en: string): Refusal => ({ code, reason: { de, en } });

/** "the die on b4" / "a die in Himmel's start area", for reasons. */
export function dieName(s: HuhState, i: number): Text {
  const d = s.dice[i];
  const side = SIDE_NAME[d.side];
  const at = placeName(d.at);
  return isField(d.at)
    ? { de: `der ${side.de}-Würfel auf ${at.de} (${d.pips})`, en: `${side.en}'s die on ${at.en} (${d.pips})` }
    : { de: `der ${side.de}-Würfel im ${at.de} (${d.pips})`, en: `${side.en}'s die in ${at.en} (${d.pips})` };
}

/** Whose decision it is, or null once the game is over. */
export function toMove(s: HuhState): Side | null {
  switch (s.phase) {
    case 'over':
      return null;
    case 'battle': {
      const att = sideOfDie(s.battle!.attacker);
      return s.battle!.cards[att] === null ? att : other(att);
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
    const name = dieName(s, i);
    return no('in-goal', `${name.de} ist im Ziel und aus dem Spiel.`, `${name.en} is in the goal and out of play.`);
  }
  if (!neighbours(d.at, d.side, s.rules).includes(to)) {
    if (to === START[d.side] && d.at !== to) {
      return no('own-start', 'Ein Würfel kehrt nie in den eigenen Startbereich zurück.', 'A die never returns into its own start area.');
    }
    const t = placeName(to);
    const name = dieName(s, i);
    return no('not-adjacent', `${t.de} grenzt nicht an ${name.de}: ein Schritt geht ein Feld waagrecht oder senkrecht.`, `${t.en} is not next to ${name.en}: a step goes one field across or along.`);
  }
  const there = dieAt(s, to);
  if (there >= 0 && s.dice[there].side === d.side) {
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
    const n = dieName(s, i);
    return no('not-yours', `${n.de} gehört nicht ${SIDE_NAME[seat].de}.`, `${n.en} is not ${SIDE_NAME[seat].en}'s.`);
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
      if (move.pay === 'pip' && !s.rules.attackWithPips && dieAt(s, move.to) >= 0) {
        return no('attack-needs-ap', 'Ein Angriff kostet 1 AP: der Angreifer zieht nicht, Senken bezahlt nur Bewegung.', 'An attack costs 1 AP: the attacker does not move, and lowering pays only for movement.');
      }
      if (move.pay === 'ap' && s.ap < 1) return no('no-ap', 'Keine Aktionspunkte mehr in diesem Zug.', 'No action points left this turn.');
      if (move.pay === 'pip' && d.pips <= 1) {
        const n = dieName(s, move.die);
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
      const b = s.battle!;
      const pips = s.dice[sideOfDie(b.attacker) === seat ? b.attacker : b.defender].pips;
      if (!Number.isInteger(move.card) || !CARDS.includes(move.card)) return no('no-card', 'Karten gehen von 0 bis 12.', 'Cards run from 0 to 12.');
      if (!s.cards[seat].includes(move.card)) {
        return no('card-used', `Die ${move.card} ist schon verbraucht.`, `The ${move.card} is used up.`);
      }
      if (pips + move.card > MAX_STRENGTH) {
        return no(
          'card-too-high',
          `${pips} Augen + Karte ${move.card} = ${pips + move.card} > 13.`,
          `${pips} pips + card ${move.card} = ${pips + move.card} > 13.`,
        );
      }
      return null;
    }
    case 'free-step': {
      const w = wantPhase(s, 'free', 'Es gibt keinen freien Aktionspunkt.', 'There is no free action point.');
      if (w) return w;
      if (!Number.isInteger(move.die) || move.die < 0 || move.die >= 2 * DICE_PER_SIDE) return no('no-die', `Es gibt keinen Würfel ${move.die}.`, `There is no die ${move.die}.`);
      if (!isField(move.to)) return no('free-to-field', 'Der freie AP zieht nur auf ein leeres Feld.', 'The free AP moves only into an empty field.');
      const t = stepTarget(s, move.die, move.to);
      if (t) return t;
      if (dieAt(s, move.to) >= 0) {
        return no('free-to-field', `Der freie AP zieht nur auf ein leeres Feld, ${move.to} ist besetzt.`, `The free AP moves only into an empty field; ${move.to} is taken.`);
      }
      return null;
    }
    case 'free-raise': {
      const w = wantPhase(s, 'free', 'Es gibt keinen freien Aktionspunkt.', 'There is no free action point.') ?? ownDie(s, seat, move.die);
      return w ?? raiseRefusal(s, move.die);
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

function raiseRefusal(s: HuhState, i: number): Refusal | null {
  const d = s.dice[i];
  const n = () => dieName(s, i);
  if (inGoal(d)) return no('in-goal', `${n().de} ist im Ziel und aus dem Spiel.`, `${n().en} is in the goal and out of play.`);
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
    if (d.side === s.free && !raiseRefusal(s, i)) out.push({ type: 'free-raise', die: i });
  });
  return out;
}

/** Dice of one side that stand on the same place with the same pips are interchangeable. */
function firstOfKind(s: HuhState, i: number): boolean {
  const d = s.dice[i];
  return !s.dice.some((e, j) => j < i && e.side === d.side && e.at === d.at && e.pips === d.pips);
}

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
      // Any five values are legal; list the default so a generic driver can always go on.
      out.push({ type: 'start-values', pips: [6, 6, 6, 6, 6] });
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
      for (const card of CARDS) keep({ type: 'card', card });
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
  return { ...s, phase: 'turn', active: side, turns, saved, ap };
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
      const enemy = dieAt(s, move.to);
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
    case 'free-step':
      return { ...s, phase: 'turn', free: null, dice: setDie(s, move.die, { at: move.to }) };
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
