import type { AnyGame, Text } from './core/contract.ts';
import { diabolo } from './diabolo/game.ts';
import { engelUndBengel } from './engel-und-bengel/game.ts';
import { zwirn } from './himmel-a-und-zwirn/game.ts';
import { himmelUndHoelle } from './himmel-und-hoelle/game.ts';
import { plus } from './plus/game.ts';

/** Every game the app knows, built or not; the picker lists them all in this order. */
export interface GameEntry {
  id: string;
  name: Text;
  kind: 'dice' | 'cards';
  /** Null until the game's engine is built. */
  game: AnyGame | null;
}

export const GAMES: readonly GameEntry[] = [
  { id: 'engel-und-bengel', name: { de: 'Engel und Bengel', en: 'Engel und Bengel' }, kind: 'dice', game: engelUndBengel },
  { id: 'himmel-und-hoelle', name: { de: 'Himmel und Hölle', en: 'Himmel und Hölle (dice duel)' }, kind: 'dice', game: himmelUndHoelle },
  { id: 'plus', name: { de: 'Plus (Miwins Würfel)', en: "Plus (Miwin's dice)" }, kind: 'dice', game: plus },
  { id: 'diabolo', name: { de: 'Himmel + Hölle (Diabolo)', en: 'Himmel + Hölle (Diabolo)' }, kind: 'cards', game: diabolo },
  { id: 'himmel-a-und-zwirn', name: { de: 'Himmel, A… und Zwirn', en: 'Himmel, A… und Zwirn' }, kind: 'cards', game: zwirn },
];

export function findGame(id: string): AnyGame | null {
  return GAMES.find((g) => g.id === id)?.game ?? null;
}
