import { createRng, shuffle } from '../core/rng.ts';
import { setAt } from '../core/refusal.ts';
import { COLOURS, DECK_SIZE, HAND_SIZE, fullDeck, type Colour } from './cards.ts';
import { emptyRows, highestOf, lockedCount, locksToEnd, scoreColour, total, verdict, type Highest } from './rules.ts';
import { roundsOf } from './options.ts';
import type { ColourResult, DiaboloState, Hidden, Phase } from './state.ts';

/**
 * A round of Diabolo as it runs between the players' entries: the deal, each turn's draw, the end
 * of play, and the colours scored one after another (engine/diabolo/game.ts plays the moves).
 */

export const fill = <T>(n: number, v: T): T[] => Array.from({ length: n }, () => v);

/** Who begins the round: the seat after its dealer. */
export const starter = (s: Pick<DiaboloState, 'round' | 'players'>) => (s.round + 1) % s.players;
/** Seats in play order from the round's first player: the order of announcements and reveals. */
export const seatsInOrder = (s: Pick<DiaboloState, 'round' | 'players'>) => Array.from({ length: s.players }, (_, i) => (starter(s) + i) % s.players);

export function startRound(s: DiaboloState, round: number): DiaboloState {
  const n = s.players;
  let hidden: Hidden | null = null;
  if (s.hidden) {
    const rng = createRng(s.hidden.seed);
    const deck = shuffle(fullDeck(), rng);
    hidden = { hands: Array.from({ length: n }, (_, p) => deck.slice(p * HAND_SIZE, (p + 1) * HAND_SIZE)), deck: deck.slice(n * HAND_SIZE), seed: rng.seed };
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
    toScore: [],
    results: [...s.results, []],
    hidden,
  };
  return beginTurn(next, starter(next));
}

/** A turn begins with the draw, so the state a player decides on already holds the drawn card. */
function beginTurn(s: DiaboloState, seat: number): DiaboloState {
  const at = { ...s, turn: seat };
  if (s.drawPile === 0) return s.rules.emptyDrawPile === 'end-round' ? endPlay(at) : at;
  let hidden = s.hidden;
  if (hidden) {
    const top = hidden.deck[hidden.deck.length - 1];
    hidden = { ...hidden, deck: hidden.deck.slice(0, -1), hands: setAt(hidden.hands, seat, [...hidden.hands[seat], top]) };
  }
  return { ...at, drawPile: s.drawPile - 1, handSizes: setAt(s.handSizes, seat, s.handSizes[seat] + 1), hidden };
}

export function endTurn(s: DiaboloState): DiaboloState {
  if (lockedCount(s.rows) >= locksToEnd(s.players)) return endPlay(s);
  return beginTurn(s, (s.turn + 1) % s.players);
}

/** The round's play is over: note what the draw pile had left, then score the colours. */
function endPlay(s: DiaboloState): DiaboloState {
  let next: DiaboloState = { ...s, pileLeft: [...s.pileLeft, s.drawPile], toScore: [...COLOURS] };
  // Where the table picks the order, an equal colour needs no pick: it is not scored, at once.
  if (s.rules.colourOrder === 'chosen') {
    for (const colour of COLOURS) if (verdict(s.rows[colour]) === 'equal') next = openColour(next, colour, false);
  }
  return nextColour(next);
}

/** Scores the next colour, or lets the round's first player pick it, or ends the round. */
function nextColour(s: DiaboloState): DiaboloState {
  if (s.toScore.length === 0) return endRound(s);
  if (s.rules.colourOrder === 'chosen' && s.toScore.length > 1) return { ...s, phase: 'colour', scoring: null };
  return openColour(s, s.toScore[0]);
}

/** Opens `colour` for scoring; an equal one is not scored, and `goOn` then moves to the next colour. */
export function openColour(s: DiaboloState, colour: Colour, goOn = true): DiaboloState {
  const rest = { ...s, toScore: s.toScore.filter((c) => c !== colour) };
  const v = verdict(s.rows[colour]);
  if (v === 'equal') {
    const decided = { ...rest, results: pushResult(s.results, resultOf(s, colour, fill(s.players, false), null, null)) };
    return goOn ? nextColour(decided) : decided;
  }
  const scoring = { colour, announced: null, sums: fill<number | null>(s.players, null) };
  if (v === 'angels' && s.dopplerUsed.some((used) => !used)) return { ...rest, phase: 'doppler', scoring };
  return announced({ ...rest, scoring }, fill(s.players, false));
}

/** The Doppler announcements are known: the full view reveals by itself, the referee asks for the sums. */
export function announced(s: DiaboloState, who: boolean[]): DiaboloState {
  const next = { ...s, phase: 'reveal' as Phase, scoring: { ...s.scoring!, announced: who } };
  if (!s.hidden) return next;
  const sums = s.hidden.hands.map((h) => total(h.filter((c) => c.colour === s.scoring!.colour).map((c) => c.value)));
  return finishColour(next, highestOf(sums), sums);
}

function resultOf(s: DiaboloState, colour: Colour, announced: boolean[], highest: Highest | null, sums: number[] | null): ColourResult {
  const row = s.rows[colour];
  const v = verdict(row);
  const points = highest ? scoreColour(v, highest, announced).points : fill(s.players, 0);
  return { colour, angels: total(row.angel), devils: total(row.devil), verdict: v, announced, highest, sums, points };
}

export function finishColour(s: DiaboloState, highest: Highest, sums: number[] | null): DiaboloState {
  const sc = s.scoring!;
  const announced = sc.announced!;
  const result = resultOf(s, sc.colour, announced, highest, sums);
  const spent = scoreColour(result.verdict, highest, announced).spent;
  return nextColour({
    ...s,
    scores: s.scores.map((x, p) => x + result.points[p]),
    dopplerUsed: s.dopplerUsed.map((u, p) => u || spent[p]),
    results: pushResult(s.results, result),
    scoring: null,
  });
}

const pushResult = (results: ColourResult[][], r: ColourResult) => [...results.slice(0, -1), [...results[results.length - 1], r]];

function endRound(s: DiaboloState): DiaboloState {
  if (s.round + 1 >= roundsOf(s.rules, s.players)) return { ...s, phase: 'over', scoring: null };
  return startRound(s, s.round + 1);
}
