/**
 * The reference a hobbyist builds in an afternoon: find round blobs (pips) with OpenCV, group
 * the ones that lie close together, and call each group a die showing as many pips. No learning,
 * no notion of a die's body. `schiri eval` and `npm run bench vision` report it beside the reader
 * so that every figure of the reader has a plain baseline computed in the same run; the app never
 * uses it.
 *
 * Its few constants were set once by eye on training photos (nell-byler, dice-3 and rune55
 * train lists) and are not tuned per set.
 */
import type { Cv } from '../detect/opencv.ts';
import type { DieReading, Frame } from '../types.ts';

export interface Pip {
  x: number;
  y: number;
  r: number;
}

/** Longest side the counter works at: a 12 MP photo is shrunk first (a hobbyist would too). */
const WORK_SIDE = 1280;
const NO_COLOUR = { name: 'unknown', rgb: [0, 0, 0] as [number, number, number] };

/** Round blobs of one polarity in an 8-bit grey mat (dark pips on light dice, or light on dark). */
function blobs(cv: Cv, grey: any, dark: boolean, minR: number, maxR: number): Pip[] {
  const bin = new cv.Mat();
  const block = 2 * Math.round(maxR) + 1;
  cv.adaptiveThreshold(grey, bin, 255, cv.ADAPTIVE_THRESH_MEAN_C, dark ? cv.THRESH_BINARY_INV : cv.THRESH_BINARY, block, 12);
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  cv.findContours(bin, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
  const pips: Pip[] = [];
  for (let i = 0; i < contours.size(); i++) {
    const c = contours.get(i);
    const area = cv.contourArea(c);
    const perimeter = cv.arcLength(c, true);
    const r = Math.sqrt(area / Math.PI);
    const circularity = perimeter > 0 ? (4 * Math.PI * area) / (perimeter * perimeter) : 0;
    const m = r >= minR && r <= maxR && circularity >= 0.55 ? cv.moments(c) : null;
    c.delete();
    if (m && m.m00 > 0) {
      const pip = { x: m.m10 / m.m00, y: m.m01 / m.m00, r };
      if (onPlainFace(grey, pip, dark)) pips.push(pip);
    }
  }
  contours.delete();
  hierarchy.delete();
  bin.delete();
  return pips;
}

/**
 * A pip is a spot on a plain face: the ring around it (1.5 to 2.2 radii out) is even and clearly
 * lighter (dark pips) or darker than the spot. Sensor specks and textures fail this.
 */
function onPlainFace(grey: any, p: Pip, dark: boolean): boolean {
  const at = (x: number, y: number) => grey.ucharPtr(Math.min(grey.rows - 1, Math.max(0, Math.round(y))), Math.min(grey.cols - 1, Math.max(0, Math.round(x))))[0];
  const ring: number[] = [];
  for (let k = 0; k < 16; k++) {
    const a = (k * Math.PI) / 8;
    for (const f of [1.35, 1.7]) ring.push(at(p.x + Math.cos(a) * p.r * f, p.y + Math.sin(a) * p.r * f));
  }
  const mean = ring.reduce((s, v) => s + v, 0) / ring.length;
  const sd = Math.sqrt(ring.reduce((s, v) => s + (v - mean) ** 2, 0) / ring.length);
  const spot = at(p.x, p.y);
  return sd < 28 && (dark ? mean - spot : spot - mean) > 40;
}

/** Groups pips that lie within a few pip radii of each other and are about the same size. */
function groups(pips: Pip[]): Pip[][] {
  const parent = pips.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < pips.length; i++) {
    for (let j = i + 1; j < pips.length; j++) {
      const [a, b] = [pips[i], pips[j]];
      const r = (a.r + b.r) / 2;
      if (Math.max(a.r, b.r) / Math.min(a.r, b.r) < 1.6 && Math.hypot(a.x - b.x, a.y - b.y) < 5.5 * r) parent[find(i)] = find(j);
    }
  }
  const by = new Map<number, Pip[]>();
  pips.forEach((p, i) => by.set(find(i), [...(by.get(find(i)) ?? []), p]));
  return [...by.values()];
}

/** The same blob found in both polarities or twice: keep one. */
function dedupe(pips: Pip[]): Pip[] {
  const kept: Pip[] = [];
  for (const p of pips.sort((a, b) => b.r - a.r)) if (!kept.some((k) => Math.hypot(k.x - p.x, k.y - p.y) < Math.max(k.r, p.r))) kept.push(p);
  return kept;
}

/** The pips found in `frame`, in the frame's pixels (for a look at what the counter sees). */
export function findPips(cv: Cv, frame: Frame): Pip[] {
  const { pips, scale } = pipsAt(cv, frame);
  return pips.map((p) => ({ x: p.x / scale, y: p.y / scale, r: p.r / scale }));
}

function pipsAt(cv: Cv, frame: Frame): { pips: Pip[]; scale: number } {
  const scale = Math.min(1, WORK_SIDE / Math.max(frame.width, frame.height));
  const rgba = new cv.Mat(frame.height, frame.width, cv.CV_8UC4);
  rgba.data.set(frame.data);
  const grey = new cv.Mat();
  cv.cvtColor(rgba, grey, cv.COLOR_RGBA2GRAY);
  rgba.delete();
  if (scale < 1) cv.resize(grey, grey, new cv.Size(Math.round(frame.width * scale), Math.round(frame.height * scale)), 0, 0, cv.INTER_AREA);
  cv.GaussianBlur(grey, grey, new cv.Size(3, 3), 0);
  const side = Math.min(grey.cols, grey.rows);
  const [minR, maxR] = [Math.max(1.5, side / 400), side / 25];
  const pips = dedupe([...blobs(cv, grey, true, minR, maxR), ...blobs(cv, grey, false, minR, maxR)]);
  grey.delete();
  return { pips, scale };
}

export async function countBlobs(cv: Cv, frame: Frame): Promise<DieReading[]> {
  const { pips, scale } = pipsAt(cv, frame);
  const dice: DieReading[] = [];
  for (const g of groups(pips)) {
    if (g.length > 6) continue;
    const r = g.reduce((s, p) => s + p.r, 0) / g.length;
    const xs = g.map((p) => p.x);
    const ys = g.map((p) => p.y);
    // Six pips span at most about six radii each way on a face: a longer chain is several dice.
    if (Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) > 11 * r) continue;
    const [cx, cy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    // A lone pip is a 1, usually the biggest pip of a die: its face is about nine radii across.
    const half = g.length === 1 ? 4.5 * r : Math.max(3.5 * r, (Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2) + 2.5 * r);
    const box: [number, number, number, number] = [(cx - half) / scale, (cy - half) / scale, (2 * half) / scale, (2 * half) / scale];
    dice.push({
      value: g.length,
      confidence: 1,
      box: box.map(Math.round) as [number, number, number, number],
      centre: [Math.round(cx / scale), Math.round(cy / scale)],
      body: NO_COLOUR,
      pips: NO_COLOUR,
    });
  }
  return dice;
}
