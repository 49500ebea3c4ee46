/**
 * "Würfel anlernen" below the DOM: the dice of a roll numbered as the picture shows them, a typed
 * roll, the sureness in words, a draft set of the confirmed rolls (renderer/vision/teach.ts); and
 * the worker's side (renderer/vision/teach-worker.ts) on a real photo: a frame read with each
 * die's patch, a set taught and measured, a bad set refused with the set in use kept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readImage } from '../../cli/lib/image-file.ts';
import { diceDataDir, listSet } from '../../cli/lib/yolo-set.ts';
import { loadModelsFromDisk } from '../../cli/lib/models.ts';
import { NEAR_PER_ROLL, parseDiceSet, serialiseDiceSet, type DiceSet } from '../../vision/adapt/dice-set.ts';
import { PATCH_BYTES } from '../../vision/adapt/patch.ts';
import type { Models } from '../../vision/tf.ts';
import { draftSet, fewPlacesText, moveCursor, numbered, openHints, parseTyped, parseTypedMiwin, pointedDie, surenessText, tappedDie, undecided } from '../../renderer/vision/teach.ts';
import { patchAt } from '../../vision/adapt/sample.ts';
import { currentAdapter, lookAt, useSet } from '../../renderer/vision/teach-worker.ts';
import { answerSet } from '../../renderer/vision/set-answer.ts';
import type { LookedDie } from '../../renderer/vision/protocol.ts';

const die = (x: number, y: number, value: number | null = 3): LookedDie => ({ box: [x, y, 40, 40], value, patch: new Uint8Array(PATCH_BYTES) });

describe('the teaching dialog’s bookkeeping', () => {
  it('numbers dice left to right, one column top to bottom', () => {
    const dice = numbered([die(300, 10), die(10, 200), die(20, 10), die(150, 100)]);
    expect(dice.map((d) => d.box.slice(0, 2))).toEqual([[20, 10], [10, 200], [150, 100], [300, 10]]);
    expect(dice.every((d) => d.said === d.value)).toBe(true);
  });

  it('tells whether a set put in use raises the die bar: only a set whose reader says so, never none, a refused set or one without a bar', async () => {
    const text = serialiseDiceSet(draftSet('x', [numbered([die(10, 10)])], new Date(0)));
    const answer = (bias?: number) => answerSet(text, () => {}, (set) => ({ set, retaught: false, ...(bias === undefined ? {} : { bias }) }));
    expect((await answer(1.5)).raised).toBe(true);
    expect((await answer(0)).raised).toBe(false);
    expect((await answer()).raised).toBe(false);
    expect(await answerSet(null, () => {}, () => ({ set: parseDiceSet(text), retaught: false, bias: 2 }))).toMatchObject({ raised: false, problem: null });
    expect(await answerSet('{}', () => {}, () => ({ set: parseDiceSet(text), retaught: false, bias: 2 }))).toMatchObject({ raised: false, text: null });
  });

  it('takes a typed roll in the numbered order and says what is wrong with one that does not fit', () => {
    expect(parseTyped('3 5 0 6', 4)).toEqual([3, 5, 0, 6]);
    expect(parseTyped('35-6', 4)).toEqual([3, 5, 0, 6]);
    expect(parseTyped('3,5', 4)).toEqual({ de: '2 Werte eingetippt, auf dem Bild sind 4 Würfel markiert.', en: '2 values typed, the picture marks 4 dice.' });
    expect(parseTyped('3 7 1 1', 4)).toEqual({ de: '„7“ ist keine Augenzahl: 1 bis 6 eintippen, 0 oder - für „kein Würfel“.', en: '"7" is no value: type 1 to 6, 0 or - for "no die".' });
  });

  it('takes a typed roll of Miwin’s dice, each die named as the table names it with its number, and says what is wrong with one that does not fit', () => {
    expect(parseTypedMiwin('III 5, IV 9, V 6', 3)).toEqual([{ die: 'III', value: 5 }, { die: 'IV', value: 9 }, { die: 'V', value: 6 }]);
    expect(parseTypedMiwin('v2 - iii:1 0', 4)).toEqual([{ die: 'V', value: 2 }, null, { die: 'III', value: 1 }, null]);
    expect(parseTypedMiwin('III5IV9', 3)).toEqual({ de: '2 Würfel eingetippt, auf dem Bild sind 3 markiert.', en: '2 dice typed, the picture marks 3.' });
    expect(parseTypedMiwin('IV 2', 1)).toEqual({ de: 'IV hat keine 2: seine Seiten sind 1, 3, 4, 5, 8, 9.', en: 'IV has no 2: its faces are 1, 3, 4, 5, 8, 9.' });
    expect((parseTypedMiwin('III 5 VI 3', 2) as { de: string }).de).toBe('„VI3“ ist kein Würfel mit Zahl: je Würfel III, IV oder V und die Zahl oben eintippen (etwa „III 5“), - für „weglassen“.');
    expect((parseTypedMiwin('5 9 6', 3) as { de: string }).de).toMatch(/^„596“ ist kein Würfel mit Zahl/);
  });

  it('moves the keyboard’s cross on the picture by the arrow keys, further with Shift, never off the picture', () => {
    const size = { width: 640, height: 480 };
    expect(moveCursor([320, 240], 'ArrowRight', false, size)).toEqual([330, 240]);
    expect(moveCursor([320, 240], 'ArrowUp', true, size)).toEqual([320, 200]);
    expect(moveCursor([5, 475], 'ArrowLeft', true, size)).toEqual([0, 475]);
    expect(moveCursor([5, 475], 'ArrowDown', false, size)).toEqual([5, 479]);
    expect(moveCursor([5, 5], 'a', false, size)).toBeNull();
  });

  it('says how sure a set makes the reader', () => {
    expect(surenessText({ dice: 12, rolls: 3, before: 8, after: 11 }).de).toBe(
      'Von 12 angelernten Würfeln liest Schiri ohne den Satz 8 richtig, mit ihm 11 (jeder Wurf gelesen mit dem, was die anderen Würfe lehrten).',
    );
    expect(surenessText(null).en).toBe('Not measured yet.');
    // And what the set lets in on the players' own table, where it counted the places.
    const placed = surenessText({ dice: 12, rolls: 3, before: 8, after: 11, places: 9, placesTakenBefore: 0, placesTakenAfter: 2 });
    expect(placed.de).toBe(
      'Von 12 angelernten Würfeln liest Schiri ohne den Satz 8 richtig, mit ihm 11 (jeder Wurf gelesen mit dem, was die anderen Würfe lehrten). Von 9 Stellen ohne Würfel, die einem Würfel am nächsten kamen, hält es ohne den Satz 0 für einen Würfel, mit ihm 2.',
    );
    expect(placed.en).toBe(
      'Of 12 taught dice Schiri reads 8 right without the set, 11 with it (each roll read with what the other rolls taught). Of 9 places without a die that came nearest to one, it takes 0 for a die without the set, 2 with it.',
    );
    expect(surenessText({ dice: 2, rolls: 1, before: 1, after: 2, places: 1, placesTakenBefore: 0, placesTakenAfter: 0 }).de).toContain('Von 1 Stelle ohne Würfel, die einem Würfel am nächsten kam,');
    expect(surenessText({ dice: 2, rolls: 1, before: 1, after: 2, places: 0, placesTakenBefore: 0, placesTakenAfter: 0 }).en).not.toContain('places');
  });

  it('asks for one more roll where a set saw too few places without a die to adjust to the table, and only then', () => {
    const set = (places: number, sure: DiceSet['sure'], kind: DiceSet['kind'] = 'd6'): DiceSet => ({
      ...draftSet('Holz', [], new Date('2026-12-04T12:00:00Z'), kind),
      dice: [...Array.from({ length: 6 }, (_, i) => ({ value: 1 + i, roll: 0, patch: new Uint8Array(0) })), ...Array.from({ length: places }, () => ({ value: 0, roll: 0, patch: new Uint8Array(0) }))],
      sure,
    });
    const shy = { dice: 6, rolls: 1, before: 3, after: 3 };
    expect(fewPlacesText(set(1, shy))!.de).toBe(
      'In diesen Würfen sah Schiri erst eine Stelle ohne Würfel; an den Tisch passt es sich erst ab 4 an. Lernt noch einen Wurf an, mit mehr vom Tisch im Bild.',
    );
    expect(fewPlacesText(set(0, shy))!.en).toBe('In these rolls Schiri saw no place without a die; it adjusts to the table from 4 on. Teach one more roll, with more of the table in view.');
    expect(fewPlacesText(set(3, null))!.de).toContain('erst 3 Stellen');
    // Enough places, every taught die read already, or Miwin's dice (no die bar): nothing to ask.
    expect(fewPlacesText(set(4, shy))).toBeNull();
    expect(fewPlacesText(set(1, { dice: 6, rolls: 1, before: 6, after: 6 }))).toBeNull();
    expect(fewPlacesText(set(1, shy, 'miwin'))).toBeNull();
  });

  it('makes a draft set of the confirmed rolls: each die with its roll, "no die" kept as 0, a file the parser takes', () => {
    const rolls = [numbered([die(0, 0, 2), die(100, 0, null)]), numbered([die(0, 0, 5)])];
    rolls[0][1].said = 0;
    const set = draftSet('  Omas Würfel ', rolls, new Date('2026-12-01T20:00:00Z'));
    expect(set.name).toBe('Omas Würfel');
    expect(set.dice.map((d) => [d.value, d.roll])).toEqual([[2, 0], [0, 0], [5, 1]]);
    expect(parseDiceSet(serialiseDiceSet(set)).id).toMatch(/^omas-wurfel-/);
  });

  it('keeps the boxes the reader looked at just under its bar as "no die" where the confirmed roll has none, the surest few a roll', () => {
    const rolls = [numbered([die(0, 0, 2), die(100, 0, null)]), numbered([die(0, 0, 5)])];
    rolls[0][1].said = 0;
    const near = (x: number, y: number) => ({ ...die(x, y, null), patch: new Uint8Array(PATCH_BYTES).fill(x % 251) });
    const onDie = near(10, 5); // centre inside the confirmed 2: that die, not an empty box
    const halfOn = { ...near(30, 30), box: [30, 30, 30, 30] as [number, number, number, number] }; // half on the 2: no clear place without a die
    const onNoDie = near(105, 5); // on the box the players said holds none: kept (it holds none)
    const apart = [near(300, 300), near(400, 300), near(500, 300), near(600, 300)];
    const set = draftSet('x', rolls, new Date(0), 'd6', [[onDie, halfOn, onNoDie, ...apart], []]);
    expect(NEAR_PER_ROLL).toBe(4);
    expect(set.dice.map((d) => [d.value, d.roll])).toEqual([[2, 0], [0, 0], [5, 1], [0, 0], [0, 0], [0, 0], [0, 0]]);
    expect(set.dice.slice(3).map((d) => d.patch)).toEqual([onNoDie, ...apart.slice(0, 3)].map((b) => b.patch));
    // A picture of the table or board without dice, taken as a roll: its surest near boxes are its places without a die.
    const board = draftSet('x', [numbered([die(0, 0, 2)]), []], new Date(0), 'd6', [[], apart]);
    expect(board.dice.map((d) => [d.value, d.roll])).toEqual([[2, 0], [0, 1], [0, 1], [0, 1], [0, 1]]);
    // A Miwin set keeps neither.
    const [m] = numbered([{ ...die(0, 0, 5), die: 'V' }]);
    expect(draftSet('m', [[m]], new Date(0), 'miwin', [[near(300, 300)]]).dice.map((d) => d.value)).toEqual([5]);
  });
});

describe('a die the reader missed, tapped on the picture', () => {
  const image = { width: 640, height: 480, data: new Uint8ClampedArray(640 * 480 * 4).map((_, i) => (i * 7) % 251) };

  it('gets a box around the tap the size of the roll’s other dice, and its patch from the picture', () => {
    const others = [die(10, 10), { ...die(100, 10), box: [100, 10, 50, 44] as [number, number, number, number] }, { ...die(200, 10), box: [200, 10, 30, 30] as [number, number, number, number] }];
    const d = tappedDie(image, [320.4, 240.6], others);
    expect(d.box).toEqual([300, 221, 40, 40]);
    expect(d.patch).toEqual(patchAt(image, [300, 221, 40, 40]));
    expect([d.value, d.said, d.saidDie, d.tapped]).toEqual([null, null, null, true]);
    expect(undecided(d, 'd6')).toBe(true);
  });

  it('is a sixteenth of the picture wide where the reader found no die', () => {
    expect(tappedDie(image, [100, 100], []).box).toEqual([80, 80, 40, 40]);
  });

  it('is taught with the value the players give it, where the reader looked just under its bar if it did, else marked missed', () => {
    const [hit, miss] = [tappedDie(image, [320, 320], []), tappedDie(image, [20, 400], [])];
    [hit.said, miss.said] = [4, 6];
    const under: LookedDie = { box: [305, 305, 30, 30], value: null, patch: new Uint8Array(PATCH_BYTES).fill(7) };
    expect(draftSet('x', [[hit, miss]], new Date(0), 'd6', [[under]]).dice).toEqual([
      { value: 4, roll: 0, patch: under.patch },
      { value: 6, roll: 0, patch: miss.patch, missed: true },
    ]);
  });
});

describe('places the reader almost took for dice', () => {
  const image = { width: 640, height: 480, data: new Uint8ClampedArray(640 * 480 * 4).map((_, i) => (i * 5) % 251) };
  const near = (x: number, y: number): LookedDie => ({ box: [x, y, 30, 30], value: 4, patch: new Uint8Array(PATCH_BYTES).fill(x % 251) });

  it('are shown where no marked die lies round them', () => {
    const dice = numbered([die(100, 100, 2)]);
    const [onDie, apart] = [near(105, 110), near(300, 300)];
    expect(openHints([onDie, apart], dice)).toEqual([apart]);
  });

  it('give a die tapped inside one their box and patch; a tap elsewhere a box around the tap', () => {
    const hint = near(300, 300);
    const inside = pointedDie(image, [310, 320], [], [hint]);
    expect([inside.box, inside.patch, inside.said, inside.tapped]).toEqual([hint.box, hint.patch, null, true]);
    expect(pointedDie(image, [100, 100], [], [hint])).toEqual(tappedDie(image, [100, 100], []));
  });
});

describe('Miwin’s dice in the teaching dialog', () => {
  const miwin = (die: 'III' | 'IV' | 'V' | undefined, value: number | null): LookedDie => ({ ...die_(value), ...(die ? { die } : {}) });
  const die_ = (value: number | null) => die(0, 0, value);

  it('takes which die the reader saw, and asks until die and value fit together', () => {
    const [d] = numbered([miwin('IV', 8)]);
    expect([d.said, d.saidDie]).toEqual([8, 'IV']);
    expect(undecided(d, 'miwin')).toBe(false);
    expect(undecided({ ...d, saidDie: 'III' }, 'miwin')).toBe(true);
    expect(undecided({ ...d, saidDie: null }, 'miwin')).toBe(true);
    expect(undecided({ ...d, said: 0, saidDie: null }, 'miwin')).toBe(false);
  });

  it('drafts a Miwin set of the dice said, leaving out those left out', () => {
    const roll = numbered([miwin('III', 9), miwin('V', 2), miwin(undefined, null)]);
    roll[2].said = 0;
    const set = draftSet('Miwin', [roll], new Date(0), 'miwin');
    expect(set.kind).toBe('miwin');
    expect(set.dice.map((d) => [d.die, d.value])).toEqual([['III', 9], ['V', 2]]);
    expect(parseDiceSet(serialiseDiceSet(set)).dice).toHaveLength(2);
  });
});

const dir = diceDataDir();
const photo = dir ? listSet(join(dir, 'images'), join(dir, 'labels'), join(dir, 'test.txt'))[0] : undefined;

describe.skipIf(!photo)('the camera worker’s teaching', () => {
  let models: Models;
  beforeAll(async () => {
    models = await loadModelsFromDisk();
  }, 30_000);

  it('reads a frame with each die’s patch, teaches a set of it, and refuses a bad set keeping the one in use', async () => {
    const frame = readImage(photo!.image);
    const data = frame.data.slice().buffer;
    const looked = await lookAt({ width: frame.width, height: frame.height, data }, models);
    expect(looked.problem).toBeNull();
    expect(looked.dice.length).toBeGreaterThan(0);
    expect(looked.dice.every((d) => d.patch.length === PATCH_BYTES)).toBe(true);
    // The boxes just under the bar come with their patches too, none of them a reported die.
    expect(looked.near!.every((b) => b.patch.length === PATCH_BYTES && !looked.dice.some((d) => d.box.join() === b.box.join()))).toBe(true);

    const rolls = [numbered(looked.dice)];
    const draft = draftSet('Test', rolls, new Date('2026-12-01T20:00:00Z'));
    const used = await useSet(serialiseDiceSet(draft), models);
    expect(used.problem).toBeNull();
    const set = parseDiceSet(used.text!);
    expect(set.taughtOn).toMatch(/^[0-9a-f]{16}$/);
    expect(set.sure).toMatchObject({ dice: draft.dice.filter((d) => d.value > 0).length, rolls: 1 });
    const adapter = currentAdapter();
    expect(adapter).toBeDefined();

    const bad = await useSet('{"format":"schiri-dice-set","version":1}', models);
    expect(bad.problem?.en).toBe('dice set: "id" is missing.');
    expect(bad.text).toBeNull();
    expect(currentAdapter()).toBe(adapter);

    expect((await lookAt({ width: 2, height: 2, data: new ArrayBuffer(3) }, models)).problem?.en).toBe('No camera picture to read.');
    expect((await useSet(null, models)).problem).toBeNull();
    expect(currentAdapter()).toBeUndefined();
  }, 120_000);
});
