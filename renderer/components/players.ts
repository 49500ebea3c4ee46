/**
 * The names of the last table of each game, in seating order, kept so the next game (or a
 * rematch after a reload) starts with the same people in the same seats.
 */
const key = (game: string) => `schiri.${game}.players`;

export function rememberedPlayers(game: string, min: number, max: number): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(key(game)) ?? 'null') as unknown;
    if (Array.isArray(v) && v.length >= min && v.length <= max && v.every((n) => typeof n === 'string')) return v as string[];
  } catch {
    // Missing or damaged: an empty table.
  }
  return Array.from({ length: min }, () => '');
}

export function rememberPlayers(game: string, names: readonly string[]): void {
  try {
    localStorage.setItem(key(game), JSON.stringify(names));
  } catch {
    // Not saved: the names still hold for this game.
  }
}
