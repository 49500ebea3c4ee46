import { describe, expect, it } from 'vitest';
import type { EubMove, EubObservation, EubState } from '../../engine/engel-und-bengel/state.ts';
import { eub, game, play, put, roll, stop, withFilled } from './engel-und-bengel.fixtures.ts';

/**
 * The roll read from the sheet (docs/camera.md, "The roll from the camera"): positions and what
 * the camera saw there, and the moves or the refusal the referee makes of it.
 */
const start = game({ players: 2 });
const rolled = play(start, roll(1, 2, 4, 4, 6));
const placed = play(rolled, put(1, 'r1b1'));
/** Only r1b1 (1), r2b1 (6) and r6b1 (3) are open: 2, 4 and 5 fit nowhere. */
const crampedBoxes = { r3b1: 1, r3b2: 1, r3b3: 1, r4b1: 1, r4b2: 2, r5b1: 1, r5b2: 2, r5b3: 3 };
const cramped = withFilled(start, crampedBoxes);
const seen = (roll: number[], boxes: Record<string, number> = {}): EubObservation => ({ boxes, roll });

describe('Engel und Bengel: the roll on the sheet', () => {
  it.each<[string, EubState, EubObservation, EubMove[]]>([
    ['turn start, nothing on the sheet: nothing', start, seen([]), []],
    ['turn start, five dice on the sheet: the roll', start, seen([4, 1, 6, 2, 4]), [roll(1, 2, 4, 4, 6)]],
    ['turn start, rolled and one placed before the table was still: the roll, then the placement', start, seen([2, 4, 4, 6], { r1b1: 1 }), [roll(1, 2, 4, 4, 6), put(1, 'r1b1')]],
    ['turn start with three dice left in the supply: a roll of three', { ...start, supply: [3, 15], box: 12 }, seen([5, 5, 2]), [roll(2, 5, 5)]],
    ['turn start, a roll in which nothing fits: the roll, the turn is over', cramped, seen([2, 2, 4, 4, 5], crampedBoxes), [roll(2, 2, 4, 4, 5)]],
    ['during a turn, the hand still on the sheet: nothing', rolled, seen([6, 4, 4, 2, 1]), []],
    ['during a turn, a die moved into a box, the rest on the sheet: the placement', rolled, seen([2, 4, 4, 6], { r1b1: 1 }), [put(1, 'r1b1')]],
    ['after a placement, the hand rolled on: the roll', placed, seen([3, 5, 3, 6], { r1b1: 1 }), [roll(3, 3, 5, 6)]],
    ['after a placement, the hand unchanged: nothing', placed, seen([2, 4, 4, 6], { r1b1: 1 }), []],
    ['the last die of the turn placed, the sheet empty: the placement', play(start, roll(1, 1, 1, 1, 6), put(1, 'r1b1'), put(1, 'r3b1'), put(1, 'r3b2'), put(1, 'r3b3')), seen([], { r1b1: 1, r3b1: 1, r3b2: 1, r3b3: 1, r2b1: 6 }), [put(6, 'r2b1')]],
    ['during a turn, nothing on the sheet (the roll tapped in, its dice elsewhere): placements only', rolled, seen([], { r1b1: 1 }), [put(1, 'r1b1')]],
    ['the roll area not looked at: placements only, as before', rolled, { boxes: { r1b1: 1 } }, [put(1, 'r1b1')]],
  ])('%s', (_name, s, observed, moves) => {
    const e = eub.explain(s, eub.parseObservation(JSON.parse(JSON.stringify(observed))));
    expect(e).toMatchObject({ legal: true, unchanged: moves.length === 0, moves });
    // The moves are legal in order: playing them reaches a state with the dice where they lie.
    const after = play(s, ...moves);
    for (const [box, v] of Object.entries(observed.boxes)) {
      const [, r, b] = /^r(\d+)b(\d+)$/.exec(box)!.map(Number);
      expect(after.filled[r - 1][b - 1]).toBe(v);
    }
  });

  it.each<[string, EubState, EubObservation, string, string, string]>([
    ['turn start, seven dice on the sheet', start, seen([1, 2, 3, 4, 5, 6, 6]), 'roll-count', 'Auf dem Blatt liegen 7 Würfel, gewürfelt werden 5: bitte die übrigen in den Vorrat.', '7 dice lie on the sheet, 5 are rolled: please put the others back in the supply.'],
    ['turn start, three dice on the sheet', start, seen([1, 2, 3]), 'roll-count', 'Auf dem Blatt liegen 3 Würfel, gewürfelt werden 5: alle 5 aufs Blatt würfeln.', '3 dice lie on the sheet, 5 are rolled: roll all 5 onto the sheet.'],
    ['turn start, one die on the sheet', start, seen([3]), 'roll-count', 'Auf dem Blatt liegt 1 Würfel, gewürfelt werden 5: alle 5 aufs Blatt würfeln.', '1 die lies on the sheet, 5 are rolled: roll all 5 onto the sheet.'],
    ['turn start, four on the sheet and two in boxes', start, seen([2, 4, 4, 6], { r1b1: 1, r3b1: 4 }), 'roll-count', 'Auf dem Blatt liegen 6 Würfel (2 davon schon in Kästchen), gewürfelt werden 5: bitte die übrigen in den Vorrat.', '6 dice lie on the sheet (2 of them in boxes already), 5 are rolled: please put the others back in the supply.'],
    [
      'the previous turn left four dice on the sheet',
      play(placed, stop),
      seen([2, 4, 4, 6], { r1b1: 1 }),
      'roll-count',
      'Auf dem Blatt liegen 4 Würfel, gewürfelt werden 5: alle 5 aufs Blatt würfeln.',
      '4 dice lie on the sheet, 5 are rolled: roll all 5 onto the sheet.',
    ],
    ['turn start, rolled and placed a die that does not fit', start, seen([2, 4, 4, 6], { r1b1: 6 }), 'illegal-placement', 'Reihe 1, Kästchen 1 braucht genau 1, nicht 6.', 'Row 1, box 1 needs exactly 1, not 6.'],
    ['turn start, rolled and placed though nothing fits', cramped, seen([2, 4, 4, 5], { ...crampedBoxes, r1b1: 2 }), 'no-fit', 'Im Wurf 2 2 4 4 5 passt kein Würfel: der Zug war vorbei, die Würfel in den Kästchen können nicht bleiben.', 'No die of the roll 2 2 4 4 5 fits: the turn was over, the dice in the boxes cannot stay.'],
    ['the dice changed with none placed since the roll', rolled, seen([1, 2, 4, 4, 5]), 'illegal-roll', 'Auf dem Blatt liegt jetzt 1 2 4 4 5, der Wurf war 1 2 4 4 6: Erst muss mindestens ein passender Würfel gelegt werden.', 'The sheet now shows 1 2 4 4 5, the roll was 1 2 4 4 6: At least one fitting die must be placed first.'],
    ['a sixth roll', { ...placed, turn: { ...placed.turn!, rolls: 5 } }, seen([3, 3, 5, 6], { r1b1: 1 }), 'illegal-roll', 'Auf dem Blatt liegt jetzt 3 3 5 6, der Wurf war 2 4 4 6: Höchstens 5 Würfe in einem Zug.', 'The sheet now shows 3 3 5 6, the roll was 2 4 4 6: At most 5 rolls in a turn.'],
    ['rolling on, five dice where four are unplaced', placed, seen([1, 3, 3, 5, 6], { r1b1: 1 }), 'roll-count', 'Auf dem Blatt liegen 5 Würfel, gewürfelt werden 4: bitte die übrigen in den Vorrat.', '5 dice lie on the sheet, 4 are rolled: please put the others back in the supply.'],
    [
      'a placement and a new roll in one still view',
      rolled,
      seen([3, 3, 5, 6], { r1b1: 1 }),
      'roll-and-place',
      'Neue Würfel in Kästchen und ein neuer Wurf auf dem Blatt (3 3 5 6; ungelegt wären 2 4 4 6): bitte erst legen, den Tisch ruhen lassen, dann weiterwürfeln, oder den Zug antippen.',
      'New dice in boxes and a new roll on the sheet (3 3 5 6; unplaced would be 2 4 4 6): please place first, let the table rest, then roll on, or tap the turn in.',
    ],
    ['a placement the hand does not have, whatever the sheet shows', rolled, seen([3, 3, 5, 6], { r1b1: 3 }), 'illegal-placement', 'Im Wurf liegt keine 3 (mehr).', 'The roll has no 3 (left).'],
  ])('refuses: %s', (_name, s, observed, code, de, en) => {
    expect(eub.explain(s, observed)).toEqual({ legal: false, code, reason: { de, en } });
  });

  it('the last box filled with unplaced dice still on the sheet: the Durchgang ends as played (issue 14, item 1)', () => {
    // The audit's case: 3 players on schiri-01, the last box r6b1 filled while 3 4 5 6 lie on the sheet.
    const base = eub.setup({ players: 3 });
    const s: EubState = {
      ...base,
      filled: [[1, 2, 3], [4, 4], [5, 5, 5, 5], [6, 5], [6, 6, 6, 6], [null]],
      toMove: 1,
      supply: [1, 5, 4],
      box: 0,
      turn: { hand: [2, 3, 4, 5, 6], rolls: 1, placedSinceRoll: 0 },
    };
    const boxes: Record<string, number> = {};
    s.filled.forEach((row, r) => row.forEach((v, b) => v !== null && (boxes[`r${r + 1}b${b + 1}`] = v)));
    const e = eub.explain(eub.parseState(s), seen([3, 4, 5, 6], { ...boxes, r6b1: 2 }));
    expect(e).toMatchObject({ legal: true, unchanged: false, moves: [put(2, 'r6b1')] });
    // The same at the end of the game (500 reached) and when nothing fits any more (liveRowsOnly off).
    expect(eub.explain({ ...s, points: [80, 520, 80] }, seen([3, 4, 5, 6], { ...boxes, r6b1: 2 }))).toMatchObject({ legal: true, moves: [put(2, 'r6b1')] });
    const blocked = play(withFilled(game({ players: 2, liveRowsOnly: false }), { r1b1: 1, r1b2: 2, r2b1: 6, r3b1: 1, r3b2: 1, r3b3: 1, r4b1: 1, r4b2: 2, r5b1: 6 }), roll(3, 4, 4, 5, 5));
    expect(blocked.turn?.hand).toEqual([3, 4, 4, 5, 5]);
    expect(eub.explain(blocked, seen([4, 4, 5, 5], { r1b1: 1, r1b2: 2, r2b1: 6, r3b1: 1, r3b2: 1, r3b3: 1, r4b1: 1, r4b2: 2, r5b1: 6, r6b1: 3 }))).toMatchObject({
      legal: true,
      moves: [put(3, 'r6b1')],
    });
  });

  it('ignores the sheet once the game is over', () => {
    expect(eub.explain({ ...start, over: true }, seen([1, 2, 3, 4, 5]))).toEqual({ legal: true, unchanged: true, moves: [] });
  });

  it('explains every legal roll at the start of a turn as exactly that roll', () => {
    for (const m of eub.legalMoves(start)) {
      if (m.type !== 'roll') continue;
      expect(eub.explain(start, seen(m.values.slice().reverse()))).toMatchObject({ legal: true, moves: [m] });
    }
  });
});
