import type { Game, OptionSpec, Options, Outcome, Text } from '../core/contract.ts';
import { EngineError } from '../core/errors.ts';
import { resolveOptions, seedOption } from '../core/options.ts';
import { createRng } from '../core/rng.ts';
import { joinTexts, say, seatRef } from '../core/text.ts';
import { Check } from '../core/validate.ts';
import { bots } from './bots.ts';
import { explainObservation, explanationOf } from './explain.ts';
import { anyFits, applyMove, deal, emptyFilled, legalMoves, nextBox } from './rules.ts';
import {
  DICE,
  DICE_PER_ROLL,
  MAX_ROLLS,
  START_POINTS,
  currentTafel,
  diceInPlay,
  type EubMove,
  type EubObservation,
  type EubRules,
  type EubState,
} from './state.ts';
import { stackOrder, stackProblem } from './stack.ts';
import { boxCount, boxNameOf, canFinish, meets, parseBoxId, parseTafel, TafelError, type Tafel } from './tafel.ts';
import { SHIPPED_TAFELN } from './tafeln/index.ts';

const GAME_ID = 'engel-und-bengel';

const options: OptionSpec[] = [
  { key: 'players', type: 'integer', default: 3, min: 2, max: 6, label: { de: 'Spieler', en: 'Players' } },
  {
    key: 'firstTafel',
    type: 'integer',
    default: 1,
    min: 1,
    max: 99,
    label: { de: 'Oberste Tafel des Stapels', en: 'Tafel on top of the stack' },
    help: { de: 'Im ersten Spiel Tafel 1.', en: 'Tafel 1 in a first game.' },
  },
  {
    key: 'order',
    type: 'enum',
    default: 'in-order',
    values: [
      { value: 'in-order', label: { de: 'der Reihe nach', en: 'in order' } },
      { value: 'shuffled', label: { de: 'gemischt', en: 'shuffled' } },
    ],
    label: { de: 'Tafelstapel', en: 'Stack of Tafeln' },
    help: {
      de: 'Tafeln mit Brett und Seite (die einer eigenen Schachtel) kommen wie die Bretter im Stapel: erst die obere Seite jedes Brettes, dann die andere; gemischt werden die Bretter.',
      en: 'Tafeln with a board and side (those of your own box) come as the boards lie in the stack: first the upper face of each board, then the other; shuffling shuffles the boards.',
    },
  },
  seedOption({ de: 'Bestimmt die Reihenfolge eines gemischten Tafelstapels.', en: 'Decides the order of a shuffled stack of Tafeln.' }),
  {
    key: 'noFitDice',
    type: 'enum',
    default: 'return',
    interpretation: true,
    values: [
      { value: 'return', label: { de: 'zurück in den Vorrat', en: 'back to the supply' } },
      { value: 'lost', label: { de: 'aus dem Spiel bis zum nächsten Durchgang', en: 'out of play until the next Durchgang' } },
    ],
    label: { de: 'Würfel eines Wurfs, in dem nichts passt', en: 'Dice of a roll in which nothing fits' },
    help: {
      de: 'Zurück in den Vorrat: die Würfel kommen beim nächsten Verteilen wieder ins Spiel. Aus dem Spiel: sie fehlen bis zum nächsten Durchgang.\n\nKeine Quelle sagt, dass sie verloren sind; Rezensionen legen nahe, dass sie zurückkommen.',
      en: 'Back to the supply: the dice come back into play at the next deal. Out of play: they are missing until the next Durchgang.\n\nNo source says they are lost; reviews imply they return.',
    },
  },
  {
    key: 'outOfDice',
    type: 'enum',
    default: 'end',
    interpretation: true,
    values: [
      { value: 'end', label: { de: 'der Durchgang endet, offene Reihen zählen nicht', en: 'the Durchgang ends, open rows score nothing' } },
      { value: 'redeal', label: { de: 'die Würfel neben der Tafel werden neu verteilt', en: 'the dice off the Tafel are dealt again' } },
    ],
    label: { de: 'Niemand hat mehr Würfel, die Tafel ist nicht voll', en: 'Nobody has dice left, the Tafel is not full' },
  },
  {
    key: 'liveRowsOnly',
    type: 'boolean',
    default: true,
    interpretation: true,
    label: { de: 'Nur legen, wo die Reihe fertig werden kann', en: 'Place only where the row can still be completed' },
    help: {
      de: 'Bei Straßen kann ein Würfel eine Reihe unvollendbar machen (eine 6 am Anfang einer steigenden). An: so ein Würfel passt nicht. Aus: er passt; endet alles Legen, endet der Durchgang.',
      en: 'In straights a die can make a row impossible (a 6 first in a rising one). On: such a die does not fit. Off: it fits; once nothing can be placed any more, the Durchgang ends.',
    },
  },
];

const bad = (text: Text): never => {
  throw new EngineError('bad-options', text);
};

/** The stack to play: the shipped Tafeln, or the user's own passed as `tafeln` (validated like any file). */
function stackOf(given: unknown): Tafel[] {
  if (given === undefined) return SHIPPED_TAFELN.slice();
  if (!Array.isArray(given) || given.length === 0) bad({ de: '"tafeln" muss eine Liste von Tafeln sein', en: '"tafeln" must be a list of Tafeln' });
  try {
    return (given as unknown[]).map((t, i) => parseTafel(t, `Tafel ${i + 1}`));
  } catch (e) {
    if (e instanceof TafelError) bad(e.text);
    throw e;
  }
}

/** A new game. Besides the options above, `tafeln` may carry a stack of the user's own Tafeln. */
function setup(given: Options): EubState {
  const { tafeln, ...rest } = (given ?? {}) as Options;
  const o = resolveOptions(options, rest);
  const players = o.players as number;
  let stack = stackOf(tafeln);
  const first = o.firstTafel as number;
  if (first > stack.length) bad({ de: `Tafel ${first} gibt es nicht: der Stapel hat ${stack.length}`, en: `there is no Tafel ${first}: the stack has ${stack.length}` });
  const problem = stackProblem(stack);
  if (problem) bad(problem);
  stack = stackOrder(stack, stack[first - 1], o.order === 'shuffled' ? createRng(o.seed as number) : null);
  for (const t of stack) {
    if (boxCount(t) > diceInPlay(players)) {
      bad({
        de: `Tafel "${t.id}" hat ${boxCount(t)} Kästchen, mit ${players} Spielern sind nur ${diceInPlay(players)} Würfel im Spiel`,
        en: `Tafel "${t.id}" has ${boxCount(t)} boxes; with ${players} players only ${diceInPlay(players)} dice are in play`,
      });
    }
  }
  const rules: EubRules = { noFitDice: o.noFitDice as EubRules['noFitDice'], outOfDice: o.outOfDice as EubRules['outOfDice'], liveRowsOnly: o.liveRowsOnly as boolean };
  return {
    game: GAME_ID,
    rules,
    players,
    stack,
    tafel: 0,
    durchgang: 1,
    filled: emptyFilled({ stack }, 0),
    ...deal(players),
    points: new Array(players).fill(START_POINTS),
    toMove: 0,
    turn: null,
    scores: [],
    history: [],
    last: null,
    over: false,
    counts: { turns: 0, rolls: 0, placements: 0 },
  };
}

function outcome(s: EubState): Outcome | null {
  if (!s.over) return null;
  const best = Math.max(...s.points);
  const winners = s.points.flatMap((p, i) => (p === best ? [i] : []));
  const names = joinTexts(winners.map(seatRef), ', ');
  return {
    winners,
    losers: [],
    draw: false,
    reason:
      winners.length > 1
        ? say({ de: `Gleichstand mit ${best} Punkten: `, en: `Tie at ${best} points: ` }, names, { de: ' teilen den Sieg.', en: ' share the win.' })
        : say(names, { de: ` gewinnt mit ${best} Punkten.`, en: ` wins with ${best} points.` }),
  };
}

function describeMove(s: EubState, m: EubMove): Text {
  if (m.type === 'roll') return { de: `Wurf: ${m.values.join(' ')}`, en: `Roll: ${m.values.join(' ')}` };
  if (m.type === 'stop') return { de: 'hört auf', en: 'stops' };
  const at = parseBoxId(m.box);
  const rows = currentTafel(s).rows;
  const row = at && rows[at[0]];
  const box = boxNameOf(m.box);
  const base = { de: `${m.value} auf ${box.de}`, en: `${m.value} on ${box.en}` };
  if (!at || !row || at[1] !== row.boxes.length - 1) return base;
  const white = row.colour === 'white';
  return {
    de: `${base.de}: ${white ? 'weiße' : 'schwarze'} Reihe ${at[0] + 1} fertig (${white ? '+' : '−'}${row.points})`,
    en: `${base.en}: ${row.colour} row ${at[0] + 1} complete (${white ? '+' : '−'}${row.points})`,
  };
}

function stats(s: EubState): Record<string, number> {
  const white = s.scores.filter((x) => x.colour === 'white');
  return {
    durchgaenge: s.history.length,
    turns: s.counts.turns,
    rolls: s.counts.rolls,
    placements: s.counts.placements,
    rowsCompleted: s.scores.length,
    whiteRows: white.length,
    blackRows: s.scores.length - white.length,
    pointsWon: white.reduce((a, x) => a + x.delta, 0),
    pointsPaid: -s.scores.filter((x) => x.colour === 'black').reduce((a, x) => a + x.delta, 0),
    topScore: Math.max(...s.points),
    lowScore: Math.min(...s.points),
  };
}

const ROLL_KEYS = ['type', 'values'];

function parseMove(v: unknown): EubMove {
  const c = new Check('bad-move');
  const o = c.object(v);
  const type = c.at('type').oneOf(o.type, ['roll', 'place', 'stop'] as const);
  if (type === 'roll') {
    c.keys(o, ROLL_KEYS);
    const values = c.at('values').array(o.values);
    if (values.length < 1 || values.length > 5) c.at('values').fail({ de: 'ein Wurf zeigt 1 bis 5 Würfel', en: 'a roll shows 1 to 5 dice' });
    return { type, values: values.map((x, i) => c.at('values').at(i).int(x, 1, 6)) };
  }
  if (type === 'place') {
    c.keys(o, ['type', 'value', 'box']);
    const box = c.at('box').string(o.box);
    if (!parseBoxId(box)) c.at('box').fail({ de: 'muss eine Kästchen-id wie "r2b3" sein', en: 'must be a box id like "r2b3"' });
    return { type, value: c.at('value').int(o.value, 1, 6), box };
  }
  c.keys(o, ['type']);
  return { type };
}

function parseObservation(v: unknown): EubObservation {
  const c = new Check('bad-observation');
  const o = c.object(v);
  c.keys(o, ['boxes', 'roll']);
  const boxes: Record<string, number> = {};
  for (const [k, x] of Object.entries(c.at('boxes').object(o.boxes))) {
    if (!parseBoxId(k)) c.at(`boxes.${k}`).fail({ de: 'ist keine Kästchen-id wie "r2b3"', en: 'is not a box id like "r2b3"' });
    boxes[k] = c.at(`boxes.${k}`).int(x, 1, 6);
  }
  if (o.roll === undefined) return { boxes };
  const roll = c.at('roll').array(o.roll);
  if (roll.length > DICE) c.at('roll').fail({ de: `hält höchstens ${DICE} Würfel`, en: `holds at most ${DICE} dice` });
  return { boxes, roll: roll.map((x, i) => c.at('roll').at(i).int(x, 1, 6)) };
}

/** A state from outside must be one the engine could have reached: shapes, dice count and rows that fill from the left. */
function parseState(v: unknown): EubState {
  const c = new Check('bad-state');
  const o = c.object(v);
  const keys = ['game', 'rules', 'players', 'stack', 'tafel', 'durchgang', 'filled', 'supply', 'box', 'points', 'toMove', 'turn', 'scores', 'history', 'last', 'over', 'counts'];
  c.keys(o, keys);
  for (const k of keys) if (!(k in o)) c.at(k).fail({ de: 'fehlt', en: 'is missing' });
  if (o.game !== GAME_ID) c.at('game').fail({ de: `muss "${GAME_ID}" sein`, en: `must be "${GAME_ID}"` });
  const r = c.at('rules').object(o.rules);
  c.at('rules').keys(r, ['noFitDice', 'outOfDice', 'liveRowsOnly']);
  const rules: EubRules = {
    noFitDice: c.at('rules.noFitDice').oneOf(r.noFitDice, ['return', 'lost'] as const),
    outOfDice: c.at('rules.outOfDice').oneOf(r.outOfDice, ['end', 'redeal'] as const),
    liveRowsOnly: c.at('rules.liveRowsOnly').bool(r.liveRowsOnly),
  };
  const players = c.at('players').int(o.players, 2, 6);
  const stackIn = c.at('stack').array(o.stack);
  if (stackIn.length === 0) c.at('stack').fail({ de: 'braucht mindestens eine Tafel', en: 'must hold at least one Tafel' });
  let stack: Tafel[];
  try {
    stack = stackIn.map((t, i) => parseTafel(t, `stack.${i}`));
  } catch (e) {
    if (e instanceof TafelError) throw new EngineError('bad-state', e.text);
    throw e;
  }
  const problem = stackProblem(stack);
  if (problem) throw new EngineError('bad-state', problem);
  const tafel = c.at('tafel').int(o.tafel, 0, stack.length - 1);
  const rows = stack[tafel].rows;
  const filledIn = c.at('filled').array(o.filled);
  if (filledIn.length !== rows.length) c.at('filled').fail({ de: `braucht ${rows.length} Reihen`, en: `must have ${rows.length} rows` });
  const filled = filledIn.map((rowIn, ri) => {
    const rc = c.at('filled').at(ri);
    const row = rc.array(rowIn);
    if (row.length !== rows[ri].boxes.length) rc.fail({ de: `braucht ${rows[ri].boxes.length} Kästchen`, en: `must have ${rows[ri].boxes.length} boxes` });
    const vals = row.map((x, bi) => (x === null ? null : rc.at(bi).int(x, 1, 6)));
    const free = nextBox(vals);
    if (free >= 0 && vals.slice(free).some((x) => x !== null)) rc.fail({ de: 'eine Reihe füllt sich von links: ein Würfel liegt rechts von einem leeren Kästchen', en: 'a row fills from the left: a die lies right of an empty box' });
    vals.forEach((x, bi) => {
      if (x !== null && !meets(rows[ri], bi, x, vals)) rc.at(bi).fail({ de: `${x} passt nicht in dieses Kästchen`, en: `${x} does not fit this box` });
    });
    // Where only live rows take dice, a dead row could never fill and the Durchgang would never end.
    if (rules.liveRowsOnly && free >= 0 && !canFinish(rows[ri], vals.slice(0, free) as number[])) rc.fail({ de: 'diese Reihe kann nie fertig werden', en: 'this row can never be completed' });
    return vals;
  });
  const ints = (key: string, min: number, max: number) => {
    const a = c.at(key).array(o[key]);
    if (a.length !== players) c.at(key).fail({ de: `braucht ${players} Einträge`, en: `must have ${players} entries` });
    return a.map((x, i) => c.at(key).at(i).int(x, min, max));
  };
  const supply = ints('supply', 0, DICE);
  const points = ints('points', 0, 1e9);
  const box = c.at('box').int(o.box, 0, DICE);
  const toMove = c.at('toMove').int(o.toMove, 0, players - 1);
  let turn: EubState['turn'] = null;
  if (o.turn !== null) {
    const tc = c.at('turn');
    const t = tc.object(o.turn);
    tc.keys(t, ['hand', 'rolls', 'placedSinceRoll']);
    if (tc.array(t.hand).length > DICE_PER_ROLL) tc.at('hand').fail({ de: `hält höchstens ${DICE_PER_ROLL} Würfel`, en: `holds at most ${DICE_PER_ROLL} dice` });
    turn = {
      // Sorted as play keeps it: move listing counts each value once by looking at its neighbour.
      hand: tc.at('hand').array(t.hand).map((x, i) => tc.at('hand').at(i).int(x, 1, 6)).sort((a, b) => a - b),
      rolls: tc.at('rolls').int(t.rolls, 1, MAX_ROLLS),
      placedSinceRoll: tc.at('placedSinceRoll').int(t.placedSinceRoll, 0, DICE),
    };
  }
  const onTafel = filled.flat().filter((x) => x !== null).length;
  const total = supply.reduce((a, b) => a + b, 0) + box + onTafel + (turn?.hand.length ?? 0);
  if (total !== DICE) c.fail({ de: `die Würfel ergeben ${total}, nicht ${DICE} (Vorräte, Schachtel, Tafel und Hand)`, en: `the dice add up to ${total}, not ${DICE} (supplies, box, Tafel and hand)` });
  if (box < DICE - diceInPlay(players)) c.at('box').fail({ de: `hält mindestens die ${DICE - diceInPlay(players)} Würfel, die beim Verteilen übrig bleiben`, en: `holds the ${DICE - diceInPlay(players)} dice the deal leaves over, at least` });
  const over = c.at('over').bool(o.over);
  // States play can never reach, where a move listing or a roll would go wrong.
  if (over && turn) c.at('turn').fail({ de: 'muss null sein, wenn das Spiel zu Ende ist', en: 'must be null once the game is over' });
  if (!over && !turn && supply[toMove] === 0) c.at('toMove').fail({ de: 'wer keine Würfel hat, ist nie am Zug', en: 'a seat without dice is never to move' });
  if (turn && turn.hand.length === 0) c.at('turn.hand').fail({ de: 'ein Zug, dessen Würfel alle gelegt sind, ist zu Ende', en: 'a turn with every die placed has ended' });
  const counts = c.at('counts').object(o.counts);
  c.at('counts').keys(counts, ['turns', 'rolls', 'placements']);
  // Score lines and summaries are the game's own history; their shapes are checked, their sums trusted.
  const scores = c.at('scores').array(o.scores).map((x, i) => {
    const sc = c.at('scores').at(i);
    const e = sc.object(x);
    sc.keys(e, ['durchgang', 'seat', 'row', 'colour', 'points', 'delta']);
    return {
      durchgang: sc.at('durchgang').int(e.durchgang, 1),
      seat: sc.at('seat').int(e.seat, 0, players - 1),
      row: sc.at('row').int(e.row, 1, 6),
      colour: sc.at('colour').oneOf(e.colour, ['white', 'black'] as const),
      points: sc.at('points').int(e.points, 10, 500),
      delta: sc.at('delta').int(e.delta, -500, 500),
    };
  });
  const history = c.at('history').array(o.history).map((x, i) => {
    const hc = c.at('history').at(i);
    const e = hc.object(x);
    hc.keys(e, ['number', 'tafel', 'ended', 'by', 'points']);
    return {
      number: hc.at('number').int(e.number, 1),
      tafel: hc.at('tafel').string(e.tafel),
      ended: hc.at('ended').oneOf(e.ended, ['full', 'out-of-dice', 'blocked'] as const),
      by: hc.at('by').int(e.by, 0, players - 1),
      points: hc.at('points').array(e.points).map((p, k) => hc.at('points').at(k).int(p, 0)),
    };
  });
  let last: EubState['last'] = null;
  if (o.last !== null) {
    const lc = c.at('last');
    const l = lc.object(o.last);
    lc.keys(l, ['seat', 'reason', 'returned', 'lost']);
    last = {
      seat: lc.at('seat').int(l.seat, 0, players - 1),
      reason: lc.at('reason').oneOf(l.reason, ['stop', 'no-fit', 'all-placed', 'tafel-full', 'blocked', 'out-of-dice'] as const),
      returned: lc.at('returned').int(l.returned, 0, DICE),
      lost: lc.at('lost').int(l.lost, 0, DICE),
    };
  }
  const state: EubState = {
    game: GAME_ID,
    rules,
    players,
    stack,
    tafel,
    durchgang: c.at('durchgang').int(o.durchgang, 1),
    filled,
    supply,
    box,
    points,
    toMove,
    turn,
    scores,
    history,
    last,
    over,
    counts: {
      turns: c.at('counts.turns').int(counts.turns, 0),
      rolls: c.at('counts.rolls').int(counts.rolls, 0),
      placements: c.at('counts.placements').int(counts.placements, 0),
    },
  };
  if (turn && turn.placedSinceRoll === 0 && !anyFits(state, turn.hand)) c.at('turn.hand').fail({ de: 'kein Würfel dieses Wurfs passt: mit ihm wäre der Zug zu Ende gewesen', en: 'no die of this roll fits: the turn would have ended with it' });
  return state;
}

export const engelUndBengel: Game<EubState, EubMove, EubObservation> = {
  id: GAME_ID,
  name: { de: 'Engel und Bengel', en: 'Engel und Bengel' },
  players: { min: 2, max: 6 },
  options,
  setup,
  toMove: (s) => (s.over ? null : s.toMove),
  legalMoves,
  play: applyMove,
  outcome,
  score: (s) => s.points.slice(),
  explain: (s, observed) => explanationOf(s, explainObservation(s, observed)),
  describeMove,
  parseState,
  parseMove,
  parseObservation,
  bots,
  stats,
};
