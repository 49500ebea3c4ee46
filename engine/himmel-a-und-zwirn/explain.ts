import type { Explanation } from '../core/contract.ts';
import { isEngineError } from '../core/errors.ts';
import { joinTexts, type Text } from '../core/text.ts';
import { PILE_NOS } from './cards.ts';
import { pileTop, targetOf } from './rules.ts';
import type { ZwirnMove, ZwirnObservation, ZwirnState } from './state.ts';

/** What the table shows of a state, as a camera sees it. */
export const tableView = (s: ZwirnState): Required<ZwirnObservation> => ({ target1: targetOf(s, 1), target2: targetOf(s, 2), pile1: pileTop(s, 1), pile2: pileTop(s, 2), marker: s.marker });

const KEYS = ['target1', 'target2', 'pile1', 'pile2', 'marker'] as const;
const shows = (s: ZwirnState, o: ZwirnObservation) => KEYS.every((k) => o[k] === undefined || tableView(s)[k] === o[k]);

/**
 * The moves that turn the table into what was seen: one card played, a raise, the opening targets,
 * a take (the marked pile and its target gone) with the new target laid after it, or a new target
 * alone. Every move the picture's cards could be is tried against the rules (`play`), one move or
 * a take followed by its target; what reaches the picture is the answer. Where two different
 * sequences reach it (a raise of an empty marked pile's target looks like a take and a new target,
 * unless the marker was seen), the table is asked which. Special cards played show nothing here
 * (they go onto a Misthaufen): the picture is then unchanged.
 */
export function explain(s: ZwirnState, o: ZwirnObservation, game: { play(s: ZwirnState, m: ZwirnMove): ZwirnState }): Explanation<ZwirnMove> {
  if (shows(s, o)) return { legal: true, unchanged: true, moves: [] };
  if (s.over) return { legal: false, code: 'game-over', reason: { de: 'Das Spiel ist schon zu Ende.', en: 'The game is already over.' } };
  const seenCards = [o.target1, o.target2, o.pile1, o.pile2].filter((c): c is number => c !== null);
  const tries = (t: ZwirnState): ZwirnMove[] =>
    t.pending
      ? [...seenCards.map((card): ZwirnMove => ({ type: 'target', card })), { type: 'target', card: null }]
      : [{ type: 'take' }, ...seenCards.flatMap((card) => PILE_NOS.flatMap((pile): ZwirnMove[] => [{ type: 'play', card, pile }, { type: 'raise', card, pile }]))];
  const found: ZwirnMove[][] = [];
  let refusal: Explanation<ZwirnMove> | null = null;
  const attempt = (t: ZwirnState, m: ZwirnMove): ZwirnState | null => {
    try {
      return game.play(t, m);
    } catch (e) {
      if (!isEngineError(e)) throw e;
      // The rule a single card broke, if the picture shows nothing else: said where no sequence fits.
      refusal ??= oneCardRefusal(s, o, m, e.text);
      return null;
    }
  };
  for (const m1 of tries(s)) {
    const t = attempt(s, m1);
    if (!t) continue;
    if (shows(t, o)) found.push([m1]);
    // A take, or the first opening target, asks for a target next; the picture may already show it.
    if (t.pending && !t.over) {
      for (const m2 of tries(t)) {
        const u = attempt(t, m2);
        if (!u || !shows(u, o)) continue;
        found.push([m1, m2]);
      }
    }
  }
  const distinct = found.filter((seq, i) => found.findIndex((x) => JSON.stringify(x) === JSON.stringify(seq)) === i && (seq.length === 1 || !found.some((x) => x.length < seq.length && sameEnd(s, x, seq, game.play))));
  if (distinct.length === 1) return { legal: true, unchanged: false, moves: distinct[0] };
  if (distinct.length > 1) {
    return {
      legal: true,
      unchanged: false,
      moves: [],
      ask: {
        question: { de: 'Das Bild passt zu mehr als einem Zug: welcher war es?', en: 'The picture fits more than one move: which was it?' },
        choices: distinct.map((moves) => ({ moves, note: joinTexts(moves.map((m) => describe(m))) })),
      },
    };
  }
  return refusal ?? { legal: false, code: 'not-one-card', reason: { de: 'So ändert kein erlaubter Zug den Tisch.', en: 'No legal move changes the table like that.' } };
}

/** Two sequences that leave the same state are one answer. */
function sameEnd(s: ZwirnState, a: ZwirnMove[], b: ZwirnMove[], play: (s: ZwirnState, m: ZwirnMove) => ZwirnState): boolean {
  return JSON.stringify(a.reduce(play, s)) === JSON.stringify(b.reduce(play, s));
}

/** Where the picture changed by one card only, the move it would be and why the rules refuse it. */
function oneCardRefusal(s: ZwirnState, o: ZwirnObservation, m: ZwirnMove, why: Text): Explanation<ZwirnMove> | null {
  const now = tableView(s);
  const changed = KEYS.filter((k) => o[k] !== undefined && o[k] !== now[k]);
  if (changed.length !== 1 || m.type === 'take') return null;
  const k = changed[0];
  const fits = (m.type === 'play' && k === `pile${m.pile}` && o[k] === m.card) || ((m.type === 'raise' || m.type === 'target') && k.startsWith('target') && o[k] === m.card);
  return fits ? { legal: false, code: 'illegal-move', reason: why } : null;
}

function describe(m: ZwirnMove): Text {
  switch (m.type) {
    case 'play':
      return { de: `${m.card} auf Stapel ${m.pile}.`, en: `${m.card} onto pile ${m.pile}.` };
    case 'raise':
      return { de: `Zielkarte ${m.pile} auf ${m.card} erhöht.`, en: `Target ${m.pile} raised to ${m.card}.` };
    case 'take':
      return { de: 'Markierten Stapel genommen.', en: 'The marked pile taken.' };
    case 'target':
      return m.card === null ? { de: 'Keine Zahlenkarte mehr.', en: 'No number card left.' } : { de: `Neue Zielkarte ${m.card}.`, en: `New target ${m.card}.` };
    default:
      return { de: '', en: '' };
  }
}
