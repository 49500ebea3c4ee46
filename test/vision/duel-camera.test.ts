import { describe, expect, it } from 'vitest';
import { coloursAtStart, duelObservation, seenLine } from '../../renderer/games/himmel-und-hoelle/camera.ts';
import { explain } from '../../engine/himmel-und-hoelle/explain.ts';
import { setup } from '../../engine/himmel-und-hoelle/game.ts';
import type { DieReading, Reading } from '../../vision/types.ts';

const COLOURS = ['white', 'red'] as const;
let x = 0;
/** A die read on `field`, showing `value`, of body colour `body`; each at its own spot unless `centre` is given. */
const die = (field: string | undefined, value: number | null, body = 'white', extra: Partial<DieReading> = {}): DieReading => {
  const centre: [number, number] = extra.centre ?? [(x += 50), 100];
  return {
    value,
    confidence: 0.9,
    box: [centre[0] - 20, centre[1] - 20, 40, 40],
    centre,
    body: { name: body, rgb: [0, 0, 0] },
    pips: { name: 'black', rgb: [20, 20, 20] },
    ...(field ? { field } : {}),
    ...extra,
  };
};
const reading = (...dice: DieReading[]): Reading => ({ dice, obstructed: false, elapsedMs: 0, time: 0 });
const start = () => [...Array.from({ length: 5 }, () => die('start-himmel', 6, 'white')), ...Array.from({ length: 5 }, () => die('start-hoelle', 6, 'red'))];

describe('the duel board as the engine observes it', () => {
  it('gives each die on the board its place, pips and side by colour; dice off the board are left out', () => {
    const seen = duelObservation(reading(...start().slice(1), die('b1', 5, 'white'), die(undefined, 3, 'red')), COLOURS);
    expect(seen.ok).toBe(true);
    if (!seen.ok) return;
    expect(seen.observed.dice).toHaveLength(10);
    expect(seen.observed.dice).toContainEqual({ side: 0, at: 'b1', pips: 5 });
    expect(seen.observed.dice.filter((d) => d.side === 1 && d.at === 'start-hoelle')).toHaveLength(5);
    expect(seenLine(seen.observed).de).toBe('Himmel: b1 5, 4 im Bereich · Hölle: 5 im Bereich');
  });

  it('a die of neither colour is refused, named by where it lies, never guessed', () => {
    const seen = duelObservation(reading(...start().slice(1), die('b4', 5, 'blue')), COLOURS);
    expect(seen).toEqual({
      ok: false,
      reason: {
        de: 'Der Würfel auf b4 ist Blau: nicht zu sagen, wem er gehört (Himmel spielt Weiß, Hölle Rot).',
        en: 'The die on b4 is blue: whose it is cannot be told (Himmel plays white, Hölle red).',
      },
    });
  });

  it("a die read in a colour next to one side's (a white die in dim light read grey, a red one brown) is that side's; next to both, refused", () => {
    const seen = duelObservation(reading(die('b4', 5, 'grey'), die('a7', 2, 'brown'), die('c1', 3, 'white', { centre: [600, 600] }), die('c1', 3, 'grey', { centre: [603, 601] })), COLOURS);
    expect(seen).toEqual({
      ok: true,
      observed: {
        dice: [
          { side: 0, at: 'b4', pips: 5 },
          { side: 1, at: 'a7', pips: 2 },
          { side: 0, at: 'c1', pips: 3 },
        ],
      },
    });
    // White against black: grey borders both.
    const both = duelObservation(reading(die('b4', 5, 'grey')), ['white', 'black']);
    expect(both).toMatchObject({ ok: false, reason: { en: 'The die on b4 is grey: whose it is cannot be told (Himmel plays white, Hölle black).' } });
  });

  it('an unreadable die and a die read two ways are refused', () => {
    const unsure = duelObservation(reading(die('c3', null, 'white', { unreadable: 'unsure' })), COLOURS);
    expect(unsure).toMatchObject({ ok: false, reason: { de: 'Der Würfel auf c3 ist nicht zu lesen: zu unsicher, welche Zahl oben liegt.' } });
    const twice = duelObservation(reading(die('a2', 4, 'red', { centre: [300, 300] }), die('a2', 5, 'red', { centre: [305, 302] })), COLOURS);
    expect(twice).toMatchObject({ ok: false, reason: { en: 'The die on a2 is ambiguous: read as 4 and as 5.' } });
    // Three unreadable dice in one start area: where they lie is one place, so the sentence is said
    // once, not three times over (issue 15, item 11).
    const three = duelObservation(reading(...start().slice(3), ...[1, 2, 3].map(() => die('start-himmel', null, 'white', { unreadable: 'unsure' }))), COLOURS);
    expect(three).toEqual({
      ok: false,
      reason: {
        de: 'Der Würfel im Startbereich des Himmels ist nicht zu lesen: zu unsicher, welche Zahl oben liegt.',
        en: "The die in Himmel's start area cannot be read: not sure enough which number is on top.",
      },
    });
    // Reported twice with the same value: one die.
    const once = duelObservation(reading(die('a2', 4, 'red', { centre: [300, 300] }), die('a2', 4, 'red', { centre: [305, 302] })), COLOURS);
    expect(once).toEqual({ ok: true, observed: { dice: [{ side: 1, at: 'a2', pips: 4 }] } });
  });

  it('checks the colours at the start: dice of the other side in a start area are told at once', () => {
    const s = setup({});
    const right = duelObservation(reading(...start()), COLOURS);
    if (!right.ok) throw new Error('not ok');
    expect(coloursAtStart(s, right.observed, COLOURS)).toBeNull();
    const swapped = duelObservation(reading(...start()), ['red', 'white']);
    if (!swapped.ok) throw new Error('not ok');
    expect(coloursAtStart(s, swapped.observed, ['red', 'white'])?.de).toBe(
      'Im Startbereich des Himmels liegen 0 Würfel in Rot und 5 der anderen Seite: stimmen die Farben? Himmel spielt Rot, Hölle Weiß.',
    );
  });

  it('a settled board goes to explain: the first move of the game is played as the engine explains it', () => {
    const s = setup({});
    const seen = duelObservation(reading(...start().slice(1), die('b1', 6, 'white')), COLOURS);
    if (!seen.ok) throw new Error('not ok');
    expect(explain(s, seen.observed)).toMatchObject({ legal: true, moves: [{ type: 'step', die: expect.any(Number), to: 'b1', pay: 'ap' }] });
    const far = duelObservation(reading(...start().slice(1), die('b3', 6, 'white')), COLOURS);
    if (!far.ok) throw new Error('not ok');
    expect(explain(s, far.observed)).toMatchObject({ legal: false, code: 'too-many-ap' });
  });
});
