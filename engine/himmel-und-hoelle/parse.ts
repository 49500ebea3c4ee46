import { Check } from '../core/validate.ts';
import { PLACES, type Place, type Side } from './board.ts';
import type { HuhRules } from './options.ts';
import { CARDS, DICE_PER_SIDE, MAX_PIPS, sideOfDie, type HuhDie, type HuhMove, type HuhState } from './state.ts';

/** What the camera (or a tap) reports: every die with side, place and value; battles fought since. */
export interface HuhObservation {
  dice: HuhDie[];
  /** The cards of each battle fought since the state, in order, indexed by seat (entered in the app). */
  battles?: { cards: [number, number] }[];
}

const side = (c: Check, v: unknown): Side => c.oneOf(v, [0, 1] as const);
const place = (c: Check, v: unknown): Place => c.oneOf(c.string(v), PLACES);
const pips = (c: Check, v: unknown) => c.int(v, 1, MAX_PIPS);
const dieIndex = (c: Check, v: unknown) => c.int(v, 0, 2 * DICE_PER_SIDE - 1);

function die(c: Check, v: unknown): HuhDie {
  const o = c.object(v);
  c.keys(o, ['side', 'at', 'pips']);
  return { side: side(c.at('side'), o.side), at: place(c.at('at'), o.at), pips: pips(c.at('pips'), o.pips) };
}

function cardList(c: Check, v: unknown): number[] {
  const list = c.array(v).map((x, i) => c.at(i).oneOf(x, CARDS));
  if (new Set(list).size !== list.length) c.fail('holds a card twice');
  if (!list.includes(0)) c.fail('must hold the 0, which is never used up');
  return list;
}

function pair<T>(c: Check, v: unknown, each: (c: Check, x: unknown) => T): [T, T] {
  const a = c.array(v);
  if (a.length !== 2) c.fail('must have two entries, one a seat');
  return [each(c.at(0), a[0]), each(c.at(1), a[1])];
}

const RULE_KEYS: (keyof HuhRules)[] = [
  'startValues',
  'apFrom',
  'minOneAp',
  'carryAp',
  'enterAnyColumn',
  'goalFinal',
  'returnToStart',
  'equalPips',
  'freeApOptional',
  'oneDiePerField',
  'attackWithPips',
  'freeAp',
  'repetition',
  'cameraTurnEnd',
];

function rules(c: Check, v: unknown): HuhRules {
  const o = c.object(v);
  c.keys(o, RULE_KEYS);
  return {
    startValues: c.at('startValues').oneOf(o.startValues, ['six', 'chosen'] as const),
    apFrom: c.at('apFrom').oneOf(o.apFrom, ['own', 'all'] as const),
    minOneAp: c.at('minOneAp').bool(o.minOneAp),
    carryAp: c.at('carryAp').bool(o.carryAp),
    enterAnyColumn: c.at('enterAnyColumn').bool(o.enterAnyColumn),
    goalFinal: c.at('goalFinal').bool(o.goalFinal),
    returnToStart: c.at('returnToStart').bool(o.returnToStart),
    equalPips: c.at('equalPips').oneOf(o.equalPips, ['draw', 'finisher'] as const),
    freeApOptional: c.at('freeApOptional').bool(o.freeApOptional),
    oneDiePerField: c.at('oneDiePerField').bool(o.oneDiePerField),
    attackWithPips: c.at('attackWithPips').bool(o.attackWithPips),
    freeAp: c.at('freeAp').oneOf(o.freeAp, ['push-or-raise', 'any-action'] as const),
    repetition: c.at('repetition').oneOf(o.repetition, ['third-repetition', 'play-on'] as const),
    cameraTurnEnd: c.at('cameraTurnEnd').oneOf(o.cameraTurnEnd, ['board', 'tap'] as const),
  };
}

/** Dice of both sides on one field (or two of one side, unless allowed), or a side without its five dice, is no position of this game. */
function checkDice(c: Check, dice: HuhDie[], oneDiePerField: boolean): void {
  for (const s of [0, 1] as const) {
    const n = dice.filter((d) => d.side === s).length;
    if (n !== DICE_PER_SIDE) c.fail(`side ${s} has ${n} dice, must have ${DICE_PER_SIDE}`);
  }
  const seen = new Map<Place, Side>();
  for (const d of dice) {
    if (!d.at.startsWith('start-')) {
      const there = seen.get(d.at);
      if (there !== undefined && (oneDiePerField || there !== d.side)) c.fail(`${d.at} holds two dice; a field holds one`);
      seen.set(d.at, d.side);
    }
  }
}

export function parseState(v: unknown): HuhState {
  const c = new Check('bad-state');
  const o = c.object(v);
  c.keys(o, ['game', 'view', 'rules', 'phase', 'dice', 'cards', 'active', 'ap', 'turns', 'saved', 'battle', 'free', 'lastBattle', 'finisher', 'seen']);
  if (o.game !== 'himmel-und-hoelle') c.at('game').fail('must be "himmel-und-hoelle"');
  const dice = c
    .at('dice')
    .array(o.dice)
    .map((d, i) => die(c.at('dice').at(i), d));
  if (dice.length !== 2 * DICE_PER_SIDE) c.at('dice').fail(`must list ${2 * DICE_PER_SIDE} dice`);
  dice.forEach((d, i) => {
    if (d.side !== sideOfDie(i)) c.at('dice').at(i).fail(`die ${i} must be side ${sideOfDie(i)}`);
  });
  const parsedRules = rules(c.at('rules'), o.rules);
  checkDice(c.at('dice'), dice, parsedRules.oneDiePerField);
  const phase = c.at('phase').oneOf(o.phase, ['setup', 'turn', 'battle', 'free', 'over'] as const);
  const nullOr = <T>(k: string, f: (c: Check, x: unknown) => T): T | null => (o[k] === null ? null : f(c.at(k), o[k]));
  const battle = nullOr('battle', (bc, x) => {
    const b = bc.object(x);
    bc.keys(b, ['attacker', 'defender', 'cards']);
    return {
      attacker: dieIndex(bc.at('attacker'), b.attacker),
      defender: dieIndex(bc.at('defender'), b.defender),
      cards: pair(bc.at('cards'), b.cards, (cc, y) => (y === null ? null : cc.oneOf(y, CARDS))),
    };
  });
  const lastBattle = nullOr('lastBattle', (bc, x) => {
    const b = bc.object(x);
    bc.keys(b, ['attacker', 'defender', 'cards', 'winner']);
    return {
      attacker: dieIndex(bc.at('attacker'), b.attacker),
      defender: dieIndex(bc.at('defender'), b.defender),
      cards: pair(bc.at('cards'), b.cards, (cc, y) => cc.oneOf(y, CARDS)),
      winner: side(bc.at('winner'), b.winner),
    };
  });
  if ((phase === 'battle') !== (battle !== null)) c.at('battle').fail('is set exactly in the battle phase');
  if (battle && sideOfDie(battle.attacker) === sideOfDie(battle.defender)) c.at('battle').fail('attacker and defender must be on different sides');
  const free = nullOr('free', side);
  if ((phase === 'free') !== (free !== null)) c.at('free').fail('is set exactly in the free phase');
  // States from before the referee view have no `view`: they are full.
  const view = o.view === undefined ? 'full' : c.at('view').oneOf(o.view, ['full', 'referee'] as const);
  if (view === 'referee' && battle && (battle.cards[0] !== null || battle.cards[1] !== null)) c.at('battle').at('cards').fail('holds no card in the referee view');
  return {
    game: 'himmel-und-hoelle',
    view,
    rules: parsedRules,
    phase,
    dice,
    cards: pair(c.at('cards'), o.cards, cardList),
    active: side(c.at('active'), o.active),
    ap: c.at('ap').int(o.ap, 0, 1000),
    turns: pair(c.at('turns'), o.turns, (cc, x) => cc.int(x, 0)),
    saved: pair(c.at('saved'), o.saved, (cc, x) => cc.int(x, 0, 1000)),
    battle,
    free,
    lastBattle,
    finisher: nullOr('finisher', side),
    // States from before the repetition rule have no list: nothing seen yet.
    seen:
      o.seen === undefined
        ? []
        : c
            .at('seen')
            .array(o.seen)
            .map((x, i) => c.at('seen').at(i).string(x)),
  };
}

export function parseMove(v: unknown): HuhMove {
  const c = new Check('bad-move');
  const o = c.object(v);
  const type = c.at('type').oneOf(o.type, ['start-values', 'step', 'raise', 'card', 'cards', 'free-step', 'free-raise', 'free-pass', 'end'] as const);
  switch (type) {
    case 'start-values': {
      c.keys(o, ['type', 'pips']);
      const list = c.at('pips').array(o.pips).map((x, i) => pips(c.at('pips').at(i), x));
      if (list.length !== DICE_PER_SIDE) c.at('pips').fail(`must list ${DICE_PER_SIDE} values`);
      return { type, pips: list };
    }
    case 'step':
      c.keys(o, ['type', 'die', 'to', 'pay']);
      return { type, die: dieIndex(c.at('die'), o.die), to: place(c.at('to'), o.to), pay: c.at('pay').oneOf(o.pay, ['ap', 'pip'] as const) };
    case 'free-step':
      c.keys(o, ['type', 'die', 'to']);
      return { type, die: dieIndex(c.at('die'), o.die), to: place(c.at('to'), o.to) };
    case 'raise':
    case 'free-raise':
      c.keys(o, ['type', 'die']);
      return { type, die: dieIndex(c.at('die'), o.die) };
    case 'card':
      c.keys(o, ['type', 'card']);
      return { type, card: c.at('card').oneOf(o.card, CARDS) };
    case 'cards':
      c.keys(o, ['type', 'cards']);
      return { type, cards: pair(c.at('cards'), o.cards, (cc, y) => cc.oneOf(y, CARDS)) };
    case 'free-pass':
    case 'end':
      c.keys(o, ['type']);
      return { type };
  }
}

export function parseObservation(v: unknown): HuhObservation {
  const c = new Check('bad-observation');
  const o = c.object(v);
  c.keys(o, ['dice', 'battles']);
  const dice = c
    .at('dice')
    .array(o.dice)
    .map((d, i) => die(c.at('dice').at(i), d));
  // Too many dice on a field or a side short of dice is not malformed: explain names it.
  if (o.battles === undefined) return { dice };
  const battles = c
    .at('battles')
    .array(o.battles)
    .map((b, i) => {
      const bc = c.at('battles').at(i);
      const bo = bc.object(b);
      bc.keys(bo, ['cards']);
      return { cards: pair(bc.at('cards'), bo.cards, (cc, y) => cc.oneOf(y, CARDS)) };
    });
  return { dice, battles };
}
