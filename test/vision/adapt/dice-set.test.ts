import { describe, expect, it } from 'vitest';
import { DiceSetError, diceSetId, parseDiceSet, serialiseDiceSet, MAX_DICE_SET_CHARS, type DiceSet } from '../../../vision/adapt/dice-set.ts';
import { PATCH_BYTES } from '../../../vision/adapt/patch.ts';
import { fingerprint } from '../../../vision/adapt/fingerprint.ts';

const patch = (k: number) => Uint8Array.from({ length: PATCH_BYTES }, (_, i) => (i * 7 + k) % 256);

const d6: DiceSet = {
  id: 'tisch-anna-m3k2',
  name: 'Annas Würfel',
  kind: 'd6',
  created: '2026-12-01T12:00:00.000Z',
  taughtOn: '0123456789abcdef',
  dice: [
    { value: 3, roll: 0, patch: patch(1) },
    { value: 0, roll: 1, patch: patch(2) },
  ],
  pipColours: null,
  sure: { dice: 1, rolls: 2, before: 0, after: 1 },
};

const miwin: DiceSet = {
  ...d6,
  kind: 'miwin',
  taughtOn: null,
  dice: [{ value: 7, die: 'III', roll: 0, patch: patch(3), pips: [20, 40, 200] }],
  pipColours: { III: [20, 40, 200] },
};

/** What parsing `text` refuses with, in both languages. */
function refusal(text: string): { de: string; en: string } {
  try {
    parseDiceSet(text);
  } catch (e) {
    expect(e).toBeInstanceOf(DiceSetError);
    return (e as DiceSetError).text;
  }
  throw new Error('parsed');
}

const edit = (s: DiceSet, f: (o: any) => void) => {
  const o = JSON.parse(serialiseDiceSet(s));
  f(o);
  return JSON.stringify(o);
};

describe('dice set files', () => {
  it('come back as they were written, d6 and Miwin', () => {
    expect(parseDiceSet(serialiseDiceSet(d6))).toEqual(d6);
    expect(parseDiceSet(serialiseDiceSet(miwin))).toEqual(miwin);
    const tapped: DiceSet = { ...d6, dice: [...d6.dice, { value: 5, roll: 1, patch: patch(9), missed: true }] };
    expect(parseDiceSet(serialiseDiceSet(tapped))).toEqual(tapped);
    // A set taught since 7 Dec 2026 also says how many places without a die were taken for one.
    const placed: DiceSet = { ...d6, sure: { ...d6.sure!, places: 1, placesTakenBefore: 0, placesTakenAfter: 1 } };
    expect(parseDiceSet(serialiseDiceSet(placed))).toEqual(placed);
  });

  it('refuse what is not a dice set, saying why in German and English', () => {
    expect(refusal('{"a":')).toEqual({ de: expect.stringContaining('keine Würfelsatz-Datei'), en: expect.stringContaining('not a Schiri dice set file') });
    expect(refusal('[]').en).toContain('not a Schiri dice set file');
    expect(refusal(edit(d6, (o) => (o.version = 2))).de).toContain('Version 2');
    expect(refusal(edit(d6, (o) => (o.script = 'alert(1)')))).toEqual({ de: expect.stringContaining('unbekanntes Feld „script“'), en: expect.stringContaining('unknown field "script"') });
    expect(refusal(edit(d6, (o) => (o.dice[0].onload = 'x'))).en).toContain('unknown field "onload"');
    expect(refusal(edit(d6, (o) => (o.dice[0].value = 7))).en).toContain('"value" must be 0 (not a die) or 1 to 6');
    expect(refusal(edit(d6, (o) => (o.dice[0].patch = o.dice[0].patch.slice(8)))).en).toContain('72 x 72 RGB pixels');
    expect(refusal(edit(d6, (o) => (o.dice[0].patch = 'not base64!'))).de).toContain('Base64');
    expect(refusal(edit(d6, (o) => (o.name = 'a\u0007b'))).de).toContain('Steuerzeichen');
    expect(refusal(edit(d6, (o) => (o.name = ''))).en).toContain('1 to 60 characters');
    expect(refusal(edit(d6, (o) => (o.id = '../etc'))).en).toContain('"id"');
    expect(refusal(edit(d6, (o) => (o.taughtOn = 'weights'))).en).toContain('16 hex digits');
    // Each language names the place in its own words (the English said "Würfelsatz / dice set").
    expect(refusal(edit(d6, (o) => delete o.sure))).toEqual({ de: 'Würfelsatz: „sure“ fehlt.', en: 'dice set: "sure" is missing.' });
    expect(refusal(edit(d6, (o) => (o.dice[0].x = 1)))).toEqual({ de: 'Würfel 1: unbekanntes Feld „x“.', en: 'die 1: unknown field "x".' });
    expect(refusal(edit(miwin, (o) => (o.dice[0].value = 4))).de).toContain('Würfel III hat keine 4');
    expect(refusal(edit(miwin, (o) => (o.dice[0].pips = [0, 0, 300]))).en).toContain('three numbers from 0 to 255');
    expect(refusal(edit(d6, (o) => (o.dice[0].die = 'III'))).en).toContain('unknown field "die"');
    expect(refusal(edit(d6, (o) => (o.pipColours = { III: [1, 2, 3] }))).en).toContain('only for Miwin');
    expect(refusal(edit(d6, (o) => (o.dice[0].missed = false))).en).toContain('"missed" exists only as true, on a die');
    expect(refusal(edit(miwin, (o) => (o.dice[0].missed = true))).en).toContain('unknown field "missed"');
    expect(refusal(' '.repeat(MAX_DICE_SET_CHARS + 1)).en).toContain('too large');
    expect(refusal(edit(d6, (o) => (o.sure.places = 2))).en).toContain('only together');
    expect(refusal(edit(d6, (o) => Object.assign(o.sure, { places: 1, placesTakenBefore: 0, placesTakenAfter: 2 }))).en).toContain('more places taken for a die than there are places');
    expect(refusal(edit(d6, (o) => Object.assign(o.sure, { places: 1, placesTakenBefore: -1, placesTakenAfter: 0 }))).en).toContain('"placesTakenBefore" must be a whole number');
  });

  it('get a file name from their name that is safe on every system', () => {
    const id = diceSetId('Annas Würfel / „Tisch“ 2', new Date(0));
    expect(id).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
    expect(id.startsWith('annas-wurfel-tisch-2-')).toBe(true);
    expect(diceSetId('….', new Date(1000))).toBe('wuerfel-rs');
  });
});

describe('the classifier fingerprint', () => {
  it('is the same for the same weights and differs when one number or the split changes', () => {
    const a = [Float32Array.from([1, 2, 3]), Float32Array.from([4])];
    expect(fingerprint(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint([Float32Array.from([1, 2, 3]), Float32Array.from([4])])).toBe(fingerprint(a));
    expect(fingerprint([Float32Array.from([1, 2, 3.0001]), Float32Array.from([4])])).not.toBe(fingerprint(a));
    expect(fingerprint([Float32Array.from([1, 2]), Float32Array.from([3, 4])])).not.toBe(fingerprint(a));
  });
});
