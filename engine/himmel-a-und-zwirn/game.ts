import type { Explanation, Game, OptionSpec, Outcome, Text } from '../core/contract.ts';
import { EngineError } from '../core/errors.ts';
import { resolveOptions } from '../core/options.ts';
import { createRng, shuffle } from '../core/rng.ts';
import { Check } from '../core/validate.ts';
import { zwirnBots } from './bots.ts';
import { DECK_SIZE, HAND_SIZE, HIGHEST, PILE_NOS, SPECIALS, SPECIAL_COPIES, cardText, fullDeck, isNumber, type PileNo, type Special, type ZCard } from './cards.ts';
import { pileTop, seen, targetOf, unseen, unseenCards, whyNotPlay, whyNotRaise, type Refusal, type Table } from './rules.ts';

/**
 * Himmel, A… und Zwirn (Bumbesi). One module, two views chosen by the `view` option:
 * - `full`: hands and draw pile are in the state; the engine deals, refills, turns up targets
 *   and picks the stolen card by the seeded rng (bots, simulation, tests).
 * - `referee`: only the open table plus what players enter. It asks (as `pending`) for the two
 *   target cards at the start, the new target card after a pile is taken, and the stolen card,
 *   and refuses entries that break the bounds or name a card already in the open.
 */
export type View = 'full' | 'referee';

export type Pending =
  /** A target card for `pile` is due: turned up at the start (`opening`), or chosen after a take. */
  | { kind: 'target'; pile: PileNo; seat: number; opening: boolean }
  /** Referee only: which card `seat` took from `victim`. */
  | { kind: 'stolen'; seat: number; victim: number };

export interface Hidden {
  hands: ZCard[][];
  /** The draw pile; its last card is the top. */
  deck: ZCard[];
  seed: number;
}

export interface ZwirnState extends Table {
  game: 'himmel-a-und-zwirn';
  view: View;
  players: number;
  noNumberCard: 'draw-pile' | 'hand-required';
  turn: number;
  /** +1 clockwise, -1 after an odd number of Richtungswechsel. */
  direction: 1 | -1;
  marker: PileNo;
  drawPile: number;
  handSizes: number[];
  pending: Pending | null;
  over: boolean;
  hidden: Hidden | null;
}

export type ZwirnMove =
  | { type: 'play'; card: number; pile: PileNo }
  | { type: 'reverse' }
  | { type: 'steal'; victim: number }
  | { type: 'raise'; card: number; pile: PileNo }
  | { type: 'take' }
  /** `card: null` (referee only): no number card was left, in hand or draw pile; the pile stays without a target. */
  | { type: 'target'; card: number | null }
  | { type: 'stolen'; card: ZCard };

/** What a camera (later) would see: each target and each pile's top card. */
export interface ZwirnObservation {
  target1: number | null;
  target2: number | null;
  pile1: number | null;
  pile2: number | null;
}

const options: OptionSpec[] = [
  { key: 'players', type: 'integer', default: 4, min: 3, max: 6, label: { de: 'Spieler', en: 'Players' } },
  {
    key: 'view',
    type: 'enum',
    default: 'full',
    values: [
      { value: 'full', label: { de: 'Alle Karten bekannt (Simulation)', en: 'All cards known (simulation)' } },
      { value: 'referee', label: { de: 'Schiedsrichter (nur Offenes)', en: 'Referee (open cards only)' } },
    ],
    label: { de: 'Sicht', en: 'View' },
  },
  {
    key: 'seed',
    type: 'integer',
    default: 1,
    min: 0,
    max: 0xffffffff,
    label: { de: 'Mischung (Startwert)', en: 'Shuffle seed' },
    help: { de: 'Nur in der Simulation: bestimmt Mischen und Diebstahl.', en: 'Simulation only: decides shuffles and thefts.' },
  },
  {
    key: 'noNumberCard',
    type: 'enum',
    default: 'draw-pile',
    interpretation: true,
    values: [
      {
        value: 'draw-pile',
        label: { de: 'Nächste Zahlenkarte vom Nachziehstapel', en: 'Next number card of the draw pile' },
      },
      {
        value: 'hand-required',
        label: {
          de: 'Nehmen nur mit Zahlenkarte, außer wenn erzwungen (dann vom Stapel)',
          en: 'Take only holding a number card, unless forced (then from the draw pile)',
        },
      },
    ],
    label: { de: 'Neue Zielkarte ohne Zahlenkarte auf der Hand', en: 'New target without a number card in hand' },
  },
];

const illegal = (reason: Text): never => {
  throw new EngineError('illegal-move', reason);
};
const refuse = (r: Refusal): never => illegal(r.reason);
const set = <T>(xs: readonly T[], i: number, v: T): T[] => xs.map((x, j) => (j === i ? v : x));
const setPile = <T>(pair: [T, T], p: PileNo, v: T): [T, T] => (p === 1 ? [v, pair[1]] : [pair[0], v]);
const other = (p: PileNo): PileNo => (p === 1 ? 2 : 1);
const player = (p: number) => ({ de: `Spieler ${p + 1}`, en: `Player ${p + 1}` });

// ---- cards moving ---------------------------------------------------------------------------------

/** Takes the first number card from the top of the draw pile; specials turned up go under it. */
function turnUp(deck: ZCard[]): { card: number | null; deck: ZCard[] } {
  const rest = deck.slice();
  const under: ZCard[] = [];
  while (rest.length > 0) {
    const c = rest.pop()!;
    if (isNumber(c)) return { card: c, deck: [...under.reverse(), ...rest] };
    under.push(c);
  }
  return { card: null, deck: [...under.reverse(), ...rest] };
}

function removeFromHand(s: ZwirnState, seat: number, card: ZCard): ZwirnState {
  const handSizes = set(s.handSizes, seat, s.handSizes[seat] - 1);
  if (!s.hidden) return { ...s, handSizes };
  const hand = s.hidden.hands[seat];
  const i = hand.indexOf(card);
  return { ...s, handSizes, hidden: { ...s.hidden, hands: set(s.hidden.hands, seat, [...hand.slice(0, i), ...hand.slice(i + 1)]) } };
}

function draw(s: ZwirnState, seat: number, count: number): ZwirnState {
  const n = Math.min(count, s.drawPile);
  if (n <= 0) return s;
  let hidden = s.hidden;
  if (hidden) {
    const drawn = hidden.deck.slice(hidden.deck.length - n).reverse();
    hidden = { ...hidden, deck: hidden.deck.slice(0, hidden.deck.length - n), hands: set(hidden.hands, seat, [...hidden.hands[seat], ...drawn]) };
  }
  return { ...s, drawPile: s.drawPile - n, handSizes: set(s.handSizes, seat, s.handSizes[seat] + n), hidden };
}

/** The turn ends: refill to 5, pass on in the direction of play. */
function endTurn(s: ZwirnState): ZwirnState {
  const refilled = draw(s, s.turn, HAND_SIZE - s.handSizes[s.turn]);
  return { ...refilled, turn: (s.turn + s.direction + s.players) % s.players, pending: null };
}

function toMisthaufen(s: ZwirnState, seat: number, cards: readonly ZCard[]): ZwirnState {
  return { ...s, misthaufen: set(s.misthaufen, seat, [...s.misthaufen[seat], ...cards]) };
}

// ---- what the seat to move could hold ------------------------------------------------------------

function holds(s: ZwirnState, seat: number, card: ZCard): boolean {
  if (s.hidden) return s.hidden.hands[seat].includes(card);
  return s.handSizes[seat] > 0 && unseen(seen(s), card);
}

function requireHeld(s: ZwirnState, seat: number, card: ZCard): void {
  if (holds(s, seat, card)) return;
  const c = cardText(card);
  if (s.hidden) illegal({ de: `${player(seat).de} hat ${c.de} nicht auf der Hand.`, en: `${player(seat).en} does not hold ${c.en}.` });
  if (s.handSizes[seat] === 0) illegal({ de: `${player(seat).de} hat keine Karte.`, en: `${player(seat).en} holds no card.` });
  illegal(
    isNumber(card)
      ? { de: `Die ${card} liegt schon offen.`, en: `The ${card} is already in the open.` }
      : { de: `Alle Karten ${c.de} sind schon gespielt.`, en: `Every ${c.en} card has been played.` },
  );
}

const handNumbers = (s: ZwirnState, seat: number): number[] => (s.hidden ? s.hidden.hands[seat].filter(isNumber) : []);

/** Number cards the seat could hold: its hand, or for the referee every one not yet open. */
function candidateNumbers(s: ZwirnState, seat: number): number[] {
  if (s.hidden) return handNumbers(s, seat);
  if (s.handSizes[seat] === 0) return [];
  return unseenCards(seen(s)).filter(isNumber);
}

function candidateSpecials(s: ZwirnState, seat: number): Special[] {
  if (s.hidden) return SPECIALS.filter((sp) => s.hidden!.hands[seat].includes(sp));
  if (s.handSizes[seat] === 0) return [];
  const open = seen(s);
  return SPECIALS.filter((sp) => unseen(open, sp));
}

// ---- the moves --------------------------------------------------------------------------------

function actions(s: ZwirnState): ZwirnMove[] {
  const seat = s.turn;
  const numbers = candidateNumbers(s, seat);
  const out: ZwirnMove[] = [];
  for (const pile of PILE_NOS) for (const card of numbers) if (!whyNotPlay(s, pile, card)) out.push({ type: 'play', card, pile });
  const specials = candidateSpecials(s, seat);
  if (specials.includes('reverse')) out.push({ type: 'reverse' });
  if (specials.includes('steal')) {
    for (let v = 0; v < s.players; v++) if (v !== seat && s.handSizes[v] > 0) out.push({ type: 'steal', victim: v });
  }
  if (specials.includes('raise') && s.handSizes[seat] >= 2) {
    for (const pile of PILE_NOS) for (const card of numbers) if (!whyNotRaise(s, pile, card)) out.push({ type: 'raise', card, pile });
  }
  if (!takeRefused(s, out.length > 0)) out.push({ type: 'take' });
  return out;
}

/** Under `hand-required`, a player without a number card who can play something may not take. */
function takeRefused(s: ZwirnState, canPlay: boolean): Refusal | null {
  if (s.noNumberCard !== 'hand-required' || !s.hidden || !canPlay || handNumbers(s, s.turn).length > 0) return null;
  return {
    code: 'take-needs-number',
    reason: {
      de: 'Ohne Zahlenkarte für die neue Zielkarte darf nur nehmen, wer nichts spielen kann.',
      en: 'Without a number card for the new target, only a player who cannot play may take.',
    },
  };
}

function legalMoves(s: ZwirnState): ZwirnMove[] {
  if (s.over) return [];
  if (s.pending?.kind === 'target') {
    const cards: (number | null)[] = s.hidden ? handNumbers(s, s.pending.seat) : unseenCards(seen(s)).filter(isNumber);
    if (!whyNoTarget(s)) cards.push(null);
    return cards.map((card) => ({ type: 'target', card }));
  }
  if (s.pending?.kind === 'stolen') return unseenCards(seen(s)).map((card) => ({ type: 'stolen', card }));
  return actions(s);
}

function requireNoPending(s: ZwirnState): void {
  if (!s.pending) return;
  illegal(
    s.pending.kind === 'target'
      ? { de: `Erst die Zielkarte für Stapel ${s.pending.pile} angeben.`, en: `First enter the target card for pile ${s.pending.pile}.` }
      : { de: 'Erst die gestohlene Karte angeben.', en: 'First enter the stolen card.' },
  );
}

function play(s: ZwirnState, m: ZwirnMove): ZwirnState {
  if (s.over) throw new EngineError('game-over', { de: 'Das Spiel ist zu Ende.', en: 'The game is over.' });
  const seat = s.turn;
  switch (m.type) {
    case 'play': {
      requireNoPending(s);
      const why = whyNotPlay(s, m.pile, m.card);
      if (why) refuse(why);
      requireHeld(s, seat, m.card);
      const next = removeFromHand(s, seat, m.card);
      return endTurn({ ...next, piles: setPile(s.piles, m.pile, [...s.piles[m.pile - 1], m.card]) });
    }
    case 'reverse': {
      requireNoPending(s);
      requireHeld(s, seat, 'reverse');
      const next = toMisthaufen(removeFromHand(s, seat, 'reverse'), seat, ['reverse']);
      return endTurn({ ...next, direction: s.direction === 1 ? -1 : 1 });
    }
    case 'steal': {
      requireNoPending(s);
      requireHeld(s, seat, 'steal');
      if (m.victim === seat || m.victim < 0 || m.victim >= s.players) {
        illegal({ de: 'Gestohlen wird bei einem anderen Spieler.', en: 'Steal from another player.' });
      }
      if (s.handSizes[m.victim] === 0) {
        illegal({ de: `${player(m.victim).de} hat keine Karte.`, en: `${player(m.victim).en} holds no card.` });
      }
      const next = toMisthaufen(removeFromHand(s, seat, 'steal'), seat, ['steal']);
      if (!next.hidden) return { ...next, pending: { kind: 'stolen', seat, victim: m.victim } };
      const rng = createRng(next.hidden.seed);
      const loot = next.hidden.hands[m.victim][rng.int(next.hidden.hands[m.victim].length)];
      return endTurn(steal({ ...next, hidden: { ...next.hidden, seed: rng.seed } }, seat, m.victim, loot));
    }
    case 'stolen': {
      if (s.pending?.kind !== 'stolen') illegal({ de: 'Es wurde nichts gestohlen.', en: 'Nothing was stolen.' });
      const { victim } = s.pending as Extract<Pending, { kind: 'stolen' }>;
      requireHeld(s, victim, m.card);
      return endTurn(steal(s, seat, victim, m.card));
    }
    case 'raise': {
      requireNoPending(s);
      const why = whyNotRaise(s, m.pile, m.card);
      if (why) refuse(why);
      requireHeld(s, seat, 'raise');
      requireHeld(s, seat, m.card);
      if (s.handSizes[seat] < 2) illegal({ de: 'Dazu braucht es zwei Handkarten.', en: 'That takes two hand cards.' });
      const next = toMisthaufen(removeFromHand(removeFromHand(s, seat, 'raise'), seat, m.card), seat, ['raise']);
      return endTurn({ ...next, targets: setPile(s.targets, m.pile, [...s.targets[m.pile - 1], m.card]) });
    }
    case 'take': {
      requireNoPending(s);
      const refused = takeRefused(s, actions({ ...s, noNumberCard: 'draw-pile' }).length > 1);
      if (refused) refuse(refused);
      return take(s);
    }
    case 'target': {
      if (s.pending?.kind !== 'target') illegal({ de: 'Gerade ist keine Zielkarte gefragt.', en: 'No target card is asked for now.' });
      const { pile, seat: chooser, opening } = s.pending as Extract<Pending, { kind: 'target' }>;
      if (m.card === null) {
        const why = whyNoTarget(s);
        if (why) illegal(why);
        return endTurn(s);
      }
      if (s.hidden) requireHeld(s, chooser, m.card);
      else if (!unseen(seen(s), m.card)) illegal({ de: `Die ${m.card} liegt schon offen.`, en: `The ${m.card} is already in the open.` });
      const placed = { ...s, targets: setPile(s.targets, pile, [m.card]) };
      // The referee cannot tell a hand card from a turned-up one; both leave the draw pile one
      // card shorter once the hand is refilled, so it counts the card as drawn.
      const next = s.hidden ? removeFromHand(placed, chooser, m.card) : { ...placed, drawPile: placed.drawPile - 1 };
      if (!opening) return endTurn(next);
      // At the start both targets are turned up before anyone plays.
      return pile === 1 ? { ...next, pending: { kind: 'target', pile: 2, seat: chooser, opening } } : { ...next, pending: null };
    }
  }
}

/**
 * Why the referee cannot accept "no number card left" after a take, or null if it can: the taker
 * holds no number card and the draw pile none, so every unseen number card must be in the other
 * hands and the draw pile only specials. The full view never asks: it knows.
 */
function whyNoTarget(s: ZwirnState): Text | null {
  const p = s.pending;
  if (s.hidden || p?.kind !== 'target' || p.opening) return { de: 'Hier ist eine Zielkarte nötig.', en: 'A target card is needed here.' };
  const open = seen(s);
  const numbers = unseenCards(open).filter(isNumber).length;
  const specials = SPECIALS.reduce((n, sp) => n + SPECIAL_COPIES[sp] - open.specials[sp], 0);
  const otherHands = s.handSizes.reduce((n, h, q) => (q === p.seat ? n : n + h), 0);
  if (numbers <= otherHands && s.drawPile <= specials) return null;
  return {
    de: `Es gibt noch Zahlenkarten: ${numbers} sind nicht offen, die anderen halten nur ${otherHands} Karten.`,
    en: `There are number cards left: ${numbers} are not open, the other hands hold only ${otherHands} cards.`,
  };
}

function steal(s: ZwirnState, thief: number, victim: number, card: ZCard): ZwirnState {
  let next = removeFromHand(s, victim, card);
  next = next.hidden
    ? { ...next, handSizes: set(next.handSizes, thief, next.handSizes[thief] + 1), hidden: { ...next.hidden, hands: set(next.hidden.hands, thief, [...next.hidden.hands[thief], card]) } }
    : { ...next, handSizes: set(next.handSizes, thief, next.handSizes[thief] + 1) };
  // The victim at once draws a replacement.
  return draw(next, victim, 1);
}

/** Option 2: the marked pile and its target go onto the player's Misthaufen; the marker moves. */
function take(s: ZwirnState): ZwirnState {
  const seat = s.turn;
  const m = s.marker;
  const wasEmpty = s.drawPile === 0;
  let next = toMisthaufen(s, seat, [...s.piles[m - 1], ...s.targets[m - 1]]);
  next = { ...next, piles: setPile(next.piles, m, []), targets: setPile(next.targets, m, []), marker: other(m) };
  // With the draw pile used up, this take ends the game.
  if (wasEmpty) return { ...next, over: true, pending: null };
  if (!next.hidden || handNumbers(next, seat).length > 0) return { ...next, pending: { kind: 'target', pile: m, seat, opening: false } };
  // Interpretation: no number card in hand, so the next number card of the draw pile.
  const up = turnUp(next.hidden.deck);
  const turned = up.card === null ? next : { ...next, targets: setPile(next.targets, m, [up.card]), drawPile: next.drawPile - 1 };
  return endTurn({ ...turned, hidden: { ...next.hidden, deck: up.deck } });
}

// ---- the contract -----------------------------------------------------------------------------

function toMove(s: ZwirnState): number | null {
  if (s.over) return null;
  return s.pending ? s.pending.seat : s.turn;
}

function outcome(s: ZwirnState): Outcome | null {
  if (!s.over) return null;
  const counts = s.misthaufen.map((m) => m.length);
  const fewest = Math.min(...counts);
  const winners = counts.flatMap((c, p) => (c === fewest ? [p] : []));
  const names = winners.map((p) => p + 1).join(', ');
  return {
    winners,
    losers: [],
    draw: winners.length === s.players,
    reason: {
      de: `Die wenigsten Minuspunkte (${fewest}) hat Spieler ${names}.`,
      en: `Fewest minus points (${fewest}): player ${names}.`,
    },
  };
}

function explain(s: ZwirnState, o: ZwirnObservation): Explanation<ZwirnMove> {
  const now = { target1: targetOf(s, 1), target2: targetOf(s, 2), pile1: pileTop(s, 1), pile2: pileTop(s, 2) };
  const changed = (Object.keys(now) as (keyof ZwirnObservation)[]).filter((k) => now[k] !== o[k]);
  if (changed.length === 0) return { legal: true, unchanged: true, moves: [] };
  let move: ZwirnMove | null = null;
  if (changed.length === 1) {
    const k = changed[0];
    const pile = Number(k.slice(-1)) as PileNo;
    const card = o[k];
    if (card !== null) move = k.startsWith('pile') ? { type: 'play', card, pile } : { type: 'raise', card, pile };
  }
  if (!move) {
    return { legal: false, code: 'not-one-card', reason: { de: 'Das ist nicht eine gelegte Karte.', en: 'That is not one card played.' } };
  }
  try {
    play(s, move);
  } catch (e) {
    if (e instanceof EngineError) return { legal: false, code: 'illegal-move', reason: e.text };
    throw e;
  }
  return { legal: true, unchanged: false, moves: [move] };
}

function describeMove(s: ZwirnState, m: ZwirnMove): Text {
  const who = toMove(s);
  const pending = s.pending;
  // The opening targets are turned up for the table, by nobody in particular.
  if (m.type === 'target' && pending?.kind === 'target' && pending.opening) {
    return { de: `Zielkarte ${pending.pile} aufgedeckt: ${m.card}`, en: `Target card ${pending.pile} turned up: ${m.card}` };
  }
  const p = who === null ? '' : `${who + 1}: `;
  const t = (de: string, en: string): Text => ({ de: p + de, en: p + en });
  switch (m.type) {
    case 'play':
      return t(`${m.card} auf Stapel ${m.pile}`, `${m.card} onto pile ${m.pile}`);
    case 'reverse':
      return t('Richtungswechsel', 'reverses the direction');
    case 'steal':
      return t(`stiehlt bei Spieler ${m.victim + 1}`, `steals from player ${m.victim + 1}`);
    case 'stolen':
      return t('gestohlene Karte angegeben', 'stolen card entered');
    case 'raise':
      return t(`erhöht Ziel ${m.pile} auf ${m.card}`, `raises target ${m.pile} to ${m.card}`);
    case 'take':
      return t(`nimmt Stapel ${s.marker}`, `takes pile ${s.marker}`);
    case 'target':
      return m.card === null ? t('keine Zahlenkarte mehr: Stapel ohne Zielkarte', 'no number card left: the pile has no target') : t(`neue Zielkarte ${m.card}`, `new target ${m.card}`);
  }
}

// ---- parsing ----------------------------------------------------------------------------------

function parseCard(c: Check, v: unknown): ZCard {
  return typeof v === 'string' ? c.oneOf(v, SPECIALS) : c.int(v, 1, HIGHEST);
}

function parseNumbers(c: Check, v: unknown): number[] {
  return c.array(v).map((x, i) => c.at(i).int(x, 1, HIGHEST));
}

const pair = <T>(c: Check, v: unknown, each: (c: Check, x: unknown) => T): [T, T] => {
  const xs = c.array(v);
  if (xs.length !== 2) c.fail('must have two entries, for pile 1 and pile 2');
  return [each(c.at(0), xs[0]), each(c.at(1), xs[1])];
};

const seatList = <T>(c: Check, v: unknown, n: number, each: (c: Check, x: unknown) => T): T[] => {
  const xs = c.array(v);
  if (xs.length !== n) c.fail(`must list ${n} seats`);
  return xs.map((x, i) => each(c.at(i), x));
};

function parseState(v: unknown): ZwirnState {
  const c = new Check('bad-state');
  const o = c.object(v);
  c.keys(o, ['game', 'view', 'players', 'noNumberCard', 'turn', 'direction', 'targets', 'piles', 'marker', 'misthaufen', 'drawPile', 'handSizes', 'pending', 'over', 'hidden']);
  if (o.game !== 'himmel-a-und-zwirn') c.at('game').fail('must be "himmel-a-und-zwirn"');
  const n = c.at('players').int(o.players, 3, 6);
  const s: ZwirnState = {
    game: 'himmel-a-und-zwirn',
    view: c.at('view').oneOf(o.view, ['full', 'referee'] as const),
    players: n,
    noNumberCard: c.at('noNumberCard').oneOf(o.noNumberCard, ['draw-pile', 'hand-required'] as const),
    turn: c.at('turn').int(o.turn, 0, n - 1),
    direction: c.at('direction').oneOf(o.direction, [1, -1] as const),
    targets: pair(c.at('targets'), o.targets, parseNumbers),
    piles: pair(c.at('piles'), o.piles, parseNumbers),
    marker: c.at('marker').oneOf(o.marker, PILE_NOS),
    misthaufen: seatList(c.at('misthaufen'), o.misthaufen, n, (cc, x) => cc.array(x).map((y, i) => parseCard(cc.at(i), y))),
    drawPile: c.at('drawPile').int(o.drawPile, 0, DECK_SIZE),
    handSizes: seatList(c.at('handSizes'), o.handSizes, n, (cc, x) => cc.int(x, 0, DECK_SIZE)),
    pending: null,
    over: c.at('over').bool(o.over),
    hidden: null,
  };
  if (o.pending !== null) {
    const pc = c.at('pending');
    const p = pc.object(o.pending);
    const kind = pc.at('kind').oneOf(p.kind, ['target', 'stolen'] as const);
    if (kind === 'target') {
      pc.keys(p, ['kind', 'pile', 'seat', 'opening']);
      s.pending = { kind, pile: pc.at('pile').oneOf(p.pile, PILE_NOS), seat: pc.at('seat').int(p.seat, 0, n - 1), opening: pc.at('opening').bool(p.opening) };
    } else {
      pc.keys(p, ['kind', 'seat', 'victim']);
      s.pending = { kind, seat: pc.at('seat').int(p.seat, 0, n - 1), victim: pc.at('victim').int(p.victim, 0, n - 1) };
    }
  }
  const open = [...s.targets.flat(), ...s.piles.flat(), ...s.misthaufen.flat()];
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
    const missing = cardsMissing([...open, ...s.hidden.hands.flat(), ...s.hidden.deck]);
    if (missing) c.at('hidden').fail(`the 85 cards do not add up: ${missing}`);
  } else {
    if (o.hidden !== null) c.at('hidden').fail('must be null in the referee view');
    const counts = countCards(open);
    const over = [...counts].find(([k, x]) => x > (fullCounts.get(k) ?? 0));
    if (over) c.fail(`the card ${over[0]} lies open ${over[1]} times`);
  }
  return s;
}

const countCards = (cards: readonly ZCard[]) => {
  const m = new Map<ZCard, number>();
  for (const x of cards) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};
const fullCounts = countCards(fullDeck());

/** Null when `cards` are exactly the 85 cards of the game, else what is wrong. */
export function cardsMissing(cards: readonly ZCard[]): string | null {
  const have = countCards(cards);
  const off: string[] = [];
  for (const k of new Set([...have.keys(), ...fullCounts.keys()])) {
    const d = (have.get(k) ?? 0) - (fullCounts.get(k) ?? 0);
    if (d !== 0) off.push(`${k} ${d > 0 ? '+' : ''}${d}`);
  }
  return off.length ? off.join(', ') : null;
}

/** Every card the full view knows of, wherever it lies. */
export function allCards(s: ZwirnState): ZCard[] {
  return [...s.targets.flat(), ...s.piles.flat(), ...s.misthaufen.flat(), ...(s.hidden?.hands.flat() ?? []), ...(s.hidden?.deck ?? [])];
}

function parseMove(v: unknown): ZwirnMove {
  const c = new Check('bad-move');
  const o = c.object(v);
  const type = c.at('type').oneOf(o.type, ['play', 'reverse', 'steal', 'raise', 'take', 'target', 'stolen'] as const);
  switch (type) {
    case 'play':
    case 'raise':
      c.keys(o, ['type', 'card', 'pile']);
      return { type, card: c.at('card').int(o.card, 1, HIGHEST), pile: c.at('pile').oneOf(o.pile, PILE_NOS) };
    case 'reverse':
    case 'take':
      c.keys(o, ['type']);
      return { type };
    case 'steal':
      c.keys(o, ['type', 'victim']);
      return { type, victim: c.at('victim').int(o.victim, 0, 5) };
    case 'target':
      c.keys(o, ['type', 'card']);
      return { type, card: o.card === null ? null : c.at('card').int(o.card, 1, HIGHEST) };
    case 'stolen':
      c.keys(o, ['type', 'card']);
      return { type, card: parseCard(c.at('card'), o.card) };
  }
}

function parseObservation(v: unknown): ZwirnObservation {
  const c = new Check('bad-observation');
  const o = c.object(v);
  c.keys(o, ['target1', 'target2', 'pile1', 'pile2']);
  const card = (k: keyof ZwirnObservation) => (o[k] === null ? null : c.at(k).int(o[k], 1, HIGHEST));
  return { target1: card('target1'), target2: card('target2'), pile1: card('pile1'), pile2: card('pile2') };
}

export const zwirn: Game<ZwirnState, ZwirnMove, ZwirnObservation> = {
  id: 'himmel-a-und-zwirn',
  name: { de: 'Himmel, A… und Zwirn', en: 'Himmel, A… und Zwirn' },
  players: { min: 3, max: 6 },
  options,

  setup(given) {
    const o = resolveOptions(options, given);
    const n = o.players as number;
    const base: ZwirnState = {
      game: 'himmel-a-und-zwirn',
      view: o.view as View,
      players: n,
      noNumberCard: o.noNumberCard as ZwirnState['noNumberCard'],
      turn: 0,
      direction: 1,
      targets: [[], []],
      piles: [[], []],
      marker: 1,
      misthaufen: Array.from({ length: n }, () => []),
      drawPile: DECK_SIZE - n * HAND_SIZE,
      handSizes: Array.from({ length: n }, () => HAND_SIZE),
      pending: { kind: 'target', pile: 1, seat: 0, opening: true },
      over: false,
      hidden: null,
    };
    if (o.view === 'referee') return base;
    const rng = createRng(o.seed as number);
    let deck = shuffle(fullDeck(), rng);
    const hands = Array.from({ length: n }, (_, p) => deck.slice(deck.length - (p + 1) * HAND_SIZE, deck.length - p * HAND_SIZE).reverse());
    deck = deck.slice(0, deck.length - n * HAND_SIZE);
    const first = turnUp(deck);
    const second = turnUp(first.deck);
    return {
      ...base,
      targets: [[first.card!], [second.card!]],
      drawPile: second.deck.length,
      pending: null,
      hidden: { hands, deck: second.deck, seed: rng.seed },
    };
  },
  toMove,
  legalMoves,
  play,
  outcome,
  score: (s) => s.misthaufen.map((m) => -m.length),
  explain,
  describeMove,
  parseState,
  parseMove,
  parseObservation,
  bots: zwirnBots({ legalMoves, toMove }),
  stats: (s) => {
    const all = s.misthaufen.flat();
    return {
      misthaufenCards: all.length,
      specialsPlayed: all.filter((c) => !isNumber(c)).length,
      fewestMinus: Math.min(...s.misthaufen.map((m) => m.length)),
      mostMinus: Math.max(...s.misthaufen.map((m) => m.length)),
    };
  },
};
