import type { Game, OptionSpec, Outcome, Text } from '../core/contract.ts';
import { EngineError } from '../core/errors.ts';
import { resolveOptions, seedOption, viewOption } from '../core/options.ts';
import { illegal, refuse, setAt } from '../core/refusal.ts';
import { createRng, shuffle } from '../core/rng.ts';
import { joinTexts, say, seatRef } from '../core/text.ts';
import { zwirnBots } from './bots.ts';
import { DECK_SIZE, HAND_SIZE, PILE_NOS, SPECIALS, SPECIAL_COPIES, cardText, fullDeck, isNumber, type PileNo, type Special, type ZCard } from './cards.ts';
import { explain } from './explain.ts';
import { openCount, parseMove, parseObservation, parseState, pileRoom } from './parse.ts';
import { seen, unseen, unseenCards, whyNotPlay, whyNotRaise, type Refusal } from './rules.ts';
import type { Pending, View, ZwirnMove, ZwirnObservation, ZwirnState } from './state.ts';

export type { Pending, View, ZwirnMove, ZwirnObservation, ZwirnState } from './state.ts';
export { allCards, cardsMissing } from './parse.ts';

const options: OptionSpec[] = [
  { key: 'players', type: 'integer', default: 4, min: 3, max: 6, label: { de: 'Spieler', en: 'Players' } },
  viewOption,
  seedOption({ de: 'Nur in der Simulation: bestimmt Mischen und Diebstahl.', en: 'Simulation only: decides shuffles and thefts.' }),
  {
    key: 'noNumberCard',
    type: 'enum',
    default: 'draw-pile',
    interpretation: true,
    values: [
      { value: 'draw-pile', label: { de: 'Nächste Zahlenkarte vom Nachziehstapel', en: 'Next number card of the draw pile' } },
      {
        value: 'hand-required',
        label: { de: 'Nehmen nur mit Zahlenkarte, außer wenn erzwungen (dann vom Stapel)', en: 'Take only holding a number card, unless forced (then from the draw pile)' },
      },
    ],
    label: { de: 'Neue Zielkarte ohne Zahlenkarte auf der Hand', en: 'New target without a number card in hand' },
  },
];

const setPile = <T>(pair: [T, T], p: PileNo, v: T): [T, T] => (p === 1 ? [v, pair[1]] : [pair[0], v]);
const other = (p: PileNo): PileNo => (p === 1 ? 2 : 1);

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
  const handSizes = setAt(s.handSizes, seat, s.handSizes[seat] - 1);
  if (!s.hidden) return { ...s, handSizes };
  const hand = s.hidden.hands[seat];
  const i = hand.indexOf(card);
  return { ...s, handSizes, hidden: { ...s.hidden, hands: setAt(s.hidden.hands, seat, [...hand.slice(0, i), ...hand.slice(i + 1)]) } };
}

function draw(s: ZwirnState, seat: number, count: number): ZwirnState {
  const n = Math.min(count, s.drawPile);
  if (n <= 0) return s;
  let hidden = s.hidden;
  if (hidden) {
    const drawn = hidden.deck.slice(hidden.deck.length - n).reverse();
    hidden = { ...hidden, deck: hidden.deck.slice(0, hidden.deck.length - n), hands: setAt(hidden.hands, seat, [...hidden.hands[seat], ...drawn]) };
  }
  return { ...s, drawPile: s.drawPile - n, handSizes: setAt(s.handSizes, seat, s.handSizes[seat] + n), hidden };
}

/** The turn ends: refill to 5, pass on in the direction of play. */
function endTurn(s: ZwirnState): ZwirnState {
  const refilled = draw(s, s.turn, HAND_SIZE - s.handSizes[s.turn]);
  return { ...refilled, turn: (s.turn + s.direction + s.players) % s.players, pending: null };
}

function toMisthaufen(s: ZwirnState, seat: number, cards: readonly ZCard[]): ZwirnState {
  return { ...s, misthaufen: setAt(s.misthaufen, seat, [...s.misthaufen[seat], ...cards]) };
}

/** A theft: a card passes from the victim's hand to the thief's, and the victim at once draws a replacement. */
function steal(s: ZwirnState, thief: number, victim: number, card: ZCard | null): ZwirnState {
  const from = { ...s, handSizes: setAt(s.handSizes, victim, s.handSizes[victim] - 1) };
  let next: ZwirnState = { ...from, handSizes: setAt(from.handSizes, thief, from.handSizes[thief] + 1) };
  if (s.hidden && card !== null) {
    const hands = s.hidden.hands.slice();
    const i = hands[victim].indexOf(card);
    hands[victim] = [...hands[victim].slice(0, i), ...hands[victim].slice(i + 1)];
    hands[thief] = [...hands[thief], card];
    next = { ...next, hidden: { ...s.hidden, hands } };
  }
  return draw(next, victim, 1);
}

// ---- what the seat to move could hold ------------------------------------------------------------

function holds(s: ZwirnState, seat: number, card: ZCard): boolean {
  if (s.hidden) return s.hidden.hands[seat].includes(card);
  return s.handSizes[seat] > 0 && unseen(seen(s), card);
}

function requireHeld(s: ZwirnState, seat: number, card: ZCard): void {
  if (holds(s, seat, card)) return;
  const c = cardText(card);
  if (s.hidden) illegal(say(seatRef(seat), { de: ` hat ${c.de} nicht auf der Hand.`, en: ` does not hold ${c.en}.` }));
  if (s.handSizes[seat] === 0) illegal(say(seatRef(seat), { de: ' hat keine Karte.', en: ' holds no card.' }));
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
    reason: { de: 'Ohne Zahlenkarte für die neue Zielkarte darf nur nehmen, wer nichts spielen kann.', en: 'Without a number card for the new target, only a player who cannot play may take.' },
  };
}

/** Referee: every count the table may give the draw pile but the one the app has. */
function corrections(s: ZwirnState): ZwirnMove[] {
  if (s.hidden || s.pending) return [];
  return Array.from({ length: pileRoom(s) + 1 }, (_, count): ZwirnMove => ({ type: 'draw-pile', count })).filter((m) => m.type === 'draw-pile' && m.count !== s.drawPile);
}

function legalMoves(s: ZwirnState): ZwirnMove[] {
  if (s.over) return [];
  if (s.pending) {
    const cards: (number | null)[] = s.hidden ? handNumbers(s, s.pending.seat) : unseenCards(seen(s)).filter(isNumber);
    if (!whyNoTarget(s)) cards.push(null);
    return cards.map((card) => ({ type: 'target', card }));
  }
  return [...actions(s), ...corrections(s)];
}

function requireNoPending(s: ZwirnState): void {
  if (s.pending) illegal({ de: `Erst die Zielkarte für Stapel ${s.pending.pile} angeben.`, en: `First enter the target card for pile ${s.pending.pile}.` });
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
      if (m.victim === seat || m.victim < 0 || m.victim >= s.players) illegal({ de: 'Gestohlen wird bei einem anderen Spieler.', en: 'Steal from another player.' });
      if (s.handSizes[m.victim] === 0) illegal(say(seatRef(m.victim), { de: ' hat keine Karte.', en: ' holds no card.' }));
      const next = toMisthaufen(removeFromHand(s, seat, 'steal'), seat, ['steal']);
      // The theft is blind: the full view draws the card at random; the referee only counts it.
      if (!next.hidden) return endTurn(steal(next, seat, m.victim, null));
      const rng = createRng(next.hidden.seed);
      const loot = next.hidden.hands[m.victim][rng.int(next.hidden.hands[m.victim].length)];
      return endTurn(steal({ ...next, hidden: { ...next.hidden, seed: rng.seed } }, seat, m.victim, loot));
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
      if (!s.pending) illegal({ de: 'Gerade ist keine Zielkarte gefragt.', en: 'No target card is asked for now.' });
      const { pile, seat: chooser, opening } = s.pending!;
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
      const next = s.hidden ? removeFromHand(placed, chooser, m.card) : { ...placed, drawPile: Math.max(0, placed.drawPile - 1) };
      if (!opening) return endTurn(next);
      // At the start both targets are turned up before anyone plays.
      return pile === 1 ? { ...next, pending: { kind: 'target', pile: 2, seat: chooser, opening } } : { ...next, pending: null };
    }
    case 'draw-pile': {
      if (s.hidden) illegal({ de: 'In der Simulation zählt das Spiel den Stapel selbst.', en: 'With all cards known the game counts the pile itself.' });
      requireNoPending(s);
      const most = pileRoom(s);
      if (m.count > most) {
        const hands = DECK_SIZE - openCount(s) - most;
        illegal({
          de: `Der Nachziehstapel kann höchstens ${most} Karten halten: ${openCount(s)} liegen offen, ${hands} auf den Händen.`,
          en: `The draw pile can hold at most ${most} cards: ${openCount(s)} are in the open, ${hands} in hands.`,
        });
      }
      if (m.count === s.drawPile) illegal({ de: `Der Nachziehstapel hält schon ${m.count} Karten.`, en: `The draw pile holds ${m.count} cards already.` });
      return { ...s, drawPile: m.count };
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
  if (s.hidden || !p || p.opening) return { de: 'Hier ist eine Zielkarte nötig.', en: 'A target card is needed here.' };
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
  return {
    winners,
    losers: [],
    draw: winners.length === s.players,
    reason: say({ de: `Die wenigsten Minuspunkte (${fewest}): `, en: `Fewest minus points (${fewest}): ` }, joinTexts(winners.map(seatRef), ', '), '.'),
  };
}

function describeMove(s: ZwirnState, m: ZwirnMove): Text {
  const pending = s.pending;
  // The opening targets are turned up for the table, by nobody in particular; so is the draw pile counted.
  if (m.type === 'target' && pending?.opening) return { de: `Zielkarte ${pending.pile} aufgedeckt: ${m.card}`, en: `Target card ${pending.pile} turned up: ${m.card}` };
  if (m.type === 'draw-pile') return m.count === 0 ? { de: 'Der Nachziehstapel ist leer.', en: 'The draw pile is empty.' } : { de: `Nachziehstapel: ${m.count} Karten`, en: `Draw pile: ${m.count} cards` };
  const who = seatRef(toMove(s)!);
  const t = (de: string, en: string): Text => say(who, ' – ', { de, en });
  switch (m.type) {
    case 'play':
      return t(`${m.card} auf Stapel ${m.pile}`, `${m.card} onto pile ${m.pile}`);
    case 'reverse':
      return t('Richtungswechsel', 'reverses the direction');
    case 'steal':
      return say(who, { de: ' – stiehlt bei ', en: ' – steals from ' }, seatRef(m.victim));
    case 'raise':
      return t(`erhöht Ziel ${m.pile} auf ${m.card}`, `raises target ${m.pile} to ${m.card}`);
    case 'take':
      return t(`nimmt Stapel ${s.marker}`, `takes pile ${s.marker}`);
    case 'target':
      return m.card === null ? t('keine Zahlenkarte mehr: Stapel ohne Zielkarte', 'no number card left: the pile has no target') : t(`neue Zielkarte ${m.card}`, `new target ${m.card}`);
  }
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
    return { ...base, targets: [[first.card!], [second.card!]], drawPile: second.deck.length, pending: null, hidden: { hands, deck: second.deck, seed: rng.seed } };
  },
  toMove,
  legalMoves,
  play,
  outcome,
  score: (s) => s.misthaufen.map((m) => -m.length),
  explain: (s, o) => explain(s, o, { play }),
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

