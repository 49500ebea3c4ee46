/**
 * The pip layout of a die's top face: where the pips are, and whether they lie as a face's pips
 * must. Every face of a d6 is point-symmetric about its centre (1, 3 and 5 with a pip on it, 2, 4
 * and 6 without), and the middle pips of a 6 sit halfway between two corners. A value the network
 * gives is checked against a clean layout of another count (vision/read.ts `decide`): two large
 * pips on a diagonal with nothing between them cannot be a 3.
 *
 * Pips are found with OpenCV (Otsu's threshold on the distance from the body colour, connected
 * components), on the same crop as the pip counter (pips.ts): the die's box at PIP_CROP pixels.
 */
import type { Cv } from '../detect/opencv.ts';
import type { Rgb } from '../types.ts';
import { PIP_CROP } from './pips.ts';

export interface Spot {
  x: number;
  y: number;
  area: number;
}

/** How the pips found lie: what `layoutFits` judges. */
export interface LayoutMeasure {
  /** Pip-like blobs enclosed by the crop. */
  count: number;
  /** Largest over smallest pip area. */
  sizeRatio: number;
  /** Worst distance from a pip's mirror image through the pips' centroid to the nearest pip, in parts of their spread. */
  asymmetry: number;
  /** Distance from the centroid to the nearest pip, in parts of the spread (0: a pip on the centre). */
  centreGap: number;
  /** For six pips: how far the two middle pips lie from halfway between two others, in parts of the spread; else 0. */
  rowError: number;
}

/** A pip covers roughly 0.5 to 6 % of the box, as the pip counter takes it. */
const PIP_AREA: [number, number] = [0.005, 0.06];

/** The pip-like blobs of `crop` (PIP_CROP x PIP_CROP RGB of the die's box) far from `body` in colour. */
export function findSpots(cv: Cv, crop: Uint8Array, body: Rgb): Spot[] {
  const n = PIP_CROP;
  const img = cv.matFromArray(n, n, cv.CV_8UC3, crop);
  const f = new cv.Mat();
  const sq = new cv.Mat();
  const dist = new cv.Mat();
  const half = new cv.Mat();
  const mask = new cv.Mat();
  const labels = new cv.Mat();
  const stats = new cv.Mat();
  const centroids = new cv.Mat();
  const sum = cv.matFromArray(1, 3, cv.CV_32F, [1, 1, 1]);
  try {
    img.convertTo(f, cv.CV_32FC3);
    const bodyMat = new cv.Mat(n, n, cv.CV_32FC3, new cv.Scalar(body[0], body[1], body[2]));
    cv.subtract(f, bodyMat, f);
    bodyMat.delete();
    cv.multiply(f, f, sq);
    cv.transform(sq, dist, sum);
    cv.sqrt(dist, dist);
    // Colour distances reach 441; half of that fits a byte, and pips lie well above 20.
    dist.convertTo(half, cv.CV_8U, 0.5);
    const otsu = cv.threshold(half, mask, 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
    // The pip counter's floor (40): a face with no pip would otherwise split its own shading in two.
    cv.threshold(half, mask, Math.max(20, otsu), 255, cv.THRESH_BINARY);
    const k = cv.connectedComponentsWithStats(mask, labels, stats, centroids, 4, cv.CV_32S);
    const spots: Spot[] = [];
    const area = n * n;
    for (let i = 1; i < k; i++) {
      const [x0, y0, w, h, a] = [0, 1, 2, 3, 4].map((c) => stats.intAt(i, c));
      // What touches the crop's edge is table or a side face seen past the box's corners.
      if (x0 === 0 || y0 === 0 || x0 + w === n || y0 + h === n) continue;
      if (a < area * PIP_AREA[0] || a > area * PIP_AREA[1]) continue;
      spots.push({ x: centroids.doubleAt(i, 0), y: centroids.doubleAt(i, 1), area: a });
    }
    // The pips of one face are alike in size: drop specks and smudges far from the typical blob.
    const typical = [...spots].sort((a, b) => a.area - b.area)[spots.length >> 1]?.area ?? 0;
    return spots.filter((s) => s.area >= typical * 0.4 && s.area <= typical * 2.5);
  } finally {
    for (const m of [img, f, sq, dist, half, mask, labels, stats, centroids, sum]) m.delete();
  }
}

const hyp = (ax: number, ay: number, bx: number, by: number) => Math.hypot(ax - bx, ay - by);

/** How the spots lie about their centroid (LayoutMeasure). */
export function measureLayout(spots: Spot[]): LayoutMeasure {
  const count = spots.length;
  if (count === 0) return { count, sizeRatio: 1, asymmetry: 0, centreGap: 1, rowError: 0 };
  const areas = spots.map((s) => s.area);
  const sizeRatio = Math.max(...areas) / Math.min(...areas);
  const cx = spots.reduce((a, s) => a + s.x, 0) / count;
  const cy = spots.reduce((a, s) => a + s.y, 0) / count;
  const spread = Math.max(...spots.map((s) => hyp(s.x, s.y, cx, cy)));
  if (count === 1) return { count, sizeRatio, asymmetry: 0, centreGap: 0, rowError: 0 };
  const nearest = (x: number, y: number, skip?: Spot) => Math.min(...spots.filter((s) => s !== skip).map((s) => hyp(s.x, s.y, x, y)));
  const asymmetry = Math.max(...spots.map((s) => nearest(2 * cx - s.x, 2 * cy - s.y))) / spread;
  const centreGap = nearest(cx, cy) / spread;
  let rowError = 0;
  if (count === 6) {
    const byGap = [...spots].sort((a, b) => hyp(a.x, a.y, cx, cy) - hyp(b.x, b.y, cx, cy));
    const [middles, corners] = [byGap.slice(0, 2), byGap.slice(2)];
    const halfway = (m: Spot) => Math.min(...corners.flatMap((p, i) => corners.slice(i + 1).map((q) => hyp(m.x, m.y, (p.x + q.x) / 2, (p.y + q.y) / 2))));
    rowError = Math.max(...middles.map(halfway)) / spread;
  }
  return { count, sizeRatio, asymmetry, centreGap, rowError };
}

/** How loosely a layout may match its face: `tolerance` in parts of the pips' spread, `sizeRatio` the most unlike two pips may be. */
export interface LayoutTolerance {
  tolerance: number;
  sizeRatio: number;
}

/** Whether the pips found are a clean layout of `count` pips: a face the layout alone reads. */
export function layoutFits(m: LayoutMeasure, { tolerance, sizeRatio }: LayoutTolerance): boolean {
  if (m.count < 1 || m.count > 6 || m.sizeRatio > sizeRatio) return false;
  if (m.count === 1) return true;
  const odd = m.count % 2 === 1;
  // An odd face has a pip on its centre, an even one none near it.
  if (odd ? m.centreGap > tolerance : m.centreGap < 0.3) return false;
  return m.asymmetry <= tolerance && m.rowError <= tolerance;
}
