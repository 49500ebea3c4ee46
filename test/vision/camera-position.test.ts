import { describe, expect, it } from 'vitest';
import { parsePosition, seededText } from '../../renderer/vision/position.ts';

describe("the game's position as the camera worker takes it", () => {
  it('takes a list of dice on fields, and nothing else', () => {
    expect(parsePosition([{ field: 'a3', value: 5, body: 'white' }, { field: 'r1b1', value: 2 }])).toEqual([{ field: 'a3', value: 5, body: 'white' }, { field: 'r1b1', value: 2 }]);
    expect(parsePosition([])).toEqual([]);
    for (const bad of [null, 'a3', [{ field: 'a3' }], [{ field: 'a3', value: 0 }], [{ field: 'a3', value: 2.5 }], [{ field: '', value: 2 }], [{ field: 'a3', value: 2, body: 7 }], Array.from({ length: 201 }, () => ({ field: 'a1', value: 1 }))]) {
      expect(parsePosition(bad)).toBeNull();
    }
  });

  it('tells the players what the first reference made of the board, in German and English, singular and plural', () => {
    expect(seededText({ extra: 0, missing: 0 })).toBeUndefined();
    expect(seededText({ extra: 1, missing: 0 })?.de).toMatch(/^Brett aufgenommen, wie das Spiel steht\. Auf einem Feld, das im Spiel leer ist, sieht Schiri etwas wie einen Würfel/);
    expect(seededText({ extra: 2, missing: 1 })?.de).toMatch(/Auf 2 Feldern, die im Spiel leer sind.*Ein Würfel der Stellung ist nicht zu erkennen/);
    expect(seededText({ extra: 0, missing: 3 })?.en).toMatch(/3 dice of the position cannot be made out: Schiri takes them to lie on their fields\.$/);
  });
});
