import { deckDifference, parseHidden, seatList } from '../core/card-games.ts';
import { Check } from '../core/validate.ts';
import { DECK_SIZE, HAND_SIZE, HIGHEST, PILE_NOS, SPECIALS, fullDeck, type ZCard } from './cards.ts';
import type { ZwirnMove, ZwirnObservation, ZwirnState } from './state.ts';

/** States, moves and observations from outside, refused with the path at fault where no game could have made them. */

function parseCard(c: Check, v: unknown): ZCard {
  return typeof v === 'string' ? c.oneOf(v, SPECIALS) : c.int(v, 1, HIGHEST);
}

function parseNumbers(c: Check, v: unknown): number[] {
  return c.array(v).map((x, i) => c.at(i).int(x, 1, HIGHEST));
}

const pair = <T>(c: Check, v: unknown, each: (c: Check, x: unknown) => T): [T, T] => {
  const xs = c.array(v);
  if (xs.length !== 2) c.fail({ de: 'braucht zwei Einträge, für Stapel 1 und Stapel 2', en: 'must have two entries, for pile 1 and pile 2' });
  return [each(c.at(0), xs[0]), each(c.at(1), xs[1])];
};

const KEYS = ['game', 'view', 'players', 'noNumberCard', 'turn', 'direction', 'targets', 'piles', 'marker', 'misthaufen', 'drawPile', 'handSizes', 'pending', 'over', 'hidden'];

export function parseState(v: unknown): ZwirnState {
  const c = new Check('bad-state');
  const o = c.object(v);
  c.keys(o, KEYS);
  for (const k of KEYS) if (!(k in o)) c.at(k).fail({ de: 'fehlt', en: 'is missing' });
  if (o.game !== 'himmel-a-und-zwirn') c.at('game').fail({ de: 'muss "himmel-a-und-zwirn" sein', en: 'must be "himmel-a-und-zwirn"' });
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
    // A hand is refilled to 5 and never holds more (a thief's loot replaces the Diebstahl played).
    handSizes: seatList(c.at('handSizes'), o.handSizes, n, (cc, x) => cc.int(x, 0, HAND_SIZE)),
    pending: null,
    over: c.at('over').bool(o.over),
    hidden: null,
  };
  if (o.pending !== null) {
    const pc = c.at('pending');
    const p = pc.object(o.pending);
    pc.keys(p, ['kind', 'pile', 'seat', 'opening']);
    s.pending = { kind: pc.at('kind').oneOf(p.kind, ['target'] as const), pile: pc.at('pile').oneOf(p.pile, PILE_NOS), seat: pc.at('seat').int(p.seat, 0, n - 1), opening: pc.at('opening').bool(p.opening) };
  }
  const open = [...s.targets.flat(), ...s.piles.flat(), ...s.misthaufen.flat()];
  if (s.view === 'full') {
    s.hidden = parseHidden(c, o.hidden, n, parseCard, s);
    const missing = cardsMissing([...open, ...s.hidden.hands.flat(), ...s.hidden.deck]);
    if (missing) c.at('hidden').fail({ de: `die 85 Karten gehen nicht auf: ${missing}`, en: `the 85 cards do not add up: ${missing}` });
  } else {
    if (o.hidden !== null) c.at('hidden').fail({ de: 'muss in der Schiedsrichter-Sicht null sein', en: 'must be null in the referee view' });
    const counts = countCards(open);
    const over = [...counts].find(([k, x]) => x > (fullCounts.get(k) ?? 0));
    if (over) c.fail({ de: `die Karte ${over[0]} liegt ${over[1]}-mal offen`, en: `the card ${over[0]} lies open ${over[1]} times` });
    // Fewer is possible (the table said the pile is emptier than counted), more cards than the game has is not.
    const hands = s.handSizes.reduce((a, b) => a + b, 0);
    if (s.drawPile > pileRoom(s)) {
      c.at('drawPile').fail({
        de: `höchstens ${pileRoom(s)}: von 85 Karten liegen ${open.length} offen und ${hands} auf den Händen`,
        en: `at most ${pileRoom(s)}: of 85 cards ${open.length} are in the open and ${hands} in hands`,
      });
    }
  }
  return s;
}

/** Cards in the open: targets, piles, every Misthaufen. */
export const openCount = (s: Pick<ZwirnState, 'targets' | 'piles' | 'misthaufen'>): number => s.targets.flat().length + s.piles.flat().length + s.misthaufen.flat().length;

/** The most the draw pile can hold: the 85 cards less those in the open and in the hands. */
export const pileRoom = (s: Pick<ZwirnState, 'targets' | 'piles' | 'misthaufen' | 'handSizes'>): number => DECK_SIZE - openCount(s) - s.handSizes.reduce((a, b) => a + b, 0);

const countCards = (cards: readonly ZCard[]) => {
  const m = new Map<ZCard, number>();
  for (const x of cards) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};
const fullCounts = countCards(fullDeck());

/** Null when `cards` are exactly the 85 cards of the game, else what is wrong. */
export function cardsMissing(cards: readonly ZCard[]): string | null {
  return deckDifference(cards, fullDeck(), String);
}

/** Every card the full view knows of, wherever it lies. */
export function allCards(s: ZwirnState): ZCard[] {
  return [...s.targets.flat(), ...s.piles.flat(), ...s.misthaufen.flat(), ...(s.hidden?.hands.flat() ?? []), ...(s.hidden?.deck ?? [])];
}

export function parseMove(v: unknown): ZwirnMove {
  const c = new Check('bad-move');
  const o = c.object(v);
  const type = c.at('type').oneOf(o.type, ['play', 'reverse', 'steal', 'raise', 'take', 'target', 'draw-pile'] as const);
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
    case 'draw-pile':
      c.keys(o, ['type', 'count']);
      return { type, count: c.at('count').int(o.count, 0, DECK_SIZE) };
  }
}

export function parseObservation(v: unknown): ZwirnObservation {
  const c = new Check('bad-observation');
  const o = c.object(v);
  c.keys(o, ['target1', 'target2', 'pile1', 'pile2', 'marker']);
  const card = (k: 'target1' | 'target2' | 'pile1' | 'pile2') => (o[k] === null ? null : c.at(k).int(o[k], 1, HIGHEST));
  const seen: ZwirnObservation = { target1: card('target1'), target2: card('target2'), pile1: card('pile1'), pile2: card('pile2') };
  if (o.marker !== undefined) seen.marker = c.at('marker').oneOf(o.marker, PILE_NOS);
  return seen;
}
