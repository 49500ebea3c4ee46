import { beforeEach, describe, expect, it, vi } from 'vitest';
import { duelBoard, rect, tafelBoard, type Board } from '../../vision/board/board.ts';
import { applyHomography, homographyFrom, invertHomography, type Homography, type Point } from '../../vision/board/homography.ts';
import { findMarkers } from '../../vision/board/markers.ts';
import { BoardTracker, calibrateFromCorners, calibrateFromMarkers, fieldAtImagePoint, realDice, toBoard, withFields } from '../../vision/board/calibration.ts';
import { cameraOver, renderScene, type Layer } from '../../vision/synth/scene.ts';
import { boardLayer, dieLayer, handLayer } from '../../vision/synth/layers.ts';
import { pipLayout } from '../../vision/synth/pips.ts';
import { createRng } from '../../engine/core/rng.ts';
import type { Reading } from '../../vision/types.ts';

// Rendering frames in plain JS is slow on a shared two-core machine; no timing is asserted.
vi.setConfig({ testTimeout: 120_000 });

const W = 640;
const H = 480;
// Each test draws its frames' noise from its own stream, so a test reads the same frames whether
// it runs alone (`-t`) or after the others.
let rng = createRng(7);
beforeEach(() => {
  rng = createRng(7);
});

const centreOf = (poly: Point[]): Point => [poly.reduce((s, p) => s + p[0], 0) / poly.length, poly.reduce((s, p) => s + p[1], 0) / poly.length];

/** Cameras from straight above to clearly tilted and turned. */
const cameras = (b: Board): [string, Homography][] => {
  const [w, h] = b.size;
  const fit = (k: number): [number, number, number, number] => {
    const vh = h * k;
    const vw = (vh * W) / H;
    return [w / 2 - vw / 2, h / 2 - vh / 2, vw, vh];
  };
  return [
    ['straight', cameraOver(fit(1.1), W, H)],
    ['turned', cameraOver(fit(1.25), W, H, { turn: 0.35 })],
    ['tilted', cameraOver(fit(1.15), W, H, { tilt: [0.12, 0.12, 0, 0] })],
    ['tilted and turned', cameraOver(fit(1.3), W, H, { tilt: [0.05, 0.15, 0.02, 0], turn: -0.6 })],
  ];
};

function render(b: Board, camera: Homography, extra: Layer[] = []) {
  return renderScene({ width: W, height: H, camera, table: [38, 92, 62], layers: [boardLayer(b), ...extra], noise: 4, rng, vignette: 0.15, light: [0.85, 1.05] });
}

const cams0 = (b: Board) => cameras(b)[0];

describe('homography', () => {
  it('maps four points exactly and inverts', () => {
    const from: Point[] = [[0, 0], [100, 0], [100, 60], [0, 60]];
    const to: Point[] = [[12, 30], [410, 50], [380, 300], [40, 260]];
    const h = homographyFrom(from, to);
    from.forEach((p, i) => {
      const q = applyHomography(h, p);
      expect(q[0]).toBeCloseTo(to[i][0], 6);
      expect(q[1]).toBeCloseTo(to[i][1], 6);
    });
    const back = applyHomography(invertHomography(h), applyHomography(h, [37, 21]));
    expect(back[0]).toBeCloseTo(37, 6);
    expect(back[1]).toBeCloseTo(21, 6);
  });

  it('refuses points in a line', () => {
    expect(() => homographyFrom([[0, 0], [1, 1], [2, 2], [3, 3]], [[0, 0], [1, 0], [1, 1], [0, 1]])).toThrow(/degenerate/);
  });
});

describe('boards', () => {
  it('the duel board has a1..c10 and both start areas, row 10 next to Hölle', () => {
    const b = duelBoard();
    expect(b.fields).toHaveLength(32);
    expect(b.fields.map((f) => f.id)).toContain('start-himmel');
    const y = (id: string) => centreOf(b.fields.find((f) => f.id === id)!.polygon)[1];
    expect(y('start-hoelle')).toBeLessThan(y('a10'));
    expect(y('a10')).toBeLessThan(y('a1'));
    expect(y('a1')).toBeLessThan(y('start-himmel'));
  });

  it('a Tafel gets r{row}b{box} from its geometry and refuses an empty row', () => {
    const t = tafelBoard('t', { rows: [1, 6, 3] });
    expect(t.fields.map((f) => f.id)).toEqual(['r1b1', 'r2b1', 'r2b2', 'r2b3', 'r2b4', 'r2b5', 'r2b6', 'r3b1', 'r3b2', 'r3b3']);
    expect(() => tafelBoard('t', { rows: [2, 0] })).toThrow();
  });
});

describe.each([
  ['duel board', duelBoard()],
  ['Tafel', tafelBoard('tafel-1', { rows: [3, 4, 5, 6, 2, 1] })],
])('calibration of the %s from its corner markers', (_, board) => {
  it.each(cameras(board))('maps every field centre to its id (%s camera)', (_, camera) => {
    const frame = render(board, camera);
    const found = findMarkers(frame);
    expect(found.map((f) => f.holes)).toEqual([1, 2, 3, 4]);
    const cal = calibrateFromMarkers(board, found);
    expect(cal).not.toBeNull();
    let worst = 0;
    for (const f of board.fields) {
      const c = centreOf(f.polygon);
      const img = applyHomography(camera, c);
      expect(fieldAtImagePoint(cal!, img)).toBe(f.id);
      const back = toBoard(cal!, img);
      worst = Math.max(worst, Math.hypot(back[0] - c[0], back[1] - c[1]));
    }
    // Board coordinates recovered to within 2 mm everywhere (fields are 30 mm).
    expect(worst).toBeLessThan(2);
  });
});

describe('a die that passes for a marker', () => {
  // Found markers as findMarkers reports them for a straight camera, plus a decoy with marker 1's
  // hole and a marker's area (a dark die with its shadow), lying on field b5 or beside the board.
  const board = duelBoard();
  const [, camera] = cams0(board);
  const real = board.markers.map((m) => ({ holes: m.holes, centre: applyHomography(camera, m.centre), area: 484 }));
  const at = (p: Point) => ({ holes: 1, centre: applyHomography(camera, p), area: 560 });

  it.each([
    ['on field b5', centreOf(board.fields.find((f) => f.id === 'b5')!.polygon)],
    ['on the board near marker 1', [board.markers[0].centre[0] + 20, board.markers[0].centre[1] + 20] as Point],
  ])('%s, bigger than the marker, does not displace it', (_, p) => {
    const cal = calibrateFromMarkers(board, [at(p), ...real]);
    expect(cal).not.toBeNull();
    for (const f of board.fields) expect(fieldAtImagePoint(cal!, applyHomography(camera, centreOf(f.polygon)))).toBe(f.id);
  });
});

describe('calibration from four clicked corners', () => {
  it('maps field centres though the clicks are off by up to 2 px', () => {
    const board = duelBoard();
    const [, camera] = cameras(board)[3];
    const clicked = board.outline.map((p) => {
      const q = applyHomography(camera, p);
      return [q[0] + (rng.next() * 4 - 2), q[1] + (rng.next() * 4 - 2)] as Point;
    });
    const cal = calibrateFromCorners(board, clicked);
    for (const f of board.fields) expect(fieldAtImagePoint(cal, applyHomography(camera, centreOf(f.polygon)))).toBe(f.id);
    expect(fieldAtImagePoint(cal, [2, 2])).toBeNull();
  });

  it('refuses corners out of order', () => {
    expect(() => calibrateFromCorners(duelBoard(), [[0, 0], [100, 100], [100, 0], [0, 100]])).toThrow(/order/);
  });
});

describe('dice on the board get their field', () => {
  it('puts the die centres of a reading into fields', () => {
    const board = duelBoard();
    const [, camera] = cameras(board)[2];
    const cal = calibrateFromMarkers(board, findMarkers(render(board, camera)))!;
    const at = (id: string): [number, number] => applyHomography(camera, centreOf(board.fields.find((f) => f.id === id)!.polygon));
    const die = (centre: [number, number]) => ({ value: 3, confidence: 1, box: [0, 0, 1, 1] as [number, number, number, number], centre, body: { name: 'white', rgb: [255, 255, 255] as [number, number, number] }, pips: { name: 'black', rgb: [0, 0, 0] as [number, number, number] } });
    const reading: Reading = { dice: [die(at('b7')), die(at('start-himmel')), die([3, 3])], obstructed: false, elapsedMs: 0, time: 0 };
    expect(withFields(cal, reading).dice.map((d) => d.field)).toEqual(['b7', 'start-himmel', undefined]);
  });
});

describe('BoardTracker', () => {
  const board = duelBoard();
  const cams = cameras(board);

  it('keeps the calibration while still, through a hand over a marker, and redoes it when the board moves', () => {
    const t = new BoardTracker(board);
    expect(t.update(render(board, cams[0][1])).status).toBe('calibrated');
    const first = t.calibration;
    expect(t.update(render(board, cams[0][1])).status).toBe('kept');
    expect(t.calibration).toBe(first);

    // A hand over the top-left marker: three markers still vouch for the calibration.
    const hand = handLayer(board.markers[0].centre, Math.PI, 200);
    const covered = t.update(render(board, cams[0][1], [hand]));
    expect(covered.markersSeen).toBeLessThan(4);
    expect(covered.status).toBe('kept');

    const moved = t.update(render(board, cams[1][1]));
    expect(moved.status).toBe('calibrated');
    expect(t.calibration).not.toBe(first);
    const f = board.fields.find((x) => x.id === 'c3')!;
    expect(fieldAtImagePoint(t.calibration!, applyHomography(cams[1][1], centreOf(f.polygon)))).toBe('c3');
  });

  it('drops the calibration when the board moves with a marker hidden, and is not fooled by a black die', () => {
    const t = new BoardTracker(board);
    t.update(render(board, cams[0][1]));
    const hand = handLayer(board.markers[0].centre, Math.PI, 200);
    // A black die showing one white pip beside the board looks like marker 1, but too small.
    const decoy = dieLayer({ centre: [board.size[0] + 30, 40], size: 16, angle: 0.2, body: [25, 25, 28], pip: [235, 235, 235], pips: pipLayout(1, 'classic', 0.12, rng), pipRadius: 0.12 });
    const r = t.update(render(board, cams[3][1], [hand, decoy]));
    expect(r.status).toBe('moved');
    expect(r.calibration).toBeNull();
    // Said again on the next frame read, until the markers are all in view again.
    expect(t.update(render(board, cams[3][1], [hand]))).toMatchObject({ status: 'moved', dropped: 'markers' });
    expect(t.update(render(board, cams[3][1])).status).toBe('calibrated');
  });

  it('keeps clicked corners until markers are in view', () => {
    const t = new BoardTracker(board);
    const cal = t.setCorners(board.outline.map((p) => applyHomography(cams[0][1], p)));
    const hand = handLayer(board.markers[0].centre, Math.PI, 200);
    const covered = t.update(render(board, cams[0][1], [hand]));
    expect(covered.markersSeen).toBeLessThan(4);
    expect(covered.calibration).toBe(cal);
    expect(t.update(render(board, cams[0][1])).status).toBe('calibrated');
    expect(t.calibration!.source).toBe('markers');
  });
});

// Last in the file: its render draws from the shared generator, which the frames above depend on.
describe('dice that cannot be real on the board', () => {
  it('drops a die read on a corner marker or smaller than any die, keeps a die beside the marker', () => {
    const board = duelBoard();
    const [, camera] = cameras(board)[2];
    const cal = calibrateFromMarkers(board, findMarkers(render(board, camera)))!;
    // A die of `side` mm lying at board point `at`, boxed as the detector does (the image box round its top).
    const die = ([x, y]: Point, side: number) => {
      const corners = rect(x - side / 2, y - side / 2, side, side).map((p) => applyHomography(camera, p));
      const [xs, ys] = [corners.map((p) => p[0]), corners.map((p) => p[1])];
      const box: [number, number, number, number] = [Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
      return { value: 2, confidence: 1, box, centre: applyHomography(camera, [x, y]), body: { name: 'black', rgb: [0, 0, 0] as [number, number, number] }, pips: { name: 'white', rgb: [255, 255, 255] as [number, number, number] } };
    };
    const [m] = board.markers;
    const onIt = die([m.centre[0] + 0.4 * m.size, m.centre[1] - 0.4 * m.size], 16);
    const beside = die([m.centre[0] + 0.7 * m.size, m.centre[1]], 16);
    const small = die(centreOf(board.fields.find((f) => f.id === 'b5')!.polygon), 10);
    const pip = die(centreOf(board.fields.find((f) => f.id === 'b6')!.polygon), 4);
    const reading: Reading = { dice: [onIt, beside, small, pip], obstructed: false, elapsedMs: 0, time: 0 };
    expect(realDice(cal, reading).dice.map((d) => d.centre)).toEqual([beside.centre, small.centre]);
  });
});
