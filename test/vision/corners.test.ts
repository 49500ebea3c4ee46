import { describe, expect, it, vi } from 'vitest';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { createRng } from '../../engine/core/rng.ts';
import { placedTafelBoard, type Board } from '../../vision/board/board.ts';
import { BoardTracker, cornersProblem, fieldAtImagePoint } from '../../vision/board/calibration.ts';
import { applyHomography, type Homography, type Point } from '../../vision/board/homography.ts';
import { boardLayer, dieLayer, handLayer } from '../../vision/synth/layers.ts';
import { pipLayout } from '../../vision/synth/pips.ts';
import { cameraOver, renderScene, type Layer } from '../../vision/synth/scene.ts';

// Rendering frames in plain JS is slow on a shared two-core machine; no timing is asserted.
vi.setConfig({ testTimeout: 120_000 });

const W = 640;
const H = 480;
const rng = createRng(11);

describe('four clicked corners are checked before they calibrate', () => {
  const good: Point[] = [[40, 30], [600, 50], [590, 450], [30, 430]];
  it.each([
    ['three corners', good.slice(0, 3), 'count'],
    ['not a list', { 0: [1, 2] }, 'count'],
    ['a corner that is not a number pair', [good[0], good[1], [Number.NaN, 4], good[3]], 'not-a-point'],
    ['a corner given as text', [good[0], good[1], ['590', '450'], good[3]], 'not-a-point'],
    ['a corner off the frame', [good[0], [641, 50], good[2], good[3]], 'outside'],
    ['a negative coordinate', [[-1, 30], good[1], good[2], good[3]], 'outside'],
    ['one corner clicked twice', [good[0], good[1], good[2], [595, 445]], 'twice'],
    ['crossed (bottom corners swapped)', [good[0], good[1], good[3], good[2]], 'not-round'],
    ['anticlockwise (top right and bottom left swapped)', [good[0], good[3], good[2], good[1]], 'anticlockwise'],
    ['nearly a triangle (bottom left almost on the diagonal)', [[40, 30], [600, 30], [590, 450], [90, 76]], 'flat'],
    ['a board a few pixels across', [[300, 200], [330, 200], [330, 220], [300, 220]], 'small'],
  ])('%s', (_, clicked, problem) => {
    expect(cornersProblem(clicked, W, H)).toBe(problem);
  });

  it('takes a board seen at a slant, corners on the frame edge included', () => {
    expect(cornersProblem(good, W, H)).toBeNull();
    expect(cornersProblem([[0, 0], [640, 0], [640, 480], [0, 480]], W, H)).toBeNull();
    expect(cornersProblem([[120, 60], [520, 90], [600, 420], [60, 400]], W, H)).toBeNull();
  });
});

/** A Tafel printed without corner markers, as the fixture's paper: what clicking is for. */
const board: Board = { ...placedTafelBoard(SHIPPED_TAFELN[0]), markers: [] };
const withMarkers = placedTafelBoard(SHIPPED_TAFELN[0]);
const [bw, bh] = board.size;
const camera = cameraOver([-0.12 * bw, -0.12 * bh, 1.24 * bw, 1.24 * bh], W, H, { tilt: [0.04, 0.02, 0, 0.01], turn: 0.05 });
/** The same camera with the whole image shifted: a nudged camera, or a Tafel pushed along. */
const shifted = (h: Homography, dx: number, dy: number): Homography => [
  h[0] + dx * h[6], h[1] + dx * h[7], h[2] + dx * h[8],
  h[3] + dy * h[6], h[4] + dy * h[7], h[5] + dy * h[8],
  h[6], h[7], h[8],
];
const render = (b: Board, cam: Homography, extra: Layer[] = []) =>
  renderScene({ width: W, height: H, camera: cam, table: [38, 92, 62], layers: [boardLayer(b), ...extra], noise: 3, rng, vignette: 0.15, light: [0.9, 1.05] });
const corners = (cam: Homography) => board.outline.map((p) => applyHomography(cam, p));
const centre = (id: string): Point => {
  const poly = board.fields.find((f) => f.id === id)!.polygon;
  return [poly.reduce((s, p) => s + p[0], 0) / 4, poly.reduce((s, p) => s + p[1], 0) / 4];
};

describe('a calibration from clicked corners while the camera is still', () => {
  it("the outline is the paper's corners, and clicks on them map every box to its id", () => {
    expect(board.outline).toEqual([[0, 0], [297, 0], [297, 210], [0, 210]]);
    const t = new BoardTracker(board);
    const cal = t.setCorners(corners(camera));
    for (const f of board.fields) expect(fieldAtImagePoint(cal, applyHomography(camera, centre(f.id)))).toBe(f.id);
  });

  it('is kept through fresh noise, a die on a box and a hand over one corner', () => {
    const t = new BoardTracker(board);
    const cal = t.setCorners(corners(camera));
    expect(t.update(render(board, camera)).status).toBe('kept');
    expect(t.update(render(board, camera)).status).toBe('kept');
    const die = dieLayer({ centre: centre('r2b1'), size: 16, angle: 0.3, body: [240, 240, 236], pip: [20, 20, 20], pips: pipLayout(4, 'classic', 0.12, rng), pipRadius: 0.12 });
    const hand = handLayer([0, 0], Math.PI * 1.25, 120);
    const r = t.update(render(board, camera, [die, hand]));
    expect(r.status).toBe('kept');
    expect(r.calibration).toBe(cal);
    // A nudge within the tolerance (2 px) is no move.
    expect(t.update(render(board, shifted(camera, 2, 0))).status).toBe('kept');
  });

  it.each([
    ['the camera nudged about 7 px', shifted(camera, 6, -3)],
    ['the camera nudged 12 px', shifted(camera, -9, 8)],
    ['the camera bumped far (72 px): no corner left where it was', shifted(camera, 60, 40)],
  ])('is dropped when %s, and says it came from clicks', (_, moved) => {
    const t = new BoardTracker(board);
    t.setCorners(corners(camera));
    t.update(render(board, camera));
    const r = t.update(render(board, moved));
    expect(r).toMatchObject({ status: 'moved', calibration: null, dropped: 'corners' });
    // Every frame read after it says so too (the players are to click again), until they do.
    expect(t.update(render(board, moved))).toMatchObject({ status: 'moved', calibration: null, dropped: 'corners' });
    expect(t.update(render(board, moved))).toMatchObject({ status: 'moved', dropped: 'corners' });
    t.setCorners(corners(moved));
    expect(t.update(render(board, moved)).status).toBe('kept');
  });

  it('gives way to markers that come into view', () => {
    const t = new BoardTracker(withMarkers);
    t.setCorners(corners(camera));
    expect(t.update(render(board, camera)).status).toBe('kept');
    const r = t.update(render(withMarkers, camera));
    expect(r).toMatchObject({ status: 'calibrated', replaced: 'corners' });
    expect(r.calibration!.source).toBe('markers');
  });
});
