/** Where the pips of a die face sit, in a unit square: the same picture on the Tafel and in the hand. */
const L = 0.25;
const M = 0.5;
const H = 0.75;
const FACES: Record<number, [number, number][]> = {
  1: [[M, M]],
  2: [[L, L], [H, H]],
  3: [[L, L], [M, M], [H, H]],
  4: [[L, L], [H, L], [L, H], [H, H]],
  5: [[L, L], [H, L], [M, M], [L, H], [H, H]],
  6: [[L, L], [H, L], [L, M], [H, M], [L, H], [H, H]],
};

export function pips(value: number): [number, number][] {
  return FACES[value] ?? [];
}
