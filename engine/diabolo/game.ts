import type { Explanation, Game, OptionSpec, Outcome, Text } from '../core/contract.ts';
import { EngineError } from '../core/errors.ts';
import { resolveOptions, seedOption, viewOption } from '../core/options.ts';
import { illegal, refuse, setAt } from '../core/refusal.ts';
import { createRng, shuffle } from '../core/rng.ts';
import { Check } from '../core/validate.ts';
import { diaboloBots } from './bots.ts';
import { COLOURS, COPIES, DECK_SIZE, HAND_SIZE, SIDES, cardText, fullDeck, sameCard, sideText, type Card, type Colour, type Side } from './cards.ts';
import {
  emptyRows,
  isLocked,
  lockedCount,
  locksToEnd,
  place,
  reachableSums,
  scoreColour,
  total,
  unseenValues,
  copiesLeft,
  fewestCards,
  verdict,
  whyNotPlace,
  type Refusal,
  type Rows,
  type Verdict,
} from './rules.ts';

/**
 * Himmel + Hölle, the card game (Diabolo). One module, two views chosen by the `view` option:
 * - `full`: every hand and the draw pile are in the state (bots, simulation, tests); the engine
 *   deals, draws and reveals by itself.
 * - `referee`: only what lies open plus what players enter; the engine checks each entry against
 *   what it can know (row limits, locked rows, copies already seen, hand sizes) and, at scoring,
 *   asks each player in turn for their hand sum of the colour (phase `reveal`).
 * Both views share the table rules (rules.ts) and every transition below; they differ only where
 * a hand is touched.
 */
export type View = 'full' | 'referee';
export type Phase = 'play' | 'doppler' | 'reveal' | 'over';

export interface ColourResult {
  colour: Colour;
  angels: number;
  devils: number;
  verdict: Verdict;
  announced: boolean[];
  /** Revealed hand sums per seat; null when the colour was equal and nobody revealed. */
  sums: number[] | null;
  points: number[];
}

export interface Scoring {
  colour: Colour;
  /** Doppler choice per seat: null while still to choose; false for seats that cannot choose. */
  announced: (boolean | null)[];
  sums: (number | null)[];
}

export interface Hidden {
  hands: Card[][];
  /** The draw pile; its last card is the top. */
  deck: Card[];
  seed: number;
}

export interface DiaboloState {
  game: 'diabolo';
  view: View;
  players: number;
  emptyDrawPile: 'skip-draw' | 'end-round';
  dopplerIfNobodyScores: 'spent' | 'kept';
  /** 0-based; seat `round % players` deals, the seat after it begins. */
  round: number;
  phase: Phase;
  turn: number;
  rows: Rows;
  discards: Card[];
  drawPile: number;
  handSizes: number[];
  scores: number[];
  dopplerUsed: boolean[];
  scoring: Scoring | null;
  /** One list per round begun, each colour's outcome in scoring order. */
  results: ColourResult[][];
  /** Cards left in the draw pile when each finished round's play ended (did the pile last?). */
  pileLeft: number[];
  /** Hands and draw pile in the full view; null in the referee's view. */
  hidden: Hidden | null;
}

export type DiaboloMove =
  | { type: 'play'; colour: Colour; value: number; side: Side }
  | { type: 'discard'; colour: Colour; value: number }
  | { type: 'doppler'; announce: boolean }
  | { type: 'reveal'; sum: number };

/** What a camera (later) or a test sees: the rows as they lie. */
export type DiaboloObservation = Rows;

const options: OptionSpec[] = [
  { key: 'players', type: 'integer', default: 4, min: 3, max: 5, label: { de: 'Spieler', en: 'Players' } },
  viewOption,
  seedOption({ de: 'Nur in der Simulation: bestimmt, wie gemischt wird.', en: 'Simulation only: decides the shuffles.' }),
  {
    key: 'emptyDrawPile',
    type: 'enum',
    default: 'skip-draw',
    interpretation: true,
    values: [
      { value: 'skip-draw', label: { de: 'Ohne Ziehen weiterspielen', en: 'Skip the draw, play on' } },
      { value: 'end-round', label: { de: 'Runde endet', en: 'The round ends' } },
    ],
    label: { de: 'Leerer Nachziehstapel', en: 'Empty draw pile' },
  },
  {
    key: 'dopplerIfNobodyScores',
    type: 'enum',
    default: 'spent',
    interpretation: true,
    values: [
      { value: 'spent', label: { de: 'Angesagter Doppler verfällt', en: 'An announced Doppler is spent' } },
      { value: 'kept', label: { de: 'Angesagter Doppler bleibt', en: 'An announced Doppler is kept' } },
    ],
    label: { de: 'Niemand hält die Farbe (alle Summe 0)', en: 'Nobody holds the colour (all sums 0)' },
  },
];

const fill = <T>(n: number, v: T): T[] => Array.from({ length: n }, () => v);

export const starter = (s: Pick<DiaboloState, 'round' | 'players'>) => (s.round + 1) % s.players;
/** Seats in play order from the round's first player: the order of Doppler choices and reveals. */
export const seatsInOrder = (s: Pick<DiaboloState, 'round' | 'players'>) =>
  Array.from({ length: s.players }, (_, i) => (starter(s) + i) % s.players);

// ---- round flow -------------------------------------------------------------------------------

function startRound(s: DiaboloState, round: number): DiaboloState {
  const n = s.players;
  let hidden: Hidden | null = null;
  if (s.hidden) {
    const rng = createRng(s.hidden.seed);
    const deck = shuffle(fullDeck(), rng);
    hidden = {
      hands: Array.from({ length: n }, (_, p) => deck.slice(p * HAND_SIZE, (p + 1) * HAND_SIZE)),
      deck: deck.slice(n * HAND_SIZE),
      seed: rng.seed,
    };
  }
  const next: DiaboloState = {
    ...s,
    round,
    phase: 'play',
    rows: emptyRows(),
    discards: [],
    drawPile: DECK_SIZE - n * HAND_SIZE,
    handSizes: fill(n, HAND_SIZE),
    dopplerUsed: fill(n, false),
    scoring: null,
    results: [...s.results, []],
    hidden,
  };
  return beginTurn(next, starter(next));
}

/** A turn begins with the draw, so the state a player decides on already holds the drawn card. */
function beginTurn(s: DiaboloState, seat: number): DiaboloState {
  const at = { ...s, turn: seat };
  if (s.drawPile === 0) return s.emptyDrawPile === 'end-round' ? endPlay(at) : at;
  let hidden = s.hidden;
  if (hidden) {
    const top = hidden.deck[hidden.deck.length - 1];
    hidden = { ...hidden, deck: hidden.deck.slice(0, -1), hands: setAt(hidden.hands, seat, [...hidden.hands[seat], top]) };
  }
  return { ...at, drawPile: s.drawPile - 1, handSizes: setAt(s.handSizes, seat, s.handSizes[seat] + 1), hidden };
}

function endTurn(s: DiaboloState): DiaboloState {
  if (lockedCount(s.rows) >= locksToEnd(s.players)) return endPlay(s);
  return beginTurn(s, (s.turn + 1) % s.players);
}

/** The round's play is over: note what the draw pile had left, and score. */
function endPlay(s: DiaboloState): DiaboloState {
  return openColour({ ...s, pileLeft: [...s.pileLeft, s.drawPile] }, 0);
}

/** Scores colours from index `i` on, stopping where a player has to decide or reveal. */
function openColour(s: DiaboloState, i: number): DiaboloState {
  if (i >= COLOURS.length) return endRound(s);
  const colour = COLOURS[i];
  const row = s.rows[colour];
  const v = verdict(row);
  if (v === 'equal') {
    const result: ColourResult = {
      colour,
      angels: total(row.angel),
      devils: total(row.devil),
      verdict: v,
      announced: fill(s.players, false),
      sums: null,
      points: fill(s.players, 0),
    };
    return openColour({ ...s, results: pushResult(s.results, result) }, i + 1);
  }
  const announced = s.dopplerUsed.map((used) => (v === 'angels' && !used ? null : false));
  return afterChoice({ ...s, phase: 'doppler', scoring: { colour, announced, sums: fill(s.players, null) } });
}

function afterChoice(s: DiaboloState): DiaboloState {
  const sc = s.scoring!;
  if (sc.announced.includes(null)) return s;
  if (!s.hidden) return { ...s, phase: 'reveal' };
  const sums = s.hidden.hands.map((h) => total(h.filter((c) => c.colour === sc.colour).map((c) => c.value)));
  return finishColour({ ...s, scoring: { ...sc, sums } });
}

function finishColour(s: DiaboloState): DiaboloState {
  const sc = s.scoring!;
  const row = s.rows[sc.colour];
  const v = verdict(row);
  const sums = sc.sums as number[];
  const announced = sc.announced as boolean[];
  const { points, spent } = scoreColour(v, sums, announced, s.dopplerIfNobodyScores === 'kept');
  const result: ColourResult = { colour: sc.colour, angels: total(row.angel), devils: total(row.devil), verdict: v, announced, sums, points };
  const next: DiaboloState = {
    ...s,
    scores: s.scores.map((x, p) => x + points[p]),
    dopplerUsed: s.dopplerUsed.map((u, p) => u || spent[p]),
    results: pushResult(s.results, result),
    scoring: null,
  };
  return openColour(next, COLOURS.indexOf(sc.colour) + 1);
}

const pushResult = (results: ColourResult[][], r: ColourResult) => [...results.slice(0, -1), [...results[results.length - 1], r]];

function endRound(s: DiaboloState): DiaboloState {
  if (s.round + 1 >= s.players) return { ...s, phase: 'over', scoring: null };
  return startRound(s, s.round + 1);
}

// ---- what a seat may do -------------------------------------------------------------------------

/** How many copies of a card the seat to move could hold, as far as this view knows. */
function holdable(s: DiaboloState, card: Card): number {
  if (s.hidden) return s.hidden.hands[s.turn].filter((c) => sameCard(c, card)).length;
  if (s.handSizes[s.turn] === 0) return 0;
  return unseenValues(s.rows, s.discards, card.colour).filter((v) => v === card.value).length;
}

function requireHeld(s: DiaboloState, card: Card): void {
  if (holdable(s, card) > 0) return;
  if (s.hidden) {
    illegal({ de: `Spieler ${s.turn + 1} hat ${cardText(card)} nicht auf der Hand.`, en: `Player ${s.turn + 1} does not hold ${cardText(card)}.` });
  }
  if (s.handSizes[s.turn] === 0) illegal({ de: `Spieler ${s.turn + 1} hat keine Karte auf der Hand.`, en: `Player ${s.turn + 1} holds no card.` });
  illegal({
    de: `Alle ${COPIES[card.value]} Karten ${cardText(card)} liegen schon offen.`,
    en: `All ${COPIES[card.value]} cards ${cardText(card)} are already in the open.`,
  });
}

function requirePhase(s: DiaboloState, phase: Phase): void {
  if (s.phase === phase) return;
  const now: Record<Phase, Text> = {
    play: { de: 'Es wird gerade gespielt.', en: 'Cards are being played.' },
    doppler: { de: 'Jetzt wird der Doppler angesagt.', en: 'Now the Doppler is announced.' },
    reveal: { de: 'Jetzt werden die Handsummen aufgedeckt.', en: 'Now the hand sums are revealed.' },
    over: { de: 'Das Spiel ist zu Ende.', en: 'The game is over.' },
  };
  illegal(now[s.phase]);
}

/** Cards the seat to move could play (full: its hand; referee: any copy not yet seen). */
function candidateCards(s: DiaboloState): Card[] {
  if (s.hidden) {
    const hand = s.hidden.hands[s.turn];
    return hand.filter((c, i) => hand.findIndex((d) => sameCard(c, d)) === i);
  }
  const out: Card[] = [];
  for (const colour of COLOURS) {
    for (const value of [1, 2, 3, 4, 5]) if (holdable(s, { colour, value }) > 0) out.push({ colour, value });
  }
  return out;
}

/** Hand cards of `seat` not already needed for the sums it revealed in earlier colours this round. */
function freeCards(s: DiaboloState, seat: number): number {
  return s.results[s.round].reduce((n, r) => (r.sums ? n - fewestCards(unseenValues(s.rows, s.discards, r.colour), r.sums[seat]) : n), s.handSizes[seat]);
}

function revealable(s: DiaboloState, seat: number): ReadonlySet<number> {
  return reachableSums(unseenValues(s.rows, s.discards, s.scoring!.colour), Math.max(0, freeCards(s, seat)));
}

function checkReveal(s: DiaboloState, seat: number, sum: number): void {
  const sc = s.scoring!;
  if (!revealable(s, seat).has(sum)) {
    const free = freeCards(s, seat);
    const of = free === s.handSizes[seat] ? '' : ` (${s.handSizes[seat]} − ${s.handSizes[seat] - free})`;
    illegal({
      de: `Spieler ${seat + 1} kann mit ${free}${of} Handkarten keine Summe ${sum} in ${sc.colour} halten.`,
      en: `Player ${seat + 1} cannot hold a sum of ${sum} in ${sc.colour} with ${free}${of} cards.`,
    });
  }
  const entered = total(sc.sums.filter((x): x is number => x !== null));
  const left = total(unseenValues(s.rows, s.discards, sc.colour));
  if (entered + sum > left) {
    illegal({
      de: `Zusammen können die Hände in ${sc.colour} höchstens ${left} halten, schon eingegeben: ${entered}.`,
      en: `Together the hands can hold at most ${left} in ${sc.colour}; entered so far: ${entered}.`,
    });
  }
}

// ---- the contract -----------------------------------------------------------------------------

function toMove(s: DiaboloState): number | null {
  switch (s.phase) {
    case 'play':
      return s.turn;
    case 'doppler':
      return seatsInOrder(s).find((p) => s.scoring!.announced[p] === null)!;
    case 'reveal':
      return seatsInOrder(s).find((p) => s.scoring!.sums[p] === null)!;
    case 'over':
      return null;
  }
}

function legalMoves(s: DiaboloState): DiaboloMove[] {
  switch (s.phase) {
    case 'play': {
      const cards = candidateCards(s);
      const plays: DiaboloMove[] = [];
      for (const c of cards) for (const side of SIDES) if (!whyNotPlace(s.rows, c.colour, side)) plays.push({ type: 'play', ...c, side });
      // A discard is legal only for a hand with nothing to play; the referee cannot see the
      // hand, so it offers discards of locked colours alongside the plays.
      const discards = cards.filter((c) => isLocked(s.rows[c.colour])).map((c): DiaboloMove => ({ type: 'discard', ...c }));
      if (s.hidden) return plays.length > 0 ? plays : discards;
      return [...plays, ...discards];
    }
    case 'doppler':
      return [
        { type: 'doppler', announce: false },
        { type: 'doppler', announce: true },
      ];
    case 'reveal':
      return [...revealable(s, toMove(s)!)].sort((a, b) => a - b).map((sum) => ({ type: 'reveal', sum }));
    case 'over':
      return [];
  }
}

function play(s: DiaboloState, m: DiaboloMove): DiaboloState {
  if (s.phase === 'over') throw new EngineError('game-over', { de: 'Das Spiel ist zu Ende.', en: 'The game is over.' });
  switch (m.type) {
    case 'play': {
      requirePhase(s, 'play');
      const why = whyNotPlace(s.rows, m.colour, m.side);
      if (why) refuse(why);
      const card = { colour: m.colour, value: m.value };
      requireHeld(s, card);
      return endTurn({ ...removeFromHand(s, card), rows: place(s.rows, m.colour, m.side, m.value) });
    }
    case 'discard': {
      requirePhase(s, 'play');
      const card = { colour: m.colour, value: m.value };
      requireHeld(s, card);
      const open = s.hidden ? s.hidden.hands[s.turn].find((c) => !isLocked(s.rows[c.colour])) : isLocked(s.rows[m.colour]) ? undefined : card;
      if (open) {
        illegal({
          de: `Abwerfen nur, wer nichts anlegen kann: ${cardText(open)} passt noch in die Reihe ${open.colour}.`,
          en: `Only a player who cannot play may discard: ${cardText(open)} still fits row ${open.colour}.`,
        });
      }
      return endTurn({ ...removeFromHand(s, card), discards: [...s.discards, card] });
    }
    case 'doppler': {
      requirePhase(s, 'doppler');
      const seat = toMove(s)!;
      return afterChoice({ ...s, scoring: { ...s.scoring!, announced: setAt(s.scoring!.announced, seat, m.announce) } });
    }
    case 'reveal': {
      if (s.hidden) illegal({ de: 'In der Simulation deckt das Spiel selbst auf.', en: 'With all cards known the game reveals by itself.' });
      requirePhase(s, 'reveal');
      const seat = toMove(s)!;
      checkReveal(s, seat, m.sum);
      const sums = setAt(s.scoring!.sums, seat, m.sum);
      const next = { ...s, scoring: { ...s.scoring!, sums } };
      return sums.includes(null) ? next : finishColour(next);
    }
  }
}

function removeFromHand(s: DiaboloState, card: Card): DiaboloState {
  const handSizes = setAt(s.handSizes, s.turn, s.handSizes[s.turn] - 1);
  if (!s.hidden) return { ...s, handSizes };
  const hand = s.hidden.hands[s.turn];
  const i = hand.findIndex((c) => sameCard(c, card));
  const hands = setAt(s.hidden.hands, s.turn, [...hand.slice(0, i), ...hand.slice(i + 1)]);
  return { ...s, handSizes, hidden: { ...s.hidden, hands } };
}

function outcome(s: DiaboloState): Outcome | null {
  if (s.phase !== 'over') return null;
  const best = Math.max(...s.scores);
  const winners = s.scores.flatMap((x, p) => (x === best ? [p] : []));
  const names = winners.map((p) => p + 1).join(', ');
  return {
    winners,
    losers: [],
    draw: winners.length === s.players,
    reason: {
      de: `Nach ${s.players} Runden: die meisten Punkte (${best}) hat Spieler ${names}.`,
      en: `After ${s.players} rounds: most points (${best}) for player ${names}.`,
    },
  };
}

function explain(s: DiaboloState, observed: Rows): Explanation<DiaboloMove> {
  const added: { colour: Colour; side: Side; value: number }[] = [];
  for (const colour of COLOURS) {
    for (const side of SIDES) {
      const before = s.rows[colour][side];
      const now = observed[colour][side];
      if (now.length < before.length || before.some((v, i) => now[i] !== v)) {
        return { legal: false, code: 'card-moved', reason: { de: `In ${colour} wurde eine Karte bewegt.`, en: `A card in ${colour} was moved.` } };
      }
      for (const value of now.slice(before.length)) added.push({ colour, side, value });
    }
  }
  if (added.length === 0) return { legal: true, unchanged: true, moves: [] };
  if (added.length > 1) {
    return { legal: false, code: 'several-cards', reason: { de: 'Es kam mehr als eine Karte hinzu.', en: 'More than one card was added.' } };
  }
  const move: DiaboloMove = { type: 'play', ...added[0] };
  try {
    play(s, move);
  } catch (e) {
    if (e instanceof EngineError) return { legal: false, code: 'illegal-move', reason: e.text };
    throw e;
  }
  return { legal: true, unchanged: false, moves: [move] };
}

function describeMove(s: DiaboloState, m: DiaboloMove): Text {
  const who = toMove(s);
  const p = who === null ? '' : `${who + 1}: `;
  switch (m.type) {
    case 'play':
      return { de: `${p}${m.colour} ${m.value} → ${sideText[m.side].de}`, en: `${p}${m.colour} ${m.value} → ${sideText[m.side].en}` };
    case 'discard':
      return { de: `${p}wirft ${m.colour} ${m.value} ab`, en: `${p}discards ${m.colour} ${m.value}` };
    case 'doppler':
      // The choice stays secret until the reveal, so the text never says which it was.
      return { de: `${p}Doppler gewählt`, en: `${p}Doppler chosen` };
    case 'reveal':
      return { de: `${p}Summe ${m.sum} in ${s.scoring?.colour}`, en: `${p}sum ${m.sum} in ${s.scoring?.colour}` };
  }
}

// ---- parsing ----------------------------------------------------------------------------------

function parseCard(c: Check, v: unknown): Card {
  const o = c.object(v);
  c.keys(o, ['colour', 'value']);
  return { colour: c.at('colour').oneOf(o.colour, COLOURS), value: c.at('value').int(o.value, 1, 5) };
}

function parseRows(c: Check, v: unknown): Rows {
  const o = c.object(v);
  c.keys(o, COLOURS);
  const rows = emptyRows();
  for (const colour of COLOURS) {
    const r = c.at(colour).object(o[colour]);
    c.at(colour).keys(r, SIDES);
    for (const side of SIDES) {
      const vals = c.at(colour).at(side).array(r[side]);
      if (vals.length > 3) c.at(colour).at(side).fail('holds at most 3 cards');
      rows[colour][side] = vals.map((x, i) => c.at(colour).at(side).at(i).int(x, 1, 5));
    }
    if (rows[colour].devil.length + rows[colour].angel.length > 5) c.at(colour).fail('holds at most 5 cards');
  }
  return rows;
}

const seatList = <T>(c: Check, v: unknown, n: number, each: (c: Check, x: unknown) => T): T[] => {
  const xs = c.array(v);
  if (xs.length !== n) c.fail(`must list ${n} seats`);
  return xs.map((x, i) => each(c.at(i), x));
};

function parseResult(c: Check, v: unknown, n: number): ColourResult {
  const o = c.object(v);
  c.keys(o, ['colour', 'angels', 'devils', 'verdict', 'announced', 'sums', 'points']);
  return {
    colour: c.at('colour').oneOf(o.colour, COLOURS),
    angels: c.at('angels').int(o.angels, 0, 15),
    devils: c.at('devils').int(o.devils, 0, 15),
    verdict: c.at('verdict').oneOf(o.verdict, ['angels', 'devils', 'equal'] as const),
    announced: seatList(c.at('announced'), o.announced, n, (cc, x) => cc.bool(x)),
    sums: o.sums === null ? null : seatList(c.at('sums'), o.sums, n, (cc, x) => cc.int(x, 0, 37)),
    points: seatList(c.at('points'), o.points, n, (cc, x) => cc.int(x, -37, 74)),
  };
}

function parseState(v: unknown): DiaboloState {
  const c = new Check('bad-state');
  const o = c.object(v);
  c.keys(o, [
    'game', 'view', 'players', 'emptyDrawPile', 'dopplerIfNobodyScores', 'round', 'phase', 'turn', 'rows', 'discards',
    'drawPile', 'handSizes', 'scores', 'dopplerUsed', 'scoring', 'results', 'pileLeft', 'hidden',
  ]);
  if (o.game !== 'diabolo') c.at('game').fail('must be "diabolo"');
  const n = c.at('players').int(o.players, 3, 5);
  const s: DiaboloState = {
    game: 'diabolo',
    view: c.at('view').oneOf(o.view, ['full', 'referee'] as const),
    players: n,
    emptyDrawPile: c.at('emptyDrawPile').oneOf(o.emptyDrawPile, ['skip-draw', 'end-round'] as const),
    dopplerIfNobodyScores: c.at('dopplerIfNobodyScores').oneOf(o.dopplerIfNobodyScores, ['spent', 'kept'] as const),
    round: c.at('round').int(o.round, 0, n - 1),
    phase: c.at('phase').oneOf(o.phase, ['play', 'doppler', 'reveal', 'over'] as const),
    turn: c.at('turn').int(o.turn, 0, n - 1),
    rows: parseRows(c.at('rows'), o.rows),
    discards: c.at('discards').array(o.discards).map((x, i) => parseCard(c.at('discards').at(i), x)),
    drawPile: c.at('drawPile').int(o.drawPile, 0, DECK_SIZE),
    handSizes: seatList(c.at('handSizes'), o.handSizes, n, (cc, x) => cc.int(x, 0, DECK_SIZE)),
    // Each of the n rounds scores every colour once, each from -37 to 74 points (as in parseResult).
    scores: seatList(c.at('scores'), o.scores, n, (cc, x) => cc.int(x, -37 * COLOURS.length * n, 74 * COLOURS.length * n)),
    dopplerUsed: seatList(c.at('dopplerUsed'), o.dopplerUsed, n, (cc, x) => cc.bool(x)),
    scoring: null,
    results: c.at('results').array(o.results).map((r, i) => c.at('results').at(i).array(r).map((x, j) => parseResult(c.at('results').at(i).at(j), x, n))),
    pileLeft: c.at('pileLeft').array(o.pileLeft).map((x, i) => c.at('pileLeft').at(i).int(x, 0, DECK_SIZE)),
    hidden: null,
  };
  if (o.scoring !== null) {
    const sc = c.at('scoring').object(o.scoring);
    c.at('scoring').keys(sc, ['colour', 'announced', 'sums']);
    s.scoring = {
      colour: c.at('scoring').at('colour').oneOf(sc.colour, COLOURS),
      announced: seatList(c.at('scoring').at('announced'), sc.announced, n, (cc, x) => (x === null ? null : cc.bool(x))),
      sums: seatList(c.at('scoring').at('sums'), sc.sums, n, (cc, x) => (x === null ? null : cc.int(x, 0, 37))),
    };
  }
  if ((s.phase === 'doppler' || s.phase === 'reveal') !== (s.scoring !== null)) c.at('scoring').fail(`does not fit phase "${s.phase}"`);
  if (s.results.length !== s.round + 1) c.at('results').fail('must hold one list per round begun');
  if (s.pileLeft.length !== s.round + (s.phase === 'play' ? 0 : 1)) c.at('pileLeft').fail('must hold one count per round whose play ended');
  if (s.view === 'full') {
    const h = c.at('hidden').object(o.hidden);
    c.at('hidden').keys(h, ['hands', 'deck', 'seed']);
    s.hidden = {
      hands: seatList(c.at('hidden').at('hands'), h.hands, n, (cc, x) => cc.array(x).map((y, i) => parseCard(cc.at(i), y))),
      deck: c.at('hidden').at('deck').array(h.deck).map((x, i) => parseCard(c.at('hidden').at('deck').at(i), x)),
      seed: c.at('hidden').at('seed').int(h.seed, 0, 0xffffffff),
    };
    if (s.hidden.deck.length !== s.drawPile) c.at('drawPile').fail('must equal the cards in the draw pile');
    if (s.hidden.hands.some((hand, p) => hand.length !== s.handSizes[p])) c.at('handSizes').fail('must equal the cards in each hand');
    const missing = cardsMissing(allCards(s));
    if (missing) c.at('hidden').fail(`the 70 cards do not add up: ${missing}`);
  } else {
    if (o.hidden !== null) c.at('hidden').fail('must be null in the referee view');
    for (const colour of COLOURS) {
      if (Object.values(copiesLeft(s.rows, s.discards, colour)).some((k) => k < 0)) c.at('rows').fail(`more copies of a ${colour} card than exist`);
    }
  }
  return s;
}

/** Every card the full view knows of, wherever it lies: hands, draw pile, rows, discards. */
export function allCards(s: DiaboloState): Card[] {
  const rows = COLOURS.flatMap((colour) => [...s.rows[colour].devil, ...s.rows[colour].angel].map((value) => ({ colour, value })));
  return [...(s.hidden?.hands.flat() ?? []), ...(s.hidden?.deck ?? []), ...rows, ...s.discards];
}

/** Null when `cards` is exactly the 70-card deck, else what is wrong. */
export function cardsMissing(cards: readonly Card[]): string | null {
  const count = new Map<string, number>();
  for (const c of cards) count.set(cardText(c), (count.get(cardText(c)) ?? 0) + 1);
  for (const c of fullDeck()) count.set(cardText(c), (count.get(cardText(c)) ?? 0) - 1);
  const off = [...count].filter(([, n]) => n !== 0).map(([k, n]) => `${k} ${n > 0 ? '+' : ''}${n}`);
  return off.length ? off.join(', ') : null;
}

function parseMove(v: unknown): DiaboloMove {
  const c = new Check('bad-move');
  const o = c.object(v);
  const type = c.at('type').oneOf(o.type, ['play', 'discard', 'doppler', 'reveal'] as const);
  switch (type) {
    case 'play':
      c.keys(o, ['type', 'colour', 'value', 'side']);
      return { type, ...parseCard(c, { colour: o.colour, value: o.value }), side: c.at('side').oneOf(o.side, SIDES) };
    case 'discard':
      c.keys(o, ['type', 'colour', 'value']);
      return { type, ...parseCard(c, { colour: o.colour, value: o.value }) };
    case 'doppler':
      c.keys(o, ['type', 'announce']);
      return { type, announce: c.at('announce').bool(o.announce) };
    case 'reveal':
      c.keys(o, ['type', 'sum']);
      return { type, sum: c.at('sum').int(o.sum, 0, 37) };
  }
}

export const diabolo: Game<DiaboloState, DiaboloMove, DiaboloObservation> = {
  id: 'diabolo',
  name: { de: 'Himmel + Hölle (Diabolo)', en: 'Himmel + Hölle (Diabolo)' },
  players: { min: 3, max: 5 },
  options,

  setup(given) {
    const o = resolveOptions(options, given);
    const n = o.players as number;
    const base: DiaboloState = {
      game: 'diabolo',
      view: o.view as View,
      players: n,
      emptyDrawPile: o.emptyDrawPile as DiaboloState['emptyDrawPile'],
      dopplerIfNobodyScores: o.dopplerIfNobodyScores as DiaboloState['dopplerIfNobodyScores'],
      round: 0,
      phase: 'play',
      turn: 0,
      rows: emptyRows(),
      discards: [],
      drawPile: 0,
      handSizes: fill(n, 0),
      scores: fill(n, 0),
      dopplerUsed: fill(n, false),
      scoring: null,
      results: [],
      pileLeft: [],
      hidden: o.view === 'full' ? { hands: [], deck: [], seed: o.seed as number } : null,
    };
    return startRound(base, 0);
  },
  toMove,
  legalMoves,
  play,
  outcome,
  score: (s) => s.scores.slice(),
  explain,
  describeMove,
  parseState,
  parseMove,
  parseObservation: (v) => parseRows(new Check('bad-observation'), v),
  bots: diaboloBots({ legalMoves, toMove }),
  stats: (s) => ({
    pileLeftLowest: Math.min(...s.pileLeft),
    dopplerAnnounced: s.results.flat().reduce((n, r) => n + r.announced.filter(Boolean).length, 0),
    coloursEqual: s.results.flat().filter((r) => r.verdict === 'equal').length,
    coloursAngels: s.results.flat().filter((r) => r.verdict === 'angels').length,
    coloursDevils: s.results.flat().filter((r) => r.verdict === 'devils').length,
  }),
};
