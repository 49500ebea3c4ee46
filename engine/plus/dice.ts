/** Miwin's dice as the rules give them: named by the sum of their two lowest faces. */
export const DICE = ['III', 'IV', 'V'] as const;
export type DieName = (typeof DICE)[number];
export type Dice = Record<DieName, number>;

export const FACES: Record<DieName, readonly number[]> = {
  III: [1, 2, 5, 6, 7, 9],
  IV: [1, 3, 4, 5, 8, 9],
  V: [2, 3, 4, 6, 7, 8],
};

export const PIP_COLOUR: Record<DieName, { de: string; en: string }> = {
  III: { de: 'blau', en: 'blue' },
  IV: { de: 'rot', en: 'red' },
  V: { de: 'schwarz', en: 'black' },
};

export const START: Dice = { III: 1, IV: 1, V: 2 };

export function isPlus(d: Dice): boolean {
  const { III: a, IV: b, V: c } = d;
  return a + b === c || a + c === b || b + c === a;
}

export function total(d: Dice): number {
  return d.III + d.IV + d.V;
}

export function diceKey(d: Dice): string {
  return `${d.III},${d.IV},${d.V}`;
}

export function formatDice(d: Dice): string {
  return `(${d.III},${d.IV},${d.V})`;
}
