/**
 * A board of painted hexes as family strategy games print them (Catan's island is the model): each
 * hex a busy little landscape (trees, fields, hills, rocks, sheep, sand), a cream frame, a sea round
 * it, and round number tokens with dots under the number. Tokens, sheep and rocks are small round
 * light or dark marks, the look-alikes a reader must learn not to call pips.
 */
import type { Rng } from '../../../engine/core/rng.ts';

type Terrain = { base: string[]; marks: (ctx: CanvasRenderingContext2D, r: Rng, x: number, y: number, s: number) => void };

const rand = (r: Rng, lo: number, hi: number) => lo + r.next() * (hi - lo);
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[r.int(xs.length)];

function blob(ctx: CanvasRenderingContext2D, x: number, y: number, rx: number, ry: number, fill: string): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, 0, 0, 2 * Math.PI);
  ctx.fill();
}

const TERRAINS: Terrain[] = [
  // Woods: dark crowns with a lit side.
  { base: ['#2f5d2a', '#3b6b2f', '#24491f'], marks: (ctx, r, x, y, s) => {
    const k = s * rand(r, 0.05, 0.09);
    blob(ctx, x, y, k, k, pick(r, ['#1b3a17', '#2a5a22', '#16321a']));
    blob(ctx, x - k * 0.3, y - k * 0.3, k * 0.45, k * 0.45, pick(r, ['#4f8a3a', '#5f9a44']));
  } },
  // Fields: yellow strokes in rows.
  { base: ['#d9b640', '#e3c458', '#c9a227'], marks: (ctx, r, x, y, s) => {
    ctx.strokeStyle = pick(r, ['#b08a1a', '#f0d878', '#a07818']);
    ctx.lineWidth = s * 0.012;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + s * rand(r, 0.05, 0.15), y + s * rand(r, -0.03, 0.03));
    ctx.stroke();
  } },
  // Hills: clay-red bricks and mounds.
  { base: ['#b0562e', '#c0653a', '#9a4a28'], marks: (ctx, r, x, y, s) => {
    ctx.fillStyle = pick(r, ['#7a3018', '#d8825a', '#8a3a1e']);
    ctx.fillRect(x, y, s * rand(r, 0.04, 0.09), s * rand(r, 0.02, 0.04));
  } },
  // Mountains: grey rocks with a light edge.
  { base: ['#7c7c84', '#8e8a86', '#6a6a72'], marks: (ctx, r, x, y, s) => {
    const k = s * rand(r, 0.03, 0.08);
    ctx.fillStyle = pick(r, ['#4a4a50', '#5a5a62', '#3a3a40']);
    ctx.beginPath();
    ctx.moveTo(x - k, y + k * 0.6);
    ctx.lineTo(x, y - k);
    ctx.lineTo(x + k, y + k * 0.6);
    ctx.fill();
    blob(ctx, x - k * 0.2, y - k * 0.4, k * 0.2, k * 0.15, '#d8d8dc');
  } },
  // Pasture: light green with sheep, small white blobs with a dark head.
  { base: ['#8cc04a', '#9ccc5a', '#7ab03c'], marks: (ctx, r, x, y, s) => {
    const k = s * rand(r, 0.02, 0.035);
    if (r.next() < 0.45) {
      blob(ctx, x, y, k * 1.3, k, '#f4f2ea');
      blob(ctx, x + k * 1.2, y - k * 0.2, k * 0.45, k * 0.4, '#202020');
    } else blob(ctx, x, y, k * 0.8, k * 0.5, pick(r, ['#5f9a34', '#b8dc78']));
  } },
  // Desert: sand with dune lines.
  { base: ['#e0c890', '#d8bc80', '#ead6a4'], marks: (ctx, r, x, y, s) => {
    ctx.strokeStyle = pick(r, ['#c0a060', '#f4e4bc']);
    ctx.lineWidth = s * 0.01;
    ctx.beginPath();
    ctx.arc(x, y + s * 0.1, s * rand(r, 0.05, 0.12), Math.PI * 1.15, Math.PI * 1.85);
    ctx.stroke();
  } },
];

const DOTS: Record<number, number> = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

function hexPath(ctx: CanvasRenderingContext2D, cx: number, cy: number, s: number): void {
  ctx.beginPath();
  for (let i = 0; i < 6; i++) ctx.lineTo(cx + s * Math.cos(((i + 0.5) * Math.PI) / 3), cy + s * Math.sin(((i + 0.5) * Math.PI) / 3));
  ctx.closePath();
}

function numberToken(ctx: CanvasRenderingContext2D, r: Rng, cx: number, cy: number, s: number): void {
  const n = pick(r, [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]);
  const red = n === 6 || n === 8;
  const k = s * rand(r, 0.24, 0.32);
  blob(ctx, cx + k * 0.08, cy + k * 0.1, k, k, 'rgba(0,0,0,0.25)');
  blob(ctx, cx, cy, k, k, pick(r, ['#f2e6c6', '#efe0b8', '#f6ecd4']));
  ctx.strokeStyle = '#8a7450';
  ctx.lineWidth = k * 0.06;
  ctx.stroke();
  ctx.fillStyle = red ? '#b81818' : '#141414';
  ctx.font = `bold ${Math.round(k * 0.9)}px DejaVu Serif, serif`;
  ctx.textAlign = 'center';
  ctx.fillText(String(n), cx, cy + k * 0.2);
  const dots = DOTS[n] ?? 1;
  for (let i = 0; i < dots; i++) blob(ctx, cx + (i - (dots - 1) / 2) * k * 0.22, cy + k * 0.55, k * 0.07, k * 0.07, red ? '#b81818' : '#141414');
}

export function drawIllustratedBoard(ctx: CanvasRenderingContext2D, r: Rng, w: number, h: number): void {
  // The sea, with a few wave strokes.
  ctx.fillStyle = pick(r, ['#2a6fb8', '#1e5aa8', '#3a82c4']);
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  ctx.lineWidth = Math.max(1, w * 0.002);
  for (let i = 0; i < 80; i++) {
    const [x, y] = [r.next() * w, r.next() * h];
    ctx.beginPath();
    ctx.arc(x, y, w * 0.02, Math.PI * 1.2, Math.PI * 1.8);
    ctx.stroke();
  }
  const s = Math.min(w, h) / rand(r, 7, 11);
  for (let row = -1; row * s * 1.5 < h + s; row++) {
    for (let col = -1; col * s * Math.sqrt(3) < w + s; col++) {
      const cx = col * s * Math.sqrt(3) + (row & 1) * s * (Math.sqrt(3) / 2) + s * 0.4;
      const cy = row * s * 1.5 + s * 0.5;
      // The island's outline: hexes far from the board's centre stay sea.
      if (Math.hypot((cx - w / 2) / w, (cy - h / 2) / h) > rand(r, 0.36, 0.48)) continue;
      const t = pick(r, TERRAINS);
      ctx.save();
      hexPath(ctx, cx, cy, s * 0.97);
      ctx.fillStyle = pick(r, t.base);
      ctx.fill();
      ctx.clip();
      const marks = 30 + r.int(70);
      for (let m = 0; m < marks; m++) t.marks(ctx, r, cx + rand(r, -1, 1) * s, cy + rand(r, -1, 1) * s, s);
      ctx.restore();
      hexPath(ctx, cx, cy, s);
      ctx.strokeStyle = pick(r, ['#f0e2b8', '#e8d6a4']);
      ctx.lineWidth = s * 0.07;
      ctx.stroke();
      if (t !== TERRAINS[5] && r.next() < 0.85) numberToken(ctx, r, cx + rand(r, -0.1, 0.1) * s, cy + rand(r, -0.1, 0.1) * s, s);
    }
  }
}
