/**
 * Clicking a board's four corners on the live video: where a click on the (scaled, maybe
 * letterboxed) video element lies in the video's own pixels, the corners' names in the order
 * `calibrateFromCorners` takes them, and what to tell the user about clicks that make no board.
 * Pure, so the panel and the worker share it and the unit tests need no DOM.
 */
import type { Text } from '../../engine/core/text.ts';
import { cornersProblem, type CornersProblem } from '../../vision/board/calibration.ts';
import type { Point } from '../../vision/board/homography.ts';
import type { CornersMessage } from './protocol.ts';

const tx = (de: string, en: string): Text => ({ de, en });

export interface Size {
  width: number;
  height: number;
}

/**
 * The video pixel under a point of the element showing it (CSS px from the element's top left),
 * for `object-fit: contain`: the video is scaled to fit and centred, with bars on two sides.
 * Null on a bar, where there is no video to click.
 */
export function elementToVideo([x, y]: Point, element: Size, video: Size): Point | null {
  if (element.width <= 0 || element.height <= 0 || video.width <= 0 || video.height <= 0) return null;
  const scale = Math.min(element.width / video.width, element.height / video.height);
  const left = (element.width - video.width * scale) / 2;
  const top = (element.height - video.height * scale) / 2;
  const vx = (x - left) / scale;
  const vy = (y - top) / scale;
  return vx < 0 || vy < 0 || vx > video.width || vy > video.height ? null : [vx, vy];
}

/** The corners in the order they are clicked: the board's own top left first, then clockwise. */
export const CORNER_NAMES: readonly Text[] = [
  tx('oben links', 'top left'),
  tx('oben rechts', 'top right'),
  tx('unten rechts', 'bottom right'),
  tx('unten links', 'bottom left'),
];

const ORDER = tx('oben links, oben rechts, unten rechts, unten links', 'top left, top right, bottom right, bottom left');

const PROBLEM: Record<CornersProblem, Text> = {
  count: tx('Es braucht genau vier Ecken.', 'Exactly four corners are needed.'),
  'not-a-point': tx('Eine Ecke ist kein Bildpunkt.', 'A corner is not a point of the image.'),
  outside: tx('Eine Ecke liegt außerhalb des Bildes.', 'A corner lies outside the image.'),
  twice: tx('Zwei Klicks liegen fast auf demselben Punkt: eine Ecke wurde doppelt angeklickt.', 'Two clicks are almost on the same spot: one corner was clicked twice.'),
  'not-round': tx(`Die Ecken gehen nicht reihum um das Brett. Reihenfolge: ${ORDER.de}.`, `The corners do not go round the board. Order: ${ORDER.en}.`),
  anticlockwise: tx(
    `Die Ecken wurden gegen den Uhrzeigersinn angeklickt. Reihenfolge: ${ORDER.de} (im Uhrzeigersinn).`,
    `The corners were clicked anticlockwise. Order: ${ORDER.en} (clockwise).`,
  ),
  flat: tx('Die vier Ecken liegen fast auf einer Linie oder bilden ein Dreieck: so sieht kein Brett aus.', 'The four corners almost lie on a line or form a triangle: no board looks like that.'),
  small: tx('Das Brett ist im Bild zu klein, um Würfel darauf zu lesen: Kamera näher heran.', 'The board is too small in the image to read dice on it: bring the camera closer.'),
};

/** What is wrong with four clicked corners, in words; null when they make a sensible board. */
export function cornersMistake(clicked: readonly Point[], video: Size): Text | null {
  const problem = cornersProblem(clicked, video.width, video.height);
  return problem && PROBLEM[problem];
}

const isSize = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 16384;

/**
 * A corners message as the worker receives it, checked: the frame size the clicks were made
 * on, and four corners that make a board in it. Anything else is refused with the reason.
 */
export function parseCornersMessage(data: unknown): { ok: true; message: CornersMessage } | { ok: false; reason: Text } {
  const m = data as Partial<Record<keyof CornersMessage, unknown>> | null;
  if (typeof m !== 'object' || m === null || !isSize(m.width) || !isSize(m.height)) {
    return { ok: false, reason: tx('Die Ecken kamen ohne gültige Bildgröße an.', 'The corners arrived without a valid frame size.') };
  }
  const problem = cornersProblem(m.corners, m.width, m.height);
  if (problem) return { ok: false, reason: PROBLEM[problem] };
  return { ok: true, message: { corners: (m.corners as Point[]).map(([x, y]) => [x, y] as Point), width: m.width, height: m.height } };
}
