import type { Text } from '../core/contract.ts';
import { EngineError } from '../core/errors.ts';
import {
  DICE,
  DICE_PER_ROLL,
  MAX_ROLLS,
  currentTafel,
  diceEach,
  diceInPlay,
  target,
  type DurchgangEnd,
  type EubMove,
  type EubRules,
  type EubState,
  type TurnEndReason,
} from './state.ts';
import { capital } from '../core/text.ts';
import { boxId, boxNameOf, canFinish, describeConstraint, meets, parseBoxId, type Row } from './tafel.ts';

/**
 * The turn flow as pure transitions. Every step the player cannot choose is taken at once: a roll
 * in which nothing fits ends the turn, and so does having placed every die of the turn.
 */

const illegal = (de: string, en: string): never => {
  throw new EngineError('illegal-move', { de, en });
};

/** Index of the leftmost empty box of a row, or -1 when it is full. */
export const nextBox = (filled: readonly (number | null)[]) => filled.indexOf(null);

/** Whether `value` may go into box `i` of a row filled as `filled` (the fast check play and move listing use). */
function fitsAt(rules: EubRules, row: Row, filled: readonly (number | null)[], i: number, value: number): boolean {
  if (!meets(row, i, value, filled)) return false;
  if (!rules.liveRowsOnly || i + 1 >= row.boxes.length) return true;
  const prefix = filled.slice(0, i) as number[];
  prefix.push(value);
  return canFinish(row, prefix);
}

/** Why `value` cannot go into box `i` of a row filled as `filled`; null where it fits. */
function whyNotFits(rules: EubRules, row: Row, filled: readonly (number | null)[], i: number, value: number): Text | null {
  if (fitsAt(rules, row, filled, i, value)) return null;
  const must = row.boxes[i].must;
  if (meets(row, i, value, filled)) {
    return { de: `nimmt keine ${value}: mit ihr könnte die Reihe nie fertig werden`, en: `takes no ${value}: with it the row could never be completed` };
  }
  const shown = must.map((c) => {
    const k = 'sameAs' in c ? c.sameAs - 1 : 'differentFrom' in c ? c.differentFrom - 1 : 'step' in c ? i - 1 : -1;
    return k < 0 ? '' : ` (${filled[k]})`;
  });
  const wants = must.map(describeConstraint);
  return {
    de: `braucht ${wants.map((w, k) => w.de + shown[k]).join(' und ')}, nicht ${value}`,
    en: `needs ${wants.map((w, k) => w.en + shown[k]).join(' and ')}, not ${value}`,
  };
}

function fits(rules: EubRules, row: Row, filled: readonly (number | null)[], value: number): boolean {
  const i = nextBox(filled);
  return i >= 0 && fitsAt(rules, row, filled, i, value);
}

/** Whether any of `values` fits any row of the Tafel in play. */
export function anyFits(s: EubState, values: readonly number[]): boolean {
  const rows = currentTafel(s).rows;
  for (let r = 0; r < rows.length; r++) {
    for (const v of values) if (fits(s.rules, rows[r], s.filled[r], v)) return true;
  }
  return false;
}

const blocked = (s: EubState) =>
  currentTafel(s).rows.every((row, r) => {
    const i = nextBox(s.filled[r]);
    if (i < 0) return true;
    for (let v = 1; v <= 6; v++) if (meets(row, i, v, s.filled[r])) return false;
    return true;
  });

const tafelFull = (s: EubState) => s.filled.every((f) => f[f.length - 1] !== null);

/** Dice dealt evenly, the remainder in the box. */
export function deal(players: number): { supply: number[]; box: number } {
  const each = diceEach(players);
  return { supply: new Array(players).fill(each), box: DICE - each * players };
}

export const emptyFilled = (s: Pick<EubState, 'stack'>, tafel: number) => s.stack[tafel].rows.map((r) => new Array<number | null>(r.boxes.length).fill(null));

/** How many dice the next roll must show: five of the supply to begin a turn, then every unplaced die. */
export function diceToRoll(s: EubState): number {
  return s.turn ? s.turn.hand.length : Math.min(DICE_PER_ROLL, s.supply[s.toMove]);
}

export function canRollOn(s: EubState): boolean {
  return !!s.turn && s.turn.placedSinceRoll > 0 && s.turn.rolls < MAX_ROLLS && s.turn.hand.length > 0;
}

function roll(s: EubState, values: readonly number[]): EubState {
  if (s.turn && s.turn.placedSinceRoll === 0) {
    illegal('Erst muss mindestens ein passender Würfel gelegt werden.', 'At least one fitting die must be placed first.');
  }
  if (s.turn && s.turn.rolls >= MAX_ROLLS) illegal(`Höchstens ${MAX_ROLLS} Würfe in einem Zug.`, `At most ${MAX_ROLLS} rolls in a turn.`);
  const n = diceToRoll(s);
  if (values.length !== n) {
    illegal(`Dieser Wurf muss ${n} Würfel zeigen, nicht ${values.length}.`, `This roll must show ${n} dice, not ${values.length}.`);
  }
  const hand = values.slice().sort((a, b) => a - b);
  let next: EubState;
  if (s.turn) {
    next = { ...s, turn: { hand, rolls: s.turn.rolls + 1, placedSinceRoll: 0 } };
  } else {
    const supply = s.supply.slice();
    supply[s.toMove] -= n;
    next = { ...s, supply, turn: { hand, rolls: 1, placedSinceRoll: 0 }, counts: { ...s.counts, turns: s.counts.turns + 1 } };
  }
  next.counts = { ...next.counts, rolls: next.counts.rolls + 1 };
  return anyFits(next, hand) ? next : endTurn(next, 'no-fit');
}

/** Why placing `value` on `box` is illegal now; null where it is legal. */
export function whyNotPlace(s: EubState, value: number, box: string): Text | null {
  if (!s.turn) return { de: 'Es wurde noch nicht gewürfelt.', en: 'Nothing has been rolled yet.' };
  if (!s.turn.hand.includes(value)) {
    return { de: `Im Wurf liegt keine ${value} (mehr).`, en: `The roll has no ${value} (left).` };
  }
  const at = parseBoxId(box);
  const rows = currentTafel(s).rows;
  const name = boxNameOf(box);
  if (!at || at[0] >= rows.length || at[1] >= rows[at[0]].boxes.length) {
    return { de: `${name.de} gibt es auf dieser Tafel nicht.`, en: `There is no ${name.en} on this Tafel.` };
  }
  const [r, i] = at;
  const filled = s.filled[r];
  const Name = capital(name);
  if (filled[i] !== null) return { de: `${Name.de} ist schon belegt.`, en: `${Name.en} is taken already.` };
  const free = nextBox(filled);
  if (i !== free) {
    return {
      de: `${Name.de}: zuerst kommt Kästchen ${free + 1} dran, in jeder Reihe das Kästchen ganz links.`,
      en: `${Name.en}: box ${free + 1} comes first, the leftmost box of each row.`,
    };
  }
  const why = whyNotFits(s.rules, rows[r], filled, i, value);
  return why && { de: `${Name.de} ${why.de}.`, en: `${Name.en} ${why.en}.` };
}

function place(s: EubState, value: number, box: string): EubState {
  const why = whyNotPlace(s, value, box);
  if (why) throw new EngineError('illegal-move', why);
  const [r, i] = parseBoxId(box)!;
  const turn = s.turn!;
  const hand = turn.hand.slice();
  hand.splice(hand.indexOf(value), 1);
  const filled = s.filled.slice();
  filled[r] = filled[r].slice();
  filled[r][i] = value;
  let next: EubState = {
    ...s,
    filled,
    turn: { ...turn, hand, placedSinceRoll: turn.placedSinceRoll + 1 },
    counts: { ...s.counts, placements: s.counts.placements + 1 },
  };
  if (i === filled[r].length - 1) next = scoreRow(next, r);
  if (tafelFull(next)) return endDurchgang(endTurn(next, 'tafel-full', false), 'full', s.toMove);
  if (!next.rules.liveRowsOnly && blocked(next)) return endDurchgang(endTurn(next, 'blocked', false), 'blocked', s.toMove);
  // Five dice and at least one placed per roll: the fifth roll has one die at most, so a hand
  // never outlasts the roll limit and an empty hand is the only end a placement brings.
  return hand.length === 0 ? endTurn(next, 'all-placed') : next;
}

function scoreRow(s: EubState, r: number): EubState {
  const row = currentTafel(s).rows[r];
  const seat = s.toMove;
  const points = s.points.slice();
  // A black row takes what the player has, never more: they play on with 0.
  const delta = row.colour === 'white' ? row.points : -Math.min(row.points, points[seat]);
  points[seat] += delta;
  return {
    ...s,
    points,
    scores: [...s.scores, { durchgang: s.durchgang, seat, row: r + 1, colour: row.colour, points: row.points, delta }],
  };
}

/**
 * Ends the turn of the seat to move and passes to the next seat with dice. `pass` is false where
 * the Durchgang ends anyway and the dice are dealt anew.
 */
function endTurn(s: EubState, reason: TurnEndReason, pass = true): EubState {
  const seat = s.toMove;
  const hand = s.turn?.hand.length ?? 0;
  const lost = reason === 'no-fit' && s.rules.noFitDice === 'lost' ? hand : 0;
  const supply = s.supply.slice();
  supply[seat] += hand - lost;
  const next: EubState = { ...s, supply, box: s.box + lost, turn: null, last: { seat, reason, returned: hand - lost, lost } };
  if (!pass) return next;
  for (let k = 1; k <= s.players; k++) {
    const p = (seat + k) % s.players;
    if (supply[p] > 0) return { ...next, toMove: p };
  }
  // Nothing off the Tafel to deal again (every die in play lies on it): the Durchgang can only end.
  if (s.rules.outOfDice === 'end' || redealable(next) === 0) return endDurchgang({ ...next, last: { ...next.last!, reason: 'out-of-dice' } }, 'out-of-dice', seat);
  return redeal(next, seat);
}

/** Dice in the box that belong to the game: the remainder of the deal (2 with four players) stays out. */
const redealable = (s: EubState) => s.box - (DICE - diceInPlay(s.players));

/** outOfDice 'redeal': every die off the Tafel is dealt again, one at a time, from the left neighbour on. */
function redeal(s: EubState, seat: number): EubState {
  const supply = s.supply.slice();
  const n = redealable(s);
  for (let k = 0; k < n; k++) supply[(seat + 1 + k) % s.players]++;
  return { ...s, supply, box: s.box - n, toMove: (seat + 1) % s.players };
}

function endDurchgang(s: EubState, ended: DurchgangEnd, by: number): EubState {
  const history = [...s.history, { number: s.durchgang, tafel: currentTafel(s).id, ended, by, points: s.points.slice() }];
  if (Math.max(...s.points) >= target(s.players)) return { ...s, history, over: true };
  const tafel = (s.tafel + 1) % s.stack.length;
  return {
    ...s,
    ...deal(s.players),
    history,
    tafel,
    durchgang: s.durchgang + 1,
    filled: emptyFilled(s, tafel),
    turn: null,
    toMove: (by + 1) % s.players,
  };
}

export function applyMove(s: EubState, m: EubMove): EubState {
  if (s.over) throw new EngineError('game-over', { de: 'Das Spiel ist zu Ende.', en: 'The game is over.' });
  switch (m.type) {
    case 'roll':
      return roll(s, m.values);
    case 'place':
      return place(s, m.value, m.box);
    case 'stop':
      if (!s.turn) illegal('Vor dem ersten Wurf gibt es nichts zu beenden.', 'There is nothing to stop before the first roll.');
      if (s.turn!.placedSinceRoll === 0) {
        illegal('Erst muss mindestens ein passender Würfel gelegt werden.', 'At least one fitting die must be placed first.');
      }
      return endTurn(s, 'stop');
  }
}

/** Every distinct roll of `n` dice, each sorted ascending (252 for five dice). */
function allRolls(n: number): number[][] {
  const out: number[][] = [];
  const walk = (prefix: number[], from: number) => {
    if (prefix.length === n) return void out.push(prefix);
    for (let v = from; v <= 6; v++) walk([...prefix, v], v);
  };
  walk([], 1);
  return out;
}

/** The placements open now: each distinct value of the hand into each row it fits. */
export function placements(s: EubState): Extract<EubMove, { type: 'place' }>[] {
  if (!s.turn) return [];
  const out: Extract<EubMove, { type: 'place' }>[] = [];
  const rows = currentTafel(s).rows;
  const hand = s.turn.hand;
  for (let r = 0; r < rows.length; r++) {
    const i = nextBox(s.filled[r]);
    if (i < 0) continue;
    // The hand is sorted: each distinct value once.
    for (let k = 0; k < hand.length; k++) {
      const v = hand[k];
      if ((k === 0 || hand[k - 1] !== v) && fitsAt(s.rules, rows[r], s.filled[r], i, v)) {
        out.push({ type: 'place', value: v, box: boxId(r, i) });
      }
    }
  }
  return out;
}

export function legalMoves(s: EubState): EubMove[] {
  if (s.over) return [];
  if (!s.turn) return allRolls(diceToRoll(s)).map((values) => ({ type: 'roll', values }));
  const out: EubMove[] = placements(s);
  if (s.turn.placedSinceRoll > 0) out.push({ type: 'stop' });
  if (canRollOn(s)) for (const values of allRolls(s.turn.hand.length)) out.push({ type: 'roll', values });
  return out;
}

/** The boxes a rolled value may go to now, for the UI's and the LED board's highlights. */
export const targetsOf = (s: EubState, value: number) => placements(s).filter((m) => m.value === value).map((m) => m.box);
