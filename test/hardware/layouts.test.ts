import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DICE, FACES } from '../../engine/plus/dice.ts';
import { GAMES } from '../../engine/registry.ts';
import { everyField, renderIntent } from '../../hardware/core/frame.ts';
import { matrixOffset, parseLayout, type Layout } from '../../hardware/core/layouts/format.ts';
import { LAYOUTS, layoutByName } from '../../hardware/core/layouts/index.ts';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The field ids of docs/conventions.md, game by game. */
const CONVENTION: Record<string, string[]> = {
  'himmel-und-hoelle': [...range(10).flatMap((r) => ['a', 'b', 'c'].map((c) => `${c}${r}`)), 'start-himmel', 'start-hoelle'],
  'engel-und-bengel': range(6).flatMap((r) => range(6).map((b) => `r${r}b${b}`)),
  plus: [...DICE, ...DICE.flatMap((d) => FACES[d].map((f) => `${d}.${f}`))],
  diabolo: range(5).flatMap((c) => [...range(3).flatMap((k) => [`c${c}.devil.${k}`, `c${c}.angel.${k}`]), `c${c}.lock`]),
  'himmel-a-und-zwirn': ['target1', 'target2', 'pile1', 'pile2', 'marker1', 'marker2'],
};

describe('shipped layouts', () => {
  it('exist for every game of the registry, named like the game', () => {
    expect([...LAYOUTS.keys()].sort()).toEqual(GAMES.map((g) => g.id).sort());
  });

  it.each(Object.entries(CONVENTION))('%s has exactly the conventional field ids and uses every LED once', (name, ids) => {
    const layout = layoutByName(name);
    expect([...layout.fields.keys()].sort()).toEqual([...ids].sort());
    const used = [...layout.fields.values()].flat().sort((a, b) => a - b);
    expect(used).toEqual(Array.from({ length: layout.leds }, (_, i) => i));
  });

  it('wire the 3 x 10 board as a snake: start area, rows 1 to 10, the other start area', () => {
    const hh = layoutByName('himmel-und-hoelle');
    expect(hh.fields.get('start-himmel')).toEqual([0, 1, 2]);
    expect([hh.fields.get('c1'), hh.fields.get('b1'), hh.fields.get('a1')]).toEqual([[3], [4], [5]]);
    expect([hh.fields.get('a2'), hh.fields.get('c10')]).toEqual([[6], [32]]);
    expect(hh.fields.get('start-hoelle')).toEqual([33, 34, 35]);
  });

  it('turn a lit set into colours at the right LEDs, naming fields the layout lacks', () => {
    const plus = layoutByName('plus');
    const { frame, unknown } = renderIntent(plus, { 'IV.3': 'legal', V: 'selected', 'IV.7': 'legal' });
    expect(unknown).toEqual(['IV.7']);
    const at = plus.fields.get('IV.3')![0];
    expect([...frame.subarray(at * 3, at * 3 + 3)]).toEqual([0, 170, 255]);
    expect(frame.filter((v) => v > 0).length).toBe(5);
    expect(Object.keys(everyField(plus, 'legal')).length).toBe(21);
  });
});

describe('serpentine matrices', () => {
  it('put consecutive LEDs on neighbouring cells, walking rows or columns', () => {
    for (const [rows, cols] of [[1, 5], [3, 10], [7, 3], [16, 16]]) {
      for (const along of ['rows', 'columns'] as const) {
        const cell: [number, number][] = [];
        for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cell[matrixOffset(rows, cols, r, c, along)] = [r, c];
        expect(cell.filter(Boolean).length).toBe(rows * cols);
        for (let i = 1; i < cell.length; i++) {
          expect(Math.abs(cell[i][0] - cell[i - 1][0]) + Math.abs(cell[i][1] - cell[i - 1][1])).toBe(1);
        }
      }
    }
  });

  it('can run every row the same way (a matrix wired with return wires)', () => {
    expect([0, 1, 2].map((c) => matrixOffset(2, 3, 1, c, 'rows', false))).toEqual([3, 4, 5]);
  });
});

describe('the layout file format', () => {
  const base = { format: 'schiri-led-layout/1', name: 'mine', title: { de: 'Meins', en: 'Mine' }, leds: 4 };
  const fails = (v: unknown, re: RegExp) => expect(() => parseLayout(v)).toThrow(re);

  it('takes single fields with one or several LEDs, and matrices with gaps', () => {
    const l: Layout = parseLayout({ ...base, fields: { x: 3, y: [2, 0] }, matrices: [] });
    expect(l.fields.get('y')).toEqual([0, 2]);
    const m = parseLayout({ ...base, matrices: [{ first: 0, grid: [['a', null], ['b', 'c']] }] });
    expect([m.fields.get('a'), m.fields.get('b'), m.fields.get('c')]).toEqual([[0], [3], [2]]);
  });

  it('takes the example of docs/hardware.md as it stands', () => {
    const doc = readFileSync(new URL('../../docs/hardware.md', import.meta.url), 'utf8');
    const example = /```json\n(\{\n  "format"[\s\S]*?)```/.exec(doc)![1];
    const l = parseLayout(JSON.parse(example));
    expect(l.fields.size).toBe(21);
    expect(l.fields.get('IV')).toEqual([22, 23]);
  });

  it('refuses broken files with a message that names the place', () => {
    fails(null, /not a JSON object/);
    fails({ ...base, format: 'x' }, /format: must be "schiri-led-layout\/1"/);
    fails({ ...base, fields: { x: 4 } }, /fields\.x: LED 4 is not in 0…3/);
    fails({ ...base, fields: { x: 1, y: 1 } }, /LED 1 already belongs to x/);
    fails({ ...base, fields: {} }, /no fields/);
    fails({ ...base, matrices: [{ first: 0, grid: [['a', 'b'], ['c']] }] }, /rows of equal length/);
    fails({ ...base, leds: 0 }, /leds: must be 1 to 4096/);
    fails({ ...base, title: 'x' }, /title: needs de and en/);
    try {
      parseLayout({ ...base, fields: { x: 9 } });
    } catch (e) {
      expect((e as { text: { de: string } }).text.de).toMatch(/LED 9 liegt nicht in 0…3/);
    }
  });
});
