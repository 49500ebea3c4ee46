import type { Json, Options, Text } from '../../engine/core/contract.ts';
import { himmelUndHoelle as game } from '../../engine/himmel-und-hoelle/game.ts';
import { sameDice, type HuhMove, type HuhState } from '../../engine/himmel-und-hoelle/state.ts';
import { positionHash, stableJson } from '../../engine/link/hash.ts';
import type { Link } from '../../engine/link/session.ts';
import { tx } from '../i18n/text.ts';

/**
 * Between the link and the screen's session: the link holds every move both tables agreed on, the
 * session (and its record) the moves this table has carried out. A remote move the screen has not
 * played yet is either carried out on the table first (it changes the dice: shown and lit as the
 * computer's actions are) or played at once (an end of turn, a step that only starts a battle).
 */
export type NextRemote = { carry: { before: HuhState; move: HuhMove; after: HuhState } } | { play: HuhMove } | null;

export function nextRemote(link: Link, state: HuhState, have: number): NextRemote {
  const next = link.moves[have];
  if (!next) return null;
  const move = next.move as HuhMove;
  const after = game.play(state, move);
  return sameDice(state.dice, after.dice) ? { play: move } : { carry: { before: state, move, after } };
}

/**
 * A session resumed beside its kept link: the same game where both start alike and agree on every
 * move both hold; then the session's moves the link lacks (written to the record, not yet sent: the
 * app stopped in between) are to be sent. Null where they are different games.
 */
export function reconcile(link: Link, session: { options: Options; history: readonly { move: unknown }[] }): { unsent: Json[] } | null {
  if (positionHash(game.setup(session.options)) !== link.hashes[0]) return null;
  const h = session.history;
  for (let i = 0; i < Math.min(h.length, link.moves.length); i++) if (stableJson(h[i].move) !== stableJson(link.moves[i].move)) return null;
  return { unsent: h.slice(link.moves.length).map((x) => x.move as Json) };
}

export const DIFFERENT_GAME: Text = tx(
  'Das gespeicherte Spiel und die Verbindung zum anderen Tisch passen nicht zusammen; es geht ohne Verbindung weiter.',
  'The saved game and the link to the other table do not match; it goes on without the link.',
);

export const NO_UNDO: Text = tx('Über zwei Tische wird kein Zug zurückgenommen: der andere Tisch hat ihn schon.', 'Across two tables no move is taken back: the other table has it already.');

export const CARRY_FOR_THEM: Text = tx('Bitte für den anderen Tisch ausführen:', 'Please carry out for the other table:');
