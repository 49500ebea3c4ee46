import { describe, expect, it } from 'vitest';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { boxId } from '../../engine/engel-und-bengel/tafel.ts';
import { fieldAt, markerClashes, placedTafelBoard, ROLL_AREA } from '../../vision/board/board.ts';
import { tafelObservation, withNewRoll } from '../../renderer/games/engel-und-bengel/camera.ts';
import type { DieReading, Reading } from '../../vision/types.ts';

describe('a Tafel file as a board for the camera', () => {
  it('reads a point on the sheet in no box as the roll area, and nothing off the sheet', () => {
    const tafel = SHIPPED_TAFELN[0];
    const board = placedTafelBoard(tafel);
    const { x, y, w, h } = tafel.rows[0].boxes[0].at;
    expect(fieldAt(board, [x + w / 2, y + h / 2])).toBe('r1b1');
    // Every box wins over the roll area: the roll area is no field, so nothing draws or lights it.
    for (const f of board.fields) expect(fieldAt(board, f.polygon[0].map((c, k) => c + (f.polygon[2][k] - c) / 2) as [number, number])).toBe(f.id);
    expect(board.fields.map((f) => f.id)).not.toContain(ROLL_AREA);
    expect(fieldAt(board, [3, 3])).toBe(ROLL_AREA);
    expect(fieldAt(board, [tafel.size.w - 1, tafel.size.h / 2])).toBe(ROLL_AREA);
    expect(fieldAt(board, [-1, 50])).toBeNull();
    expect(fieldAt(board, [50, tafel.size.h + 1])).toBeNull();
  });

  it.each(SHIPPED_TAFELN.map((t) => [t.id, t] as const))('%s: a field per box where the file puts it, markers on the paper and clear of every box', (_, tafel) => {
    const board = placedTafelBoard(tafel);
    const boxes = tafel.rows.flatMap((row, r) => row.boxes.map((b, i) => ({ id: boxId(r, i), ...b.at })));
    expect(board.fields.map((f) => f.id)).toEqual(boxes.map((b) => b.id));
    for (const [f, b] of board.fields.map((f, i) => [f, boxes[i]] as const)) expect(f.polygon[0]).toEqual([b.x, b.y]);
    expect(board.markers.map((m) => m.holes)).toEqual([1, 2, 3, 4]);
    for (const m of board.markers) {
      const r = m.size / 2;
      expect(m.centre[0] - r).toBeGreaterThanOrEqual(0);
      expect(m.centre[1] + r).toBeLessThanOrEqual(tafel.size.h);
    }
    // A marker half-covered by a box's die would not be found: a clear gap of 5 mm at least.
    expect(markerClashes(board)).toEqual([]);
  });

  it('names the boxes that come too close to a marker', () => {
    const tafel = SHIPPED_TAFELN[0];
    const crowded = { ...tafel, rows: tafel.rows.map((row, r) => (r === 0 ? { ...row, boxes: [{ ...row.boxes[0], at: { x: 20, y: 10, w: 25, h: 25 } }, ...row.boxes.slice(1)] } : row)) };
    expect(markerClashes(placedTafelBoard(crowded))).toEqual([{ marker: 1, field: 'r1b1' }]);
  });
});

const die = (field: string | undefined, value: number | null, centre: [number, number], extra: Partial<DieReading> = {}): DieReading => ({
  value,
  confidence: 0.9,
  box: [centre[0] - 20, centre[1] - 20, 40, 40],
  centre,
  body: { name: 'white', rgb: [240, 240, 240] },
  pips: { name: 'black', rgb: [20, 20, 20] },
  ...(field ? { field } : {}),
  ...extra,
});
const reading = (...dice: DieReading[]): Reading => ({ dice, obstructed: false, elapsedMs: 0, time: 0 });

describe('the dice on the Tafel as the engine observes them', () => {
  it('takes the dice on boxes and leaves the dice beside the Tafel out', () => {
    expect(tafelObservation(reading(die('r1b1', 1, [100, 100]), die(undefined, 6, [600, 400]), die('r2b3', 5, [200, 160])))).toEqual({ ok: true, observed: { boxes: { r1b1: 1, r2b3: 5 }, roll: [] } });
    expect(tafelObservation(reading())).toEqual({ ok: true, observed: { boxes: {}, roll: [] } });
  });

  it('counts one die reported twice once, when both readings agree', () => {
    expect(tafelObservation(reading(die('r1b3', 3, [319, 77]), die('r1b3', 3, [340, 79])))).toEqual({ ok: true, observed: { boxes: { r1b3: 3 }, roll: [] } });
    const twice = tafelObservation(reading(die('r1b3', 3, [319, 77]), die('r1b3', 5, [340, 79])));
    expect(twice).toMatchObject({ ok: false, reason: { de: 'Der Würfel in Reihe 1, Kästchen 3 ist nicht eindeutig: als 3 und als 5 gelesen.' } });
  });

  it('refuses two dice in one box, and a die it cannot read, naming the box', () => {
    expect(tafelObservation(reading(die('r1b1', 2, [100, 100]), die('r1b1', 2, [145, 100])))).toMatchObject({
      ok: false,
      reason: { de: 'In Reihe 1, Kästchen 1 liegen zwei Würfel: ein Kästchen nimmt einen.', en: 'Two dice lie in row 1, box 1: a box takes one.' },
    });
    const unsure = tafelObservation(reading(die('r1b1', 1, [100, 100]), die('r4b2', null, [300, 200], { unreadable: 'unsure' })));
    expect(unsure).toEqual({
      ok: false,
      reason: { de: 'Der Würfel in Reihe 4, Kästchen 2 ist nicht zu lesen: zu unsicher, welche Zahl oben liegt.', en: 'The die in row 4, box 2 cannot be read: not sure enough which number is on top.' },
    });
  });

  it('takes the dice on the sheet in no box as the roll, sorted, one die reported twice once', () => {
    const seen = tafelObservation(reading(die('r1b1', 1, [100, 100]), die(ROLL_AREA, 6, [400, 300]), die(ROLL_AREA, 2, [470, 300]), die(ROLL_AREA, 2, [480, 302]), die(undefined, 5, [630, 470])));
    expect(seen).toEqual({ ok: true, observed: { boxes: { r1b1: 1 }, roll: [2, 6] } });
  });

  it('leaves the roll out when a die on the sheet cannot be read, and still reads the boxes', () => {
    const seen = tafelObservation(reading(die('r1b1', 1, [100, 100]), die(ROLL_AREA, 6, [400, 300]), die(ROLL_AREA, null, [470, 300], { unreadable: 'touching' })));
    expect(seen).toEqual({
      ok: true,
      observed: { boxes: { r1b1: 1 } },
      note: { de: 'Der Würfel auf dem Blatt ist nicht zu lesen: berührt einen anderen Würfel. Der Wurf wird nicht gelesen.', en: 'The die on the sheet cannot be read: touches another die. The roll is not read.' },
    });
    // Three dice touching one another: the same sentence for each, said once (issue 15, item 11).
    const three = tafelObservation(reading(...[400, 470, 540].map((x) => die(ROLL_AREA, null, [x, 300], { unreadable: 'touching' }))));
    expect(three).toMatchObject({ note: { de: 'Der Würfel auf dem Blatt ist nicht zu lesen: berührt einen anderen Würfel. Der Wurf wird nicht gelesen.' } });
  });
});

describe('a roll area is read as a new roll only when it changed', () => {
  it.each<[string, number[] | undefined, number[] | undefined, boolean]>([
    ['the first look', [1, 2, 3, 4, 5], undefined, true],
    ['the same dice as last time (old dice, or a re-roll no picture can tell apart)', [1, 2, 3, 4, 5], [1, 2, 3, 4, 5], false],
    ['other values', [1, 2, 3, 4, 6], [1, 2, 3, 4, 5], true],
    ['fewer dice', [1, 2, 3], [1, 2, 3, 4, 5], true],
    ['an empty sheet after an empty sheet', [], [], false],
    ['no roll read', undefined, [1, 2], true],
  ])('%s', (_name, roll, last, kept) => {
    const observed = { boxes: { r1b1: 1 }, ...(roll && { roll }) };
    expect(withNewRoll(observed, last)).toEqual(kept ? observed : { boxes: { r1b1: 1 } });
  });
});
