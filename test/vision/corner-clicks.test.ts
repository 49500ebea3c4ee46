import { describe, expect, it } from 'vitest';
import { CORNER_NAMES, cornersMistake, elementToVideo, parseCornersMessage } from '../../renderer/vision/corners.ts';
import type { Point } from '../../vision/board/homography.ts';

const video = { width: 640, height: 480 };

describe('a click on the video element in video pixels', () => {
  it('scales a video shown smaller than it is, without bars', () => {
    const el = { width: 480, height: 360 };
    expect(elementToVideo([0, 0], el, video)).toEqual([0, 0]);
    expect(elementToVideo([240, 180], el, video)).toEqual([320, 240]);
    expect(elementToVideo([480, 360], el, video)).toEqual([640, 480]);
    expect(elementToVideo([17.25, 22.5], el, video)).toEqual([23, 30]);
  });

  it('subtracts the bars left and right of a video in a wide box (pillarbox)', () => {
    // 4:3 video in 800 x 300: scaled by 300 / 480 to 400 x 300, 200 px bars each side.
    const el = { width: 800, height: 300 };
    expect(elementToVideo([200, 0], el, video)).toEqual([0, 0]);
    expect(elementToVideo([400, 150], el, video)).toEqual([320, 240]);
    expect(elementToVideo([600, 300], el, video)).toEqual([640, 480]);
    expect(elementToVideo([199, 150], el, video)).toBeNull();
    expect(elementToVideo([601, 150], el, video)).toBeNull();
  });

  it('subtracts the bars above and below a video in a tall box (letterbox)', () => {
    // 4:3 video in 320 x 400: scaled by 0.5 to 320 x 240, 80 px bars above and below.
    const el = { width: 320, height: 400 };
    expect(elementToVideo([0, 80], el, video)).toEqual([0, 0]);
    expect(elementToVideo([160, 200], el, video)).toEqual([320, 240]);
    expect(elementToVideo([100, 79], el, video)).toBeNull();
    expect(elementToVideo([100, 321], el, video)).toBeNull();
  });

  it('shows nothing to click before the video has a size', () => {
    expect(elementToVideo([10, 10], { width: 480, height: 360 }, { width: 0, height: 0 })).toBeNull();
  });
});

describe('the corners message as the worker checks it', () => {
  const corners: Point[] = [[23, 30], [617, 30], [617, 450], [23, 450]];

  it('takes four corners round a board inside the frame, as plain copies', () => {
    const r = parseCornersMessage({ corners, width: 640, height: 480 });
    expect(r).toEqual({ ok: true, message: { corners, width: 640, height: 480 } });
    if (r.ok) expect(r.message.corners[0]).not.toBe(corners[0]);
  });

  it.each([
    ['nothing', undefined, /ohne gültige Bildgröße/],
    ['no frame size', { corners }, /ohne gültige Bildgröße/],
    ['a frame size that is no size', { corners, width: 640.5, height: 480 }, /ohne gültige Bildgröße/],
    ['three corners', { corners: corners.slice(0, 3), width: 640, height: 480 }, /genau vier Ecken/],
    ['a corner of Infinity', { corners: [corners[0], [Infinity, 30], corners[2], corners[3]], width: 640, height: 480 }, /kein Bildpunkt/],
    ['a corner with three numbers', { corners: [corners[0], [617, 30, 1], corners[2], corners[3]], width: 640, height: 480 }, /kein Bildpunkt/],
    ['corners from a bigger frame', { corners, width: 320, height: 240 }, /außerhalb des Bildes/],
    ['the corners anticlockwise', { corners: [corners[0], corners[3], corners[2], corners[1]], width: 640, height: 480 }, /gegen den Uhrzeigersinn/],
  ])('refuses %s, saying why in German and English', (_, data, why) => {
    const r = parseCornersMessage(data);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason.de).toMatch(why);
      expect(r.reason.en.length).toBeGreaterThan(10);
    }
  });
});

describe('what the panel says about clicks', () => {
  it('names the corners in the order calibrateFromCorners takes them', () => {
    expect(CORNER_NAMES.map((n) => n.de)).toEqual(['oben links', 'oben rechts', 'unten rechts', 'unten links']);
    expect(CORNER_NAMES.map((n) => n.en)).toEqual(['top left', 'top right', 'bottom right', 'bottom left']);
  });

  it('says how to click when the order is crossed, and nothing for good clicks', () => {
    expect(cornersMistake([[23, 30], [617, 30], [23, 450], [617, 450]], video)?.de).toBe(
      'Die Ecken gehen nicht reihum um das Brett. Reihenfolge: oben links, oben rechts, unten rechts, unten links.',
    );
    expect(cornersMistake([[23, 30], [617, 30], [617, 450], [23, 450]], video)).toBeNull();
  });
});
