import { deckDifference, parseHidden, seatList } from '../core/card-games.ts';
import { Check } from '../core/validate.ts';
import { COLOURS, DECK_SIZE, SIDES, SIDE_MAX, ROW_MAX, cardKey, fullDeck, type Card, type Colour } from './cards.ts';
import { copiesLeft, emptyRows, type Rows } from './rules.ts';
import { checkCoherent } from './coherence.ts';
import { OPTIONS, ROUND_LIMIT, roundsOf } from './options.ts';
import type { ColourResult, DiaboloMove, DiaboloState } from './state.ts';

/**
 * States, moves and observations from outside (`schiri engine`, records), refused with the path
 * at fault where they are not what the game could have made.
 */

function parseCard(c: Check, v: unknown): Card {
  const o = c.object(v);
  c.keys(o, ['colour', 'value']);
  return { colour: c.at('colour').oneOf(o.colour, COLOURS), value: c.at('value').int(o.value, 1, 5) };
}

/**
 * The rows: in a state within the table's limits (3 a side, 5 a row); as seen by a camera any
 * number of cards (a colour has 14), so that `explain` can say what is wrong with a fourth card
 * on a side or a sixth in a row instead of refusing the picture.
 */
function parseRows(c: Check, v: unknown, limits: boolean): Rows {
  const o = c.object(v);
  c.keys(o, COLOURS);
  const rows = emptyRows();
  for (const colour of COLOURS) {
    const r = c.at(colour).object(o[colour]);
    c.at(colour).keys(r, SIDES);
    for (const side of SIDES) {
      const vals = c.at(colour).at(side).array(r[side]);
      const most = limits ? SIDE_MAX : 14;
      if (vals.length > most) c.at(colour).at(side).fail({ de: `hält höchstens ${most} Karten`, en: `holds at most ${most} cards` });
      rows[colour][side] = vals.map((x, i) => c.at(colour).at(side).at(i).int(x, 1, 5));
    }
    if (limits && rows[colour].devil.length + rows[colour].angel.length > ROW_MAX) c.at(colour).fail({ de: `hält höchstens ${ROW_MAX} Karten`, en: `holds at most ${ROW_MAX} cards` });
  }
  return rows;
}

export const parseObservation = (v: unknown): Rows => parseRows(new Check('bad-observation'), v, false);

/** Seats ascending, each once, all below `n`. */
function parseSeats(c: Check, v: unknown, n: number): number[] {
  const xs = c.array(v).map((x, i) => c.at(i).int(x, 0, n - 1));
  if (xs.some((x, i) => i > 0 && x <= xs[i - 1])) c.fail({ de: 'muss aufsteigend sein, jeder Platz einmal', en: 'must be ascending, each seat once' });
  return xs;
}

function parseResult(c: Check, v: unknown, n: number): ColourResult {
  const o = c.object(v);
  c.keys(o, ['colour', 'angels', 'devils', 'verdict', 'announced', 'highest', 'sums', 'points']);
  let highest: ColourResult['highest'] = null;
  if (o.highest !== null) {
    const h = c.at('highest').object(o.highest);
    c.at('highest').keys(h, ['sum', 'seats']);
    highest = { sum: c.at('highest').at('sum').int(h.sum, 0, 37), seats: parseSeats(c.at('highest').at('seats'), h.seats, n) };
  }
  return {
    colour: c.at('colour').oneOf(o.colour, COLOURS),
    angels: c.at('angels').int(o.angels, 0, 15),
    devils: c.at('devils').int(o.devils, 0, 15),
    verdict: c.at('verdict').oneOf(o.verdict, ['angels', 'devils', 'equal'] as const),
    announced: seatList(c.at('announced'), o.announced, n, (cc, x) => cc.bool(x)),
    highest,
    sums: o.sums === null ? null : seatList(c.at('sums'), o.sums, n, (cc, x) => cc.int(x, 0, 37)),
    points: seatList(c.at('points'), o.points, n, (cc, x) => cc.int(x, -37, 74)),
  };
}

const RULE_KEYS = ['emptyDrawPile', 'doppler', 'colourOrder', 'entry', 'gameEnd', 'endRounds'];
/** Rules a state from before they were switchable may lack: their defaults, the way such a game was played. */
const LATER_RULES: Record<string, unknown> = Object.fromEntries(OPTIONS.filter((o) => o.key === 'gameEnd' || o.key === 'endRounds').map((o) => [o.key, o.default]));

const KEYS = ['game', 'view', 'players', 'rules', 'round', 'phase', 'turn', 'rows', 'discards', 'drawPile', 'handSizes', 'scores', 'dopplerUsed', 'scoring', 'toScore', 'results', 'pileLeft', 'hidden'];

export function parseState(v: unknown): DiaboloState {
  const c = new Check('bad-state');
  const o = c.object(v);
  c.keys(o, KEYS);
  for (const k of KEYS) if (!(k in o)) c.at(k).fail({ de: 'fehlt', en: 'is missing' });
  if (o.game !== 'diabolo') c.at('game').fail({ de: 'muss "diabolo" sein', en: 'must be "diabolo"' });
  const n = c.at('players').int(o.players, 3, 5);
  const r = { ...LATER_RULES, ...c.at('rules').object(o.rules) };
  c.at('rules').keys(r, RULE_KEYS);
  const s: DiaboloState = {
    game: 'diabolo',
    view: c.at('view').oneOf(o.view, ['full', 'referee'] as const),
    players: n,
    rules: {
      emptyDrawPile: c.at('rules.emptyDrawPile').oneOf(r.emptyDrawPile, ['skip-draw', 'end-round'] as const),
      doppler: c.at('rules.doppler').oneOf(r.doppler, ['aloud', 'hidden'] as const),
      colourOrder: c.at('rules.colourOrder').oneOf(r.colourOrder, ['fixed', 'chosen'] as const),
      entry: c.at('rules.entry').oneOf(r.entry, ['highest', 'every-sum'] as const),
      gameEnd: c.at('rules.gameEnd').oneOf(r.gameEnd, ['each-deals', 'rounds'] as const),
      endRounds: c.at('rules.endRounds').int(r.endRounds, 1, ROUND_LIMIT),
    },
    round: 0,
    phase: c.at('phase').oneOf(o.phase, ['play', 'colour', 'doppler', 'reveal', 'over'] as const),
    turn: c.at('turn').int(o.turn, 0, n - 1),
    rows: parseRows(c.at('rows'), o.rows, true),
    discards: c.at('discards').array(o.discards).map((x, i) => parseCard(c.at('discards').at(i), x)),
    drawPile: c.at('drawPile').int(o.drawPile, 0, DECK_SIZE),
    handSizes: seatList(c.at('handSizes'), o.handSizes, n, (cc, x) => cc.int(x, 0, DECK_SIZE)),
    scores: [],
    dopplerUsed: seatList(c.at('dopplerUsed'), o.dopplerUsed, n, (cc, x) => cc.bool(x)),
    scoring: null,
    toScore: c.at('toScore').array(o.toScore).map((x, i) => c.at('toScore').at(i).oneOf(x, COLOURS)) as Colour[],
    results: c.at('results').array(o.results).map((x, i) => c.at('results').at(i).array(x).map((y, j) => parseResult(c.at('results').at(i).at(j), y, n))),
    pileLeft: c.at('pileLeft').array(o.pileLeft).map((x, i) => c.at('pileLeft').at(i).int(x, 0, DECK_SIZE)),
    hidden: null,
  };
  const rounds = roundsOf(s.rules, n);
  s.round = c.at('round').int(o.round, 0, rounds - 1);
  // Each round scores every colour once, each from -37 to 74 points (as in parseResult).
  s.scores = seatList(c.at('scores'), o.scores, n, (cc, x) => cc.int(x, -37 * COLOURS.length * rounds, 74 * COLOURS.length * rounds));
  if (o.scoring !== null) {
    const sc = c.at('scoring').object(o.scoring);
    c.at('scoring').keys(sc, ['colour', 'announced', 'sums']);
    s.scoring = {
      colour: c.at('scoring').at('colour').oneOf(sc.colour, COLOURS),
      announced: sc.announced === null ? null : seatList(c.at('scoring').at('announced'), sc.announced, n, (cc, x) => cc.bool(x)),
      sums: seatList(c.at('scoring').at('sums'), sc.sums, n, (cc, x) => (x === null ? null : cc.int(x, 0, 37))),
    };
  }
  const scoring = s.phase === 'doppler' || s.phase === 'reveal';
  if (scoring !== (s.scoring !== null)) c.at('scoring').fail({ de: `passt nicht zur Phase "${s.phase}"`, en: `does not fit phase "${s.phase}"` });
  if (s.scoring && (s.scoring.announced === null) !== (s.phase === 'doppler')) c.at('scoring.announced').fail({ de: `passt nicht zur Phase "${s.phase}"`, en: `does not fit phase "${s.phase}"` });
  if (s.results.length !== s.round + 1) c.at('results').fail({ de: 'braucht eine Liste je begonnener Runde', en: 'must hold one list per round begun' });
  if (s.pileLeft.length !== s.round + (s.phase === 'play' ? 0 : 1)) c.at('pileLeft').fail({ de: 'braucht eine Zahl je zu Ende gespielter Runde', en: 'must hold one count per round whose play ended' });
  if (s.view === 'full') {
    s.hidden = parseHidden(c, o.hidden, n, parseCard, s);
    const missing = cardsMissing(allCards(s));
    if (missing) c.at('hidden').fail({ de: `die 70 Karten gehen nicht auf: ${missing}`, en: `the 70 cards do not add up: ${missing}` });
  } else {
    if (o.hidden !== null) c.at('hidden').fail({ de: 'muss in der Schiedsrichter-Sicht null sein', en: 'must be null in the referee view' });
    for (const colour of COLOURS) {
      if (Object.values(copiesLeft(s.rows, s.discards, colour)).some((k) => k < 0)) {
        c.at('rows').fail({ de: `mehr Karten einer Farbe ${colour} als es gibt`, en: `more copies of a ${colour} card than exist` });
      }
    }
  }
  checkCoherent(c, s);
  return s;
}

/** Every card the full view knows of, wherever it lies: hands, draw pile, rows, discards. */
export function allCards(s: DiaboloState): Card[] {
  const rows = COLOURS.flatMap((colour) => [...s.rows[colour].devil, ...s.rows[colour].angel].map((value) => ({ colour, value })));
  return [...(s.hidden?.hands.flat() ?? []), ...(s.hidden?.deck ?? []), ...rows, ...s.discards];
}

/** Null when `cards` is exactly the 70-card deck, else what is wrong (card keys like `c1/5 +1`). */
export function cardsMissing(cards: readonly Card[]): string | null {
  return deckDifference(cards, fullDeck(), cardKey);
}

export function parseMove(v: unknown): DiaboloMove {
  const c = new Check('bad-move');
  const o = c.object(v);
  const type = c.at('type').oneOf(o.type, ['play', 'discard', 'colour', 'doppler', 'reveal', 'highest'] as const);
  switch (type) {
    case 'play':
      c.keys(o, ['type', 'colour', 'value', 'side']);
      return { type, ...parseCard(c, { colour: o.colour, value: o.value }), side: c.at('side').oneOf(o.side, SIDES) };
    case 'discard':
      c.keys(o, ['type', 'colour', 'value']);
      return { type, ...parseCard(c, { colour: o.colour, value: o.value }) };
    case 'colour':
      c.keys(o, ['type', 'colour']);
      return { type, colour: c.at('colour').oneOf(o.colour, COLOURS) };
    case 'doppler':
      c.keys(o, ['type', 'seats']);
      return { type, seats: parseSeats(c.at('seats'), o.seats, 5) };
    case 'reveal':
      c.keys(o, ['type', 'sum']);
      return { type, sum: c.at('sum').int(o.sum, 0, 37) };
    case 'highest':
      c.keys(o, ['type', 'sum', 'seats']);
      return { type, sum: c.at('sum').int(o.sum, 0, 37), seats: parseSeats(c.at('seats'), o.seats, 5) };
  }
}
