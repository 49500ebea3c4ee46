import type { Text } from '../../engine/core/contract.ts';
import { GAMES } from '../../engine/registry.ts';
import { tx } from '../i18n/index.svelte.ts';
import type { Session } from './session.ts';

/**
 * How far a saved game has come, as the table counts it (Durchgang, round, move): what the picker
 * and the resume banner show beside the players and the time, so a player knows which game it is.
 */
export function progressOf(game: string, session: Session<unknown>): Text {
  const s = session.state as Record<string, unknown>;
  switch (game) {
    case 'engel-und-bengel':
      return tx(`Durchgang ${s.durchgang}`, `Durchgang ${s.durchgang}`);
    case 'diabolo':
      return tx(`Runde ${(s.round as number) + 1} von ${s.players}`, `Round ${(s.round as number) + 1} of ${s.players}`);
    case 'himmel-und-hoelle': {
      const turns = s.turns as [number, number];
      const round = Math.max(1, turns[0], turns[1]);
      return tx(`Runde ${round}`, `Round ${round}`);
    }
    case 'himmel-a-und-zwirn':
      return tx(`noch ${s.drawPile} Karten im Nachziehstapel`, `${s.drawPile} cards left to draw`);
    case 'plus':
      return tx(`Zug ${(s.ply as number) + 1}`, `Move ${(s.ply as number) + 1}`);
  }
  const n = session.history.length;
  return tx(`${n} Züge`, `${n} moves`);
}

export function gameName(game: string): Text {
  return GAMES.find((g) => g.id === game)?.name ?? tx(game, game);
}

/** The seats as the record names them; "Spieler 1" where a seat has no name. */
export function playersOf(session: Session<unknown>): Text {
  const names = (n: string[], word: string) => n.map((p, i) => p || `${word} ${i + 1}`).join(', ');
  return tx(names(session.players, 'Spieler'), names(session.players, 'Player'));
}

/** When a game was last written to, in the language's own way ("1. Dez., 14:05"). */
export function whenText(at: string | null): Text | null {
  if (!at) return null;
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return null;
  const f = (locale: string) => d.toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return tx(f('de-DE'), f('en-GB'));
}
