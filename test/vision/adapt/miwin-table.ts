/**
 * The players' table for teaching Miwin's dice, rendered (no photos of Miwin's dice exist here):
 * their die III has dark blue (navy) pips instead of the bright blue the reader was trained on,
 * under a warm lamp. The plain reader takes some III for V (black pips) and, the bodies being
 * yellowish under the lamp, misses some dice. Used by test/vision/adapt/miwin.test.ts and
 * test/e2e/teach-miwin.e2e.ts.
 */
import type { Point } from '../../../vision/board/homography.ts';
import { MIWIN_DICE, MIWIN_FACES } from '../../../vision/miwin/dice.ts';
import { miwinTable, type MiwinDieSpec } from '../../../vision/synth/miwin.ts';
import { createRng } from '../../../engine/core/rng.ts';
import type { Frame, Rgb } from '../../../vision/types.ts';

export const PLAYERS_PIPS = { III: [40, 45, 105] as Rgb };
export const PLAYERS_LIGHT: Rgb = [1, 0.9, 0.75];

/** `n` rolls of the three dice: random faces, places and turns, seeded. */
export function rolls(seed: number, n: number): MiwinDieSpec[][] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () =>
    MIWIN_DICE.map((die, i) => ({ die, value: MIWIN_FACES[die][rng.int(6)], centre: [80 + i * 110 + rng.next() * 40, 90 + rng.next() * 120] as Point, angle: rng.next() * 3 })),
  );
}

/** A roll on the players' table, `seed` its sensor noise. */
export const onTable = (dice: MiwinDieSpec[], seed: number, light = true): Frame =>
  miwinTable({ dice, pips: PLAYERS_PIPS, tint: light ? PLAYERS_LIGHT : undefined }, createRng(seed), createRng);

/** Where a die of a roll lies in the 640 x 480 picture (miwinTable: 1.6 px a mm). */
export const inPicture = (d: MiwinDieSpec): Point => [d.centre[0] * 1.6, d.centre[1] * 1.6];
