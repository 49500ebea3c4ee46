/**
 * Miwin's dice as the camera sees them (../shared/rules/plus.md): named for the sum of their two
 * lowest faces, told apart by pip colour. engine/plus/dice.ts holds the same faces for the rules;
 * vision/ may not import engine/, so test/vision/miwin.test.ts checks the two agree.
 */
export const MIWIN_DICE = ['III', 'IV', 'V'] as const;
export type MiwinDie = (typeof MIWIN_DICE)[number];

export const MIWIN_FACES: Record<MiwinDie, readonly number[]> = {
  III: [1, 2, 5, 6, 7, 9],
  IV: [1, 3, 4, 5, 8, 9],
  V: [2, 3, 4, 6, 7, 8],
};

export const MIWIN_PIP_COLOUR: Record<MiwinDie, string> = { III: 'blue', IV: 'red', V: 'black' };

/** The 18 (die, face) pairs, the classifier's classes, in a fixed order. */
export const MIWIN_CLASSES: { die: MiwinDie; value: number }[] = MIWIN_DICE.flatMap((die) => MIWIN_FACES[die].map((value) => ({ die, value })));
