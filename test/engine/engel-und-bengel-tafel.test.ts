import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOARD, gridOf, layOut, STANDARD_GRID } from '../../engine/engel-und-bengel/geometry.ts';
import { diceInPlay } from '../../engine/engel-und-bengel/state.ts';
import { boxCount, canFinish, formatTafel, loadTafel, meets, parseTafel, TafelError, type Row } from '../../engine/engel-und-bengel/tafel.ts';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { TEST_TAFEL, tafelOf } from './engel-und-bengel.fixtures.ts';

const dir = new URL('../../engine/engel-und-bengel/tafeln/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

describe('the 16 shipped Tafeln', () => {
  it('are 16 files, all in the stack, in order', () => {
    expect(files).toHaveLength(16);
    expect(SHIPPED_TAFELN.map((t) => `${t.id}.json`)).toEqual(files);
  });

  it.each(files)('%s loads, is written in the canonical format, and is playable', (file) => {
    const text = readFileSync(new URL(file, dir), 'utf8');
    const t = loadTafel(text, file);
    expect(formatTafel(t)).toBe(text);
    expect(t.rows).toHaveLength(6);
    // Never more boxes than dice in play, whatever the number of players (4 players: 28).
    for (let players = 2; players <= 6; players++) expect(boxCount(t)).toBeLessThanOrEqual(diceInPlay(players));
    expect(t.rows.some((r) => r.colour === 'white')).toBe(true);
    expect(t.rows.some((r) => r.colour === 'black')).toBe(true);
    for (const r of t.rows) expect(r.points % 10).toBe(0);
    expect(t.size).toEqual(BOARD);
    // The project's own names, never the publisher's.
    expect(t.id).toMatch(/^schiri-\d\d$/);
  });

  it('have distinct names and are not all alike', () => {
    expect(new Set(SHIPPED_TAFELN.map((t) => t.name.de)).size).toBe(16);
    expect(new Set(SHIPPED_TAFELN.map((t) => t.name.en)).size).toBe(16);
    const shapes = SHIPPED_TAFELN.map((t) => JSON.stringify(t.rows.map((r) => [r.colour, r.points, r.boxes.map((b) => b.must)])));
    expect(new Set(shapes).size).toBe(16);
    const kinds = new Set(SHIPPED_TAFELN.flatMap((t) => t.rows.flatMap((r) => r.boxes.flatMap((b) => b.must.map((c) => Object.keys(c)[0])))));
    expect([...kinds].sort()).toEqual(['differentFrom', 'sameAs', 'step', 'value']);
  });

  it('every row of every shipped Tafel can be completed from empty', () => {
    for (const t of SHIPPED_TAFELN) for (const r of t.rows) expect(canFinish(r, [])).toBe(true);
  });
});

describe('box constraints as data', () => {
  const row = (boxes: Row['boxes'][number]['must'][]): Row => tafelOf('k', [['white', 10, boxes], ...Array(5).fill(['white', 10, [[]]])]).rows[0];
  const accepts = (r: Row, values: number[]) => values.every((v, i) => meets(r, i, v, values));
  const fullHouse = row([[], [{ sameAs: 1 }], [{ sameAs: 1 }], [{ differentFrom: 1 }], [{ sameAs: 4 }]]);
  const stars = row([[], [{ sameAs: 1 }], [{ sameAs: 1 }], [{ sameAs: 1 }]]);
  const rising = row([[], [{ step: 1 }], [{ step: 1 }], [{ step: 1 }]]);
  const falling = row([[{ value: 6 }], [{ step: -1 }], [{ step: -1 }]]);
  const pips = row([[{ value: 1 }], [{ value: 3 }], [{ value: 5 }]]);

  it.each([
    ['full house', fullHouse, [2, 2, 2, 5, 5], true],
    ['full house, four alike', fullHouse, [2, 2, 2, 2, 5], false],
    ['full house, last two differ', fullHouse, [2, 2, 2, 5, 6], false],
    ['star row', stars, [4, 4, 4, 4], true],
    ['star row, one off', stars, [4, 4, 3, 4], false],
    ['rising straight', rising, [2, 3, 4, 5], true],
    ['rising straight, a gap', rising, [2, 3, 5, 6], false],
    ['falling straight from 6', falling, [6, 5, 4], true],
    ['falling straight, wrong start', falling, [5, 4, 3], false],
    ['pip row', pips, [1, 3, 5], true],
    ['pip row, wrong pip', pips, [1, 3, 4], false],
  ])('%s %j: %s', (_name, r, values, ok) => {
    expect(accepts(r, values as number[])).toBe(ok);
  });

  it('a straight of four can start only from 1 to 3', () => {
    expect([1, 2, 3, 4, 5, 6].filter((v) => canFinish(rising, [v]))).toEqual([1, 2, 3]);
  });
});

describe('broken Tafel files are refused with a precise message', () => {
  const good = JSON.parse(JSON.stringify(TEST_TAFEL));
  const edit = (f: (t: typeof good) => void) => {
    const t = JSON.parse(JSON.stringify(good));
    f(t);
    return JSON.stringify(t);
  };
  const at = (x: number, y: number) => ({ x, y, w: 25, h: 25 });

  it.each([
    ['not JSON', '{"format": "schiri-tafel/1", "id": ', /^meine-tafel.json: not valid JSON \(/],
    ['an unknown constraint', edit((t) => (t.rows[2].boxes[1].must = [{ likeBox: 1 }])), /^Tafel "test-a", row 3, box 2: unknown constraint \{"likeBox":1\}; known: value, sameAs, differentFrom, step$/],
    ['two keys in one constraint', edit((t) => (t.rows[0].boxes[0].must = [{ value: 1, sameAs: 1 }])), /^Tafel "test-a", row 1, box 1: unknown constraint/],
    ['a box referring to a later box', edit((t) => (t.rows[2].boxes[1].must = [{ sameAs: 3 }])), /^Tafel "test-a", row 3, box 2: "sameAs": 3 refers to a later box; only boxes to its left are allowed$/],
    ['a box referring to itself', edit((t) => (t.rows[3].boxes[1].must = [{ differentFrom: 2 }])), /^Tafel "test-a", row 4, box 2: "differentFrom": 2 refers to itself/],
    ['a row of 0 boxes', edit((t) => (t.rows[4].boxes = [])), /^Tafel "test-a", row 5: a row has 1 to 6 boxes, not 0$/],
    [
      'a row of 7 boxes',
      edit((t) => (t.rows[4].boxes = Array.from({ length: 7 }, (_, i) => ({ must: [], at: at(78 + 31 * i, 142) })))),
      /^Tafel "test-a", row 5: a row has 1 to 6 boxes, not 7$/,
    ],
    ['5 rows', edit((t) => t.rows.pop()), /^Tafel "test-a": needs exactly 6 rows$/],
    ['a pip 7', edit((t) => (t.rows[0].boxes[1].must = [{ value: 7 }])), /^Tafel "test-a", row 1, box 2: "value" must be 1 to 6$/],
    ['a step in the first box', edit((t) => (t.rows[4].boxes[0].must = [{ step: 1 }])), /row 5, box 1: "step" needs a box before it$/],
    ['a step of 2', edit((t) => (t.rows[4].boxes[1].must = [{ step: 2 }])), /row 5, box 2: "step" must be 1 or -1$/],
    ['points not in tens', edit((t) => (t.rows[1].points = 45)), /^Tafel "test-a", row 2: points must be a multiple of 10$/],
    ['an unknown colour', edit((t) => (t.rows[1].colour = 'red')), /row 2: "colour" must be "white" or "black"$/],
    ['a row no dice can fill', edit((t) => (t.rows[3].boxes[1].must = [{ sameAs: 1 }, { differentFrom: 1 }])), /row 4: no roll can ever fill this row/],
    ['a box over the edge', edit((t) => (t.rows[0].boxes[0].at = { x: 290, y: 18, w: 25, h: 25 })), /row 1, box 1: the box reaches over the edge of the board$/],
    ['overlapping boxes', edit((t) => (t.rows[1].boxes[0].at = at(80, 20))), /^Tafel "test-a": row 1, box 1 and row 2, box 1 overlap on the board$/],
    ['no position', edit((t) => delete t.rows[0].boxes[0].at), /row 1, box 1: "at" is missing/],
    ['a missing English name', edit((t) => (t.name = { de: 'Nur Deutsch' })), /^Tafel "test-a": "name" needs a German and an English text/],
    ['a bad id', edit((t) => (t.id = 'Meine Tafel!')), /^meine-tafel.json: "id" must be lower-case letters/],
    ['a stray entry', edit((t) => (t.rows[0].bonus = 5)), /row 1: unknown entry "bonus"$/],
    // Issue 14, item 4: the docs promise no other keys, inside size and at too.
    ['a stray entry in size', edit((t) => (t.size.d = 3)), /^Tafel "test-a": unknown entry "size.d"$/],
    ['a stray entry in a box place', edit((t) => (t.rows[1].boxes[0].at.rotate = 90)), /^Tafel "test-a", row 2, box 1: unknown entry "at.rotate"$/],
    ['a board without a side', edit((t) => (t.board = { number: 3 })), /^Tafel "test-a": "board" must be \{"number": 1 to 99, "side": "front" or "back"\}$/],
  ])('%s', (_name, text, message) => {
    let err: unknown;
    try {
      loadTafel(text, 'meine-tafel.json');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TafelError);
    expect((err as TafelError).text.en).toMatch(message);
    // The German message names the same place.
    expect((err as TafelError).text.de).toMatch(/Tafel|meine-tafel/);
  });

  it('more boxes than the 30 dice', () => {
    const rows = Array.from({ length: 6 }, (_, r) => ({ colour: 'white', points: 10, boxes: Array.from({ length: 6 }, (_, b) => ({ must: [], at: at(78 + 31 * b, 18 + 31 * r) })) }));
    expect(() => parseTafel({ ...good, rows })).toThrow(/^Tafel "test-a": has 36 boxes, more than the 30 dice$/);
  });

  it('the German message names row and box too', () => {
    expect(() => loadTafel(edit((t) => (t.rows[2].boxes[1].must = [{ sameAs: 3 }])))).toThrow(TafelError);
    try {
      loadTafel(edit((t) => (t.rows[2].boxes[1].must = [{ sameAs: 3 }])));
    } catch (e) {
      expect((e as TafelError).text.de).toBe('Tafel "test-a", Reihe 3, Kästchen 2: "sameAs": 3 verweist auf ein späteres Kästchen; nur Kästchen links davon sind erlaubt');
      expect((e as TafelError).where).toEqual({ tafel: 'Tafel "test-a"', row: 3, box: 2 });
    }
  });
});

describe('geometry: the grid boxes lie on', () => {
  it('every shipped Tafel lies on the standard grid, and reads back as it', () => {
    for (const t of SHIPPED_TAFELN) expect(gridOf(t.rows)).toEqual(STANDARD_GRID);
  });

  it('a measured grid lays the boxes out and reads back; boxes placed by hand read as no grid', () => {
    const g = { top: 10, rowPitch: 28.5, left: 60, box: 22, gap: 3.5 };
    const rows = layOut(TEST_TAFEL.rows, g);
    expect(rows[4].boxes[2].at).toEqual({ x: 60 + 2 * 25.5, y: 10 + 4 * 28.5, w: 22, h: 22 });
    expect(gridOf(rows)).toEqual(g);
    expect(parseTafel({ ...TEST_TAFEL, rows }).rows[4].boxes[2].at.x).toBe(111);
    const moved = rows.map((r, i) => (i === 3 ? { ...r, boxes: r.boxes.map((b) => ({ ...b, at: { ...b.at, x: b.at.x + 2 } })) } : r));
    expect(gridOf(moved)).toBeNull();
  });
});
