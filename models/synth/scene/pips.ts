/** Where the pips of a standard die face lie: face coordinates in [-0.5, 0.5], y down. */
export function pipPositions(value: number, spread: number): [number, number][] {
  const s = spread;
  switch (value) {
    case 1:
      return [[0, 0]];
    case 2:
      return [[-s, -s], [s, s]];
    case 3:
      return [[-s, -s], [0, 0], [s, s]];
    case 4:
      return [[-s, -s], [s, -s], [-s, s], [s, s]];
    case 5:
      return [[-s, -s], [s, -s], [0, 0], [-s, s], [s, s]];
    case 6:
      return [[-s, -s], [-s, 0], [-s, s], [s, -s], [s, 0], [s, s]];
    default:
      // Domino halves and cards run to 9: three rows of three.
      return ([[-s, -s], [0, -s], [s, -s], [-s, 0], [0, 0], [s, 0], [-s, s], [0, s], [s, s]] as [number, number][]).slice(0, Math.max(0, value));
  }
}
