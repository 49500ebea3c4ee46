/**
 * Plane-to-plane projective maps. A camera looking at a flat board sees it through a homography,
 * so four known points (the corner markers, or four clicked corners) fix the whole map.
 */
export type Point = [number, number];

/** Row-major 3x3 matrix with h[8] normalised to 1 where possible. */
export type Homography = [number, number, number, number, number, number, number, number, number];

export function applyHomography(h: Homography, [x, y]: Point): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, k, i] = h;
  const A = e * i - f * k;
  const B = -(d * i - f * g);
  const C = d * k - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) throw new Error('homography is singular');
  const m: Homography = [
    A, -(b * i - c * k), b * f - c * e,
    B, a * i - c * g, -(a * f - c * d),
    C, -(a * k - b * g), a * e - b * d,
  ];
  return m.map((v) => v / det) as Homography;
}

/**
 * The homography taking each `from[i]` to `to[i]` (least squares over four or more pairs, via the
 * normal equations of the direct linear transform with h33 = 1). Points are normalised first so
 * pixel and millimetre scales do not ruin the conditioning.
 */
export function homographyFrom(from: readonly Point[], to: readonly Point[]): Homography {
  if (from.length !== to.length || from.length < 4) throw new Error('a homography needs four or more point pairs');
  const [nf, tf] = normaliser(from);
  const [nt, tt] = normaliser(to);
  const ata = Array.from({ length: 8 }, () => new Array<number>(9).fill(0));
  const addRow = (row: number[], rhs: number) => {
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) ata[r][c] += row[r] * row[c];
      ata[r][8] += row[r] * rhs;
    }
  };
  for (let i = 0; i < from.length; i++) {
    const [x, y] = nf(from[i]);
    const [u, v] = nt(to[i]);
    addRow([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    addRow([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  }
  const s = solve(ata);
  const hn: Homography = [s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], 1];
  // H = Tto^-1 * Hn * Tfrom
  const m = multiply(invertHomography(tt), multiply(hn, tf));
  return m.map((v) => v / m[8]) as Homography;
}

export function multiply(a: Homography, b: Homography): Homography {
  const out = new Array<number>(9);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) out[r * 3 + c] = a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c];
  }
  return out as Homography;
}

/** A similarity moving the points' centroid to 0 and their mean distance to sqrt(2). */
function normaliser(pts: readonly Point[]): [(p: Point) => Point, Homography] {
  const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  const mean = pts.reduce((s, p) => s + Math.hypot(p[0] - cx, p[1] - cy), 0) / pts.length || 1;
  const k = Math.SQRT2 / mean;
  return [([x, y]) => [(x - cx) * k, (y - cy) * k], [k, 0, -cx * k, 0, k, -cy * k, 0, 0, 1]];
}

/** Gauss-Jordan with partial pivoting on an n x (n+1) augmented matrix. */
function solve(m: number[][]): number[] {
  const n = m.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    if (Math.abs(m[pivot][col]) < 1e-12) throw new Error('points are degenerate (three in a line?)');
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r][col] / m[col][col];
      if (f !== 0) for (let c = col; c <= n; c++) m[r][c] -= f * m[col][c];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}
