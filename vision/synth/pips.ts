import type { Point } from '../board/homography.ts';
import type { Random } from './random.ts';

/**
 * Pip layouts for faces of 1 to 9 pips. No picture of Miwin's 7, 8 and 9 is at hand, so a reader
 * must count rather than learn one layout: each count has several layouts here, `scatter` puts
 * the pips anywhere on the face, and the `ring` family is kept out of training entirely so the
 * held-out set can show whether the classifier counts.
 */
export type LayoutFamily = 'classic' | 'columns' | 'scatter' | 'ring';

const q = 0.27;
const GRID: Record<string, Point> = {
  tl: [-q, -q], tc: [0, -q], tr: [q, -q],
  ml: [-q, 0], mc: [0, 0], mr: [q, 0],
  bl: [-q, q], bc: [0, q], br: [q, q],
};
const at = (...keys: string[]): Point[] => keys.map((k) => GRID[k]);

const CLASSIC: Point[][] = [
  at('mc'),
  at('tl', 'br'),
  at('tl', 'mc', 'br'),
  at('tl', 'tr', 'bl', 'br'),
  at('tl', 'tr', 'mc', 'bl', 'br'),
  at('tl', 'ml', 'bl', 'tr', 'mr', 'br'),
  at('tl', 'ml', 'bl', 'tr', 'mr', 'br', 'mc'),
  at('tl', 'tc', 'tr', 'ml', 'mr', 'bl', 'bc', 'br'),
  at('tl', 'tc', 'tr', 'ml', 'mc', 'mr', 'bl', 'bc', 'br'),
];

/** Two or three columns; differs from CLASSIC from 4 pips up. */
function columns(n: number): Point[] {
  if (n <= 3) return CLASSIC[n - 1];
  const cols = n <= 6 ? 2 : 3;
  const out: Point[] = [];
  const per = Math.ceil(n / cols);
  for (let i = 0; i < n; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const rows = Math.min(per, Math.ceil((n - col) / cols));
    const x = cols === 2 ? (col ? q : -q) : (col - 1) * q;
    const y = rows === 1 ? 0 : -q + (2 * q * row) / (rows - 1);
    out.push([x, y]);
  }
  return out;
}

/** Pips on a circle (one in the centre for odd counts above 5). */
function ring(n: number): Point[] {
  if (n <= 2) return CLASSIC[n - 1];
  const centre = n >= 7 && n % 2 === 1;
  const k = centre ? n - 1 : n;
  const r = 0.29;
  const out: Point[] = Array.from({ length: k }, (_, i) => [r * Math.cos((2 * Math.PI * i) / k + 0.3), r * Math.sin((2 * Math.PI * i) / k + 0.3)]);
  return centre ? [...out, [0, 0]] : out;
}

function scatter(n: number, radius: number, rng: Random): Point[] {
  const limit = 0.38 - radius;
  for (let attempt = 0; attempt < 200; attempt++) {
    const out: Point[] = [];
    for (let tries = 0; out.length < n && tries < 400; tries++) {
      const p: Point = [(rng.next() * 2 - 1) * limit, (rng.next() * 2 - 1) * limit];
      if (out.every((o) => Math.hypot(o[0] - p[0], o[1] - p[1]) > radius * 2.5)) out.push(p);
    }
    if (out.length === n) return out;
  }
  return CLASSIC[n - 1];
}

export function pipLayout(n: number, family: LayoutFamily, radius: number, rng: Random): Point[] {
  if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error(`a face has 1 to 9 pips, not ${n}`);
  switch (family) {
    case 'classic':
      return CLASSIC[n - 1];
    case 'columns':
      return columns(n);
    case 'ring':
      return ring(n);
    case 'scatter':
      return scatter(n, radius, rng);
  }
}
