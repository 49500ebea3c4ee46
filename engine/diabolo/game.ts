import type { Game, Outcome, Text } from '../core/contract.ts';
import { EngineError } from '../core/errors.ts';
import { resolveOptions } from '../core/options.ts';
import { illegal, refuse, setAt } from '../core/refusal.ts';
import { joinTexts, say, seatRef } from '../core/text.ts';
import { diaboloBots } from './bots.ts';
import { COLOURS, COPIES, SIDES, VALUES, cardName, colourRef, sameCard, sideText, type Card } from './cards.ts';
import { explain } from './explain.ts';
import { freeCards, highestFits, saidFits, saidSoFar, type Said } from './sums.ts';
import { OPTIONS, toRules } from './options.ts';
import { parseMove, parseObservation, parseState } from './parse.ts';
import { announced, endTurn, fill, finishColour, openColour, seatsInOrder, startRound, starter } from './round.ts';
import {
  canPlace,
  claimsFit,
  emptyRows,
  fewestCards,
  highestOf,
  isLocked,
  place,
  total,
  unseenValues,
  verdict,
  whyNotPlace,
  type Highest,
  type Refusal,
} from './rules.ts';
import type { DiaboloMove, DiaboloRules, DiaboloState, Phase, View } from './state.ts';

export type { ColourResult, DiaboloMove, DiaboloState, Phase, View } from './state.ts';

export { seatsInOrder, starter } from './round.ts';

// ---- what the referee can know ------------------------------------------------------------------

/** How many copies of a card the seat to move could hold, as far as this view knows. */
function holdable(s: DiaboloState, card: Card): number {
  if (s.hidden) return s.hidden.hands[s.turn].filter((c) => sameCard(c, card)).length;
  if (s.handSizes[s.turn] === 0) return 0;
  return unseenValues(s.rows, s.discards, card.colour).filter((v) => v === card.value).length;
}

/** Why the seat to move cannot have `card` in hand, or null where it can. */
function whyNotHeld(s: DiaboloState, card: Card): Refusal | null {
  if (holdable(s, card) > 0) return null;
  if (s.hidden) return { code: 'not-held', reason: say(seatRef(s.turn), { de: ' hat ', en: ' does not hold ' }, cardName(card), { de: ' nicht auf der Hand.', en: '.' }) };
  if (s.handSizes[s.turn] === 0) return { code: 'no-card', reason: say(seatRef(s.turn), { de: ' hat keine Karte auf der Hand.', en: ' holds no card.' }) };
  return {
    code: 'no-copy-left',
    reason: say({ de: `Alle ${COPIES[card.value]} Karten `, en: `All ${COPIES[card.value]} cards ` }, cardName(card), { de: ' liegen schon offen.', en: ' are already in the open.' }),
  };
}

/** Why a card cannot be played where the move puts it, or null: shared by `play` and `explain`. */
export function whyNotPlay(s: DiaboloState, m: Extract<DiaboloMove, { type: 'play' }>): Refusal | null {
  if (s.phase !== 'play') return { code: 'not-playing', reason: PHASE_NOW[s.phase] };
  return whyNotPlace(s.rows, m.colour, m.side) ?? whyNotHeld(s, { colour: m.colour, value: m.value });
}

const PHASE_NOW: Record<Phase, Text> = {
  play: { de: 'Es wird gerade gespielt.', en: 'Cards are being played.' },
  colour: { de: 'Jetzt wird die nächste Farbe zur Wertung gewählt.', en: 'Now the next colour to score is picked.' },
  doppler: { de: 'Jetzt wird gesagt, wer gedoppelt hat.', en: 'Now the table says who doubled.' },
  reveal: { de: 'Jetzt werden die Handsummen aufgedeckt.', en: 'Now the hand sums are revealed.' },
  over: { de: 'Das Spiel ist zu Ende.', en: 'The game is over.' },
};

function requirePhase(s: DiaboloState, phase: Phase): void {
  if (s.phase !== phase) illegal(PHASE_NOW[s.phase]);
}

/** Cards the seat to move could play (full: its hand; referee: any copy not yet seen). */
function candidateCards(s: DiaboloState): Card[] {
  if (s.hidden) {
    const hand = s.hidden.hands[s.turn];
    return hand.filter((c, i) => hand.findIndex((d) => sameCard(c, d)) === i);
  }
  return COLOURS.flatMap((colour) => VALUES.map((value) => ({ colour, value }))).filter((c) => holdable(s, c) > 0);
}

/** Whether the hand sums said so far for the colour being scored, and `more`, can all be held at once. */
const sumsFit = (s: DiaboloState, more: Said[]): boolean => saidFits(s, s.scoring!.colour, [...saidSoFar(s), ...more]);

const MAX_SUM = 37;
/** Every subset of `xs`, each ascending as `xs` is. */
const subsets = (xs: readonly number[]): number[][] => xs.reduce<number[][]>((acc, p) => [...acc, ...acc.map((x) => [...x, p])], [[]]);
/** 0 .. n-1. */
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i);
const seats = (n: number) => upTo(n);
const ascending = (xs: readonly number[]) => xs.every((x, i) => Number.isInteger(x) && x >= 0 && (i === 0 || x > xs[i - 1]));

// ---- the contract -----------------------------------------------------------------------------

function toMove(s: DiaboloState): number | null {
  switch (s.phase) {
    case 'play':
      return s.turn;
    case 'reveal':
      // Every sum is entered seat by seat in play order; the other entries are the table's, led by the round's first player.
      if (s.rules.entry === 'every-sum' && !s.hidden) return seatsInOrder(s).find((p) => s.scoring!.sums[p] === null)!;
      return starter(s);
    case 'colour':
    case 'doppler':
      return starter(s);
    case 'over':
      return null;
  }
}

function legalMoves(s: DiaboloState): DiaboloMove[] {
  switch (s.phase) {
    case 'play': {
      const cards = candidateCards(s);
      const plays: DiaboloMove[] = [];
      for (const c of cards) for (const side of SIDES) if (canPlace(s.rows, c.colour, side)) plays.push({ type: 'play', ...c, side });
      // A discard is legal only for a hand with nothing to play; the referee cannot see the
      // hand, so it offers discards of locked colours alongside the plays.
      const discards = cards.filter((c) => isLocked(s.rows[c.colour])).map((c): DiaboloMove => ({ type: 'discard', ...c }));
      if (s.hidden) return plays.length > 0 ? plays : discards;
      return [...plays, ...discards];
    }
    case 'colour':
      return s.toScore.map((colour) => ({ type: 'colour', colour }));
    case 'doppler':
      return subsets(seats(s.players).filter((p) => !s.dopplerUsed[p])).map((who) => ({ type: 'doppler', seats: who }));
    case 'reveal': {
      if (s.rules.entry === 'every-sum') {
        const seat = toMove(s)!;
        return upTo(MAX_SUM + 1)
          .filter((sum) => sumsFit(s, [{ seat, sum }]))
          .map((sum) => ({ type: 'reveal', sum }));
      }
      const out: DiaboloMove[] = highestFits(s, s.scoring!.colour, 0, []) ? [{ type: 'highest', sum: 0, seats: [] }] : [];
      for (let sum = 1; sum <= MAX_SUM; sum++) {
        const able = seats(s.players).filter((p) => sumsFit(s, [{ seat: p, sum }]));
        for (const who of subsets(able)) if (who.length > 0 && highestFits(s, s.scoring!.colour, sum, who)) out.push({ type: 'highest', sum, seats: who });
      }
      return out;
    }
    case 'over':
      return [];
  }
}

function play(s: DiaboloState, m: DiaboloMove): DiaboloState {
  if (s.phase === 'over') throw new EngineError('game-over', PHASE_NOW.over);
  switch (m.type) {
    case 'play': {
      const why = whyNotPlay(s, m);
      if (why) refuse(why);
      return endTurn({ ...removeFromHand(s, m), rows: place(s.rows, m.colour, m.side, m.value) });
    }
    case 'discard': {
      requirePhase(s, 'play');
      const card = { colour: m.colour, value: m.value };
      const notHeld = whyNotHeld(s, card);
      if (notHeld) refuse(notHeld);
      const open = s.hidden ? s.hidden.hands[s.turn].find((c) => !isLocked(s.rows[c.colour])) : isLocked(s.rows[m.colour]) ? undefined : card;
      if (open) {
        illegal(
          say({ de: 'Abwerfen nur, wer nichts anlegen kann: ', en: 'Only a player who cannot play may discard: ' }, cardName(open), {
            de: ' passt noch in seine Reihe.',
            en: ' still fits its row.',
          }),
        );
      }
      return endTurn({ ...removeFromHand(s, card), discards: [...s.discards, card] });
    }
    case 'colour':
      requirePhase(s, 'colour');
      if (!s.toScore.includes(m.colour)) illegal(say(colourRef(m.colour), { de: ' ist in dieser Runde schon gewertet.', en: ' has been scored this round.' }));
      return openColour(s, m.colour);
    case 'doppler': {
      requirePhase(s, 'doppler');
      if (!ascending(m.seats)) illegal({ de: 'Die Spieler aufsteigend, jeden einmal.', en: 'The seats in ascending order, each once.' });
      const spent = m.seats.find((p) => p >= s.players || s.dopplerUsed[p]);
      if (spent !== undefined) {
        if (spent >= s.players) illegal({ de: `Es gibt keinen Spieler ${spent + 1}.`, en: `There is no player ${spent + 1}.` });
        illegal(say(seatRef(spent), { de: ' hat den Doppler in dieser Runde schon eingesetzt.', en: ' has used the Doppler this round already.' }));
      }
      return announced(s, seats(s.players).map((p) => m.seats.includes(p)));
    }
    case 'reveal': {
      requireReferee(s, 'every-sum');
      const seat = toMove(s)!;
      if (!sumsFit(s, [{ seat, sum: m.sum }])) illegal(noSuchSum(s, [seat], m.sum));
      const sums = setAt(s.scoring!.sums, seat, m.sum);
      const next = { ...s, scoring: { ...s.scoring!, sums } };
      return sums.includes(null) ? next : finishColour(next, highestOf(sums as number[]), sums as number[]);
    }
    case 'highest': {
      requireReferee(s, 'highest');
      if (!ascending(m.seats)) illegal({ de: 'Die Spieler aufsteigend, jeden einmal.', en: 'The seats in ascending order, each once.' });
      if (m.seats.some((p) => p >= s.players)) illegal({ de: 'So viele Spieler gibt es nicht.', en: 'There are not that many players.' });
      if ((m.sum === 0) !== (m.seats.length === 0)) {
        illegal({ de: 'Summe 0 heißt: niemand hat die Farbe; sonst hat jemand die höchste Summe.', en: 'Sum 0 means nobody holds the colour; otherwise somebody holds the highest sum.' });
      }
      if (!highestFits(s, s.scoring!.colour, m.sum, m.seats)) illegal(noSuchSum(s, m.seats, m.sum));
      return finishColour(s, { sum: m.sum, seats: m.seats.slice() }, null);
    }
  }
}

function requireReferee(s: DiaboloState, entry: DiaboloRules['entry']): void {
  if (s.hidden) illegal({ de: 'In der Simulation deckt das Spiel selbst auf.', en: 'With all cards known the game reveals by itself.' });
  requirePhase(s, 'reveal');
  if (s.rules.entry !== entry) {
    illegal(
      entry === 'highest'
        ? { de: 'Hier wird die Summe jedes Spielers eingegeben.', en: 'Here every player’s sum is entered.' }
        : { de: 'Hier wird nur die höchste Summe eingegeben und wer sie hat.', en: 'Here only the highest sum and who holds it are entered.' },
    );
  }
}

/** Why the table cannot hold what it said: names the colour, the unseen points, and the hand cards each seat has left. */
function noSuchSum(s: DiaboloState, who: readonly number[], sum: number): Text {
  const colour = s.scoring!.colour;
  const unseen = total(unseenValues(s.rows, s.discards, colour));
  if (who.length === 0) {
    return say({ de: 'Niemand ohne ', en: 'Nobody without ' }, colourRef(colour), {
      de: `: der Nachziehstapel (${s.drawPile}) kann nicht alle ungesehenen Karten der Farbe halten.`,
      en: `: the draw pile (${s.drawPile}) cannot hold every unseen card of the colour.`,
    });
  }
  const hands = joinTexts(who.map((p) => say(seatRef(p), ` (${Math.max(0, freeCards(s, p))})`)), ', ');
  return say(
    { de: `Eine Summe von ${sum} in `, en: `A sum of ${sum} in ` },
    colourRef(colour),
    { de: ' geht so nicht: ', en: ' cannot be: ' },
    hands,
    {
      de: ` (freie Handkarten in Klammern) können sie nicht zugleich halten, wo ${unseen} Punkte der Farbe ungesehen sind${s.rules.entry === 'every-sum' ? ', mit den schon eingegebenen Summen' : ''}.`,
      en: ` (free hand cards in brackets) cannot all hold it where ${unseen} points of the colour are unseen${s.rules.entry === 'every-sum' ? ', with the sums entered so far' : ''}.`,
    },
  );
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
  return {
    winners,
    losers: [],
    draw: winners.length === s.players,
    reason: say(
      s.round === 0 ? { de: `Nach 1 Runde hat die meisten Punkte (${best}): `, en: `After 1 round, most points (${best}): ` } : { de: `Nach ${s.round + 1} Runden hat die meisten Punkte (${best}): `, en: `After ${s.round + 1} rounds, most points (${best}): ` },
      joinTexts(winners.map(seatRef), ', '),
      '.',
    ),
  };
}

/**
 * The last guard of `parseState`: a state whose seat to move has no legal move would leave the
 * table stuck (`status` naming a seat, `legal` empty). The checks of `parse.ts` and
 * `coherence.ts` refuse every such state the tests know of, with their reason; this names any other.
 */
function live(s: DiaboloState): DiaboloState {
  if (s.phase === 'over' || anyMove(s)) return s;
  const seat = toMove(s)!;
  throw new EngineError(
    'bad-state',
    say({ de: `phase: kein Zug kann folgen (Phase "${s.phase}", `, en: `phase: no move can follow (phase "${s.phase}", ` }, seatRef(seat), { de: ' am Zug): kein Spiel kommt hierher', en: ' to move): no game gets here' }),
  );
}

/**
 * Whether `legalMoves` lists anything, without listing it where that is dear (a `highest` entry
 * lists every sum for every set of seats): any fitting highest sum means a one-card sum fits too.
 */
function anyMove(s: DiaboloState): boolean {
  if (s.phase !== 'reveal' || s.hidden) return legalMoves(s).length > 0;
  if (s.rules.entry === 'every-sum') return sumsFit(s, [{ seat: toMove(s)!, sum: 0 }]);
  const colour = s.scoring!.colour;
  const values = [...new Set(unseenValues(s.rows, s.discards, colour))];
  return highestFits(s, colour, 0, []) || seats(s.players).some((p) => values.some((v) => highestFits(s, colour, v, [p])));
}

function describeMove(s: DiaboloState, m: DiaboloMove): Text {
  switch (m.type) {
    case 'play':
      return say(seatRef(s.turn), ' – ', cardName(m), ' → ', sideText[m.side]);
    case 'discard':
      return say(seatRef(s.turn), { de: ' – wirft ', en: ' – discards ' }, cardName(m), { de: ' ab', en: '' });
    case 'colour':
      return say({ de: 'Gewertet wird ', en: 'Scoring ' }, colourRef(m.colour));
    case 'doppler':
      return say({ de: 'Doppler: ', en: 'Doppler: ' }, m.seats.length ? joinTexts(m.seats.map(seatRef), ', ') : { de: 'niemand', en: 'nobody' });
    case 'reveal':
      return say(seatRef(toMove(s)!), { de: ` – Summe ${m.sum} in `, en: ` – sum ${m.sum} in ` }, colourRef(s.scoring!.colour));
    case 'highest':
      return m.seats.length === 0
        ? say({ de: 'Niemand hat ', en: 'Nobody holds ' }, colourRef(s.scoring!.colour))
        : say({ de: `Höchste Summe in `, en: `Highest sum in ` }, colourRef(s.scoring!.colour), `: ${m.sum}, `, joinTexts(m.seats.map(seatRef), ', '));
  }
}

export const diabolo: Game<DiaboloState, DiaboloMove, DiaboloState['rows']> = {
  id: 'diabolo',
  name: { de: 'Himmel + Hölle (Diabolo)', en: 'Himmel + Hölle (Diabolo)' },
  players: { min: 3, max: 5 },
  options: OPTIONS,

  setup(given) {
    const o = resolveOptions(OPTIONS, given);
    const n = o.players as number;
    const base: DiaboloState = {
      game: 'diabolo',
      view: o.view as View,
      players: n,
      rules: toRules(o),
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
      toScore: [],
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
  explain: (s, observed) => explain(s, observed, whyNotPlay),
  describeMove,
  parseState: (v) => live(parseState(v)),
  parseMove,
  parseObservation,
  bots: diaboloBots({ legalMoves, toMove }),
  stats: (s) => ({
    pileLeftLowest: Math.min(...s.pileLeft),
    dopplerAnnounced: s.results.flat().reduce((n, r) => n + r.announced.filter(Boolean).length, 0),
    coloursEqual: s.results.flat().filter((r) => r.verdict === 'equal').length,
    coloursAngels: s.results.flat().filter((r) => r.verdict === 'angels').length,
    coloursDevils: s.results.flat().filter((r) => r.verdict === 'devils').length,
  }),
};
