import type { Game, Outcome, Text } from '../core/contract.ts';
import { EngineError } from '../core/errors.ts';
import { resolveOptions, viewOption } from '../core/options.ts';
import { SIDE_NAME, placeName } from './board.ts';
import { BOTS } from './bots.ts';
import { explain } from './explain.ts';
import { OPTIONS, toRules } from './options.ts';
import { parseMove, parseObservation, parseState, type HuhObservation } from './parse.ts';
import { apply, dieName, legalMoves, toMove, whyNot } from './rules.ts';
import { capital } from './words.ts';
import { CARDS, DICE_PER_SIDE, MAX_PIPS, defenderAt, endedByRepetition, goalPips, other, initialDice, noteTurn, positionKey, type HuhMove, type HuhState } from './state.ts';

export function setup(given: unknown): HuhState {
  const options = resolveOptions([...OPTIONS, viewOption], given);
  const rules = toRules(options);
  const six = Array<number>(DICE_PER_SIDE).fill(MAX_PIPS);
  const s: HuhState = {
    game: 'himmel-und-hoelle',
    view: options.view as HuhState['view'],
    rules,
    phase: rules.startValues === 'chosen' ? 'setup' : 'turn',
    dice: initialDice([six, six]),
    cards: [[...CARDS], [...CARDS]],
    active: 0,
    ap: rules.startValues === 'chosen' ? 0 : 1,
    turns: rules.startValues === 'chosen' ? [0, 0] : [1, 0],
    saved: [0, 0],
    battle: null,
    free: null,
    lastBattle: null,
    finisher: null,
    seen: [],
  };
  return s.phase === 'turn' ? noteTurn(s) : s;
}

export function play(s: HuhState, move: HuhMove): HuhState {
  const why = whyNot(s, move);
  if (why) throw new EngineError(s.phase === 'over' ? 'game-over' : 'illegal-move', why.reason);
  return apply(s, move);
}

export function outcome(s: HuhState): Outcome | null {
  if (s.phase !== 'over') return null;
  const pips = [goalPips(s, 0), goalPips(s, 1)];
  const line = {
    de: `Himmel ${pips[0]} : ${pips[1]} Hölle (Augen im Ziel)`,
    en: `Himmel ${pips[0]} : ${pips[1]} Hölle (pips in the goal)`,
  };
  const repeated = endedByRepetition(s);
  const why = repeated
    ? { de: 'Dieselbe Stellung begann zum dritten Mal einen Zug. ', en: 'The same position began a turn for the third time. ' }
    : { de: '', en: '' };
  if (pips[0] === pips[1] && (repeated || s.rules.equalPips === 'draw')) {
    return { winners: [], losers: [], draw: true, reason: { de: `${why.de}Unentschieden: ${line.de}.`, en: `${why.en}A draw: ${line.en}.` } };
  }
  const w = pips[0] === pips[1] ? s.finisher! : pips[0] > pips[1] ? 0 : 1;
  const name = SIDE_NAME[w];
  return {
    winners: [w],
    losers: [1 - w],
    draw: false,
    reason: {
      de: `${why.de}${name.de} gewinnt: ${line.de}${pips[0] === pips[1] ? ', bei Gleichstand zählt der dritte Würfel im Ziel' : ''}.`,
      en: `${why.en}${name.en} wins: ${line.en}${pips[0] === pips[1] ? '; on equal pips the third die home decides' : ''}.`,
    },
  };
}

export function describeMove(s: HuhState, m: HuhMove): Text {
  const seat = toMove(s) ?? s.active;
  const who = SIDE_NAME[seat];
  const die = (i: number) => capital(dieName(s, i));
  /** "greift den Hölle-Würfel auf b5 (2) an" where an enemy die stands on `to`, else "→ b5". */
  const goes = (i: number, to: string): Text => {
    const target = defenderAt(s, to, other(s.dice[i].side));
    if (target < 0) return { de: `→ ${placeName(to).de}`, en: `→ ${placeName(to).en}` };
    const t = dieName(s, target, 'acc');
    return { de: `greift ${t.de} an`, en: `attacks ${t.en}` };
  };
  switch (m.type) {
    case 'start-values':
      return { de: `${who.de} setzt die Startwerte ${m.pips.join(' ')}`, en: `${who.en} sets the start values ${m.pips.join(' ')}` };
    case 'step': {
      const pay = m.pay === 'ap' ? { de: '1 AP', en: '1 AP' } : { de: '1 Auge gesenkt', en: 'lowered 1 pip' };
      const g = goes(m.die, m.to);
      return { de: `${die(m.die).de} ${g.de} (${pay.de})`, en: `${die(m.die).en} ${g.en} (${pay.en})` };
    }
    case 'raise':
      return { de: `${die(m.die).de} +1 Auge (1 AP)`, en: `${die(m.die).en} +1 pip (1 AP)` };
    case 'card':
      // Hidden: the card's value shows only once both have chosen (lastBattle).
      return { de: `${who.de} wählt verdeckt eine Kampfkarte`, en: `${who.en} picks a battle card, hidden` };
    case 'cards':
      return {
        de: `Kampfkarten: Himmel ${m.cards[0]}, Hölle ${m.cards[1]}`,
        en: `Battle cards: Himmel ${m.cards[0]}, Hölle ${m.cards[1]}`,
      };
    case 'free-step': {
      const g = goes(m.die, m.to);
      return { de: `Freier AP: ${dieName(s, m.die).de} ${g.de}`, en: `Free AP: ${dieName(s, m.die).en} ${g.en}` };
    }
    case 'free-raise':
      return { de: `Freier AP: ${dieName(s, m.die).de} +1 Auge`, en: `Free AP: ${dieName(s, m.die).en} +1 pip` };
    case 'free-pass':
      return { de: `${who.de} lässt den freien AP verfallen`, en: `${who.en} leaves the free AP unused` };
    case 'end':
      return { de: `${who.de} beendet den Zug`, en: `${who.en} ends the turn` };
  }
}

/** The state as a referee shows it to both players: a card chosen in a pending battle stays hidden. */
export function publicView(s: HuhState): HuhState {
  if (!s.battle) return s;
  const hide = (c: number | null) => (c === null ? null : -1);
  return { ...s, battle: { ...s.battle, cards: [hide(s.battle.cards[0]), hide(s.battle.cards[1])] } };
}

export const himmelUndHoelle: Game<HuhState, HuhMove, HuhObservation> = {
  id: 'himmel-und-hoelle',
  name: { de: 'Himmel und Hölle', en: 'Himmel und Hölle (dice duel)' },
  players: { min: 2, max: 2 },
  options: [...OPTIONS, viewOption],
  setup,
  toMove,
  legalMoves,
  play,
  outcome,
  score: (s) => [goalPips(s, 0), goalPips(s, 1)],
  explain,
  describeMove,
  parseState,
  parseMove,
  parseObservation,
  bots: BOTS,
  turnInfo: (s) => ({ turn: s.turns[0] + s.turns[1], position: positionKey(s) }),
  stats: (s) => ({ turns: s.turns[0] + s.turns[1], 'ended by repetition': endedByRepetition(s) ? 1 : 0 }),
};

