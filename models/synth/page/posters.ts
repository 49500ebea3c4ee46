/**
 * A game's poster or printed board (SheetPrint 'poster'): what the dice reader took for dice on
 * real boards (issue 61) drawn together: a title in one of the machine's fonts and styles, a track
 * of circled numbers round the edge, and cells of dice icons (flat and drawn in perspective), dice
 * with numerals, pip-like dot groups and grids, circled numbers, and rings of holes.
 */
import { createRng, type Rng } from '../../../engine/core/rng.ts';
import { pipPositions } from '../scene/pips.ts';
import { canvas } from './materials.ts';
import { drawDieSymbol, PX_PER_MM } from './prints.ts';

/** The fonts Chromium has here (the DejaVu families) in the weights and slants a title comes in. */
const FONTS = [
  'bold {px}px DejaVu Sans',
  '{px}px DejaVu Sans',
  'bold {px}px DejaVu Serif',
  'italic bold {px}px DejaVu Serif',
  '{px}px DejaVu Serif',
  'bold {px}px DejaVu Sans Mono',
  'bold {px}px DejaVu Sans Condensed',
  'italic {px}px DejaVu Sans',
  '300 {px}px DejaVu Sans',
];
const TITLES = [
  'Würfelglück', 'KNIFFEL', 'Mensch ärgere dich nicht', 'Die Siedler', 'DICE QUEST', 'Fünf gewinnt', 'Hexenjagd',
  'Himmel & Hölle', 'Engel und Bengel', 'Dungeon Crawl', 'SPIELBRETT', 'Pasch!', 'Räuber & Ritter', 'Zahlenjagd 66',
];
const INKS_ON_LIGHT = ['#101010', '#1a2a6b', '#8b1a1a', '#1e5a28', '#5a2a7a'];
const INKS_ON_DARK = ['#f4f0e0', '#f2c21b', '#fbfbf6', '#e8d8a0'];
const FILLS = ['#c62828', '#1e5aa8', '#2f7d32', '#f9a825', '#8d5a2b', '#6a2e9a', '#128a8a'];

function pick<T>(r: Rng, xs: readonly T[]): T {
  return xs[r.int(xs.length)];
}

function isDark(hex: string): boolean {
  const v = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.3 * v[0] + 0.59 * v[1] + 0.11 * v[2] < 110;
}

/** A poster of `size` mm on `paper`. */
export function drawPoster(size: [number, number], paper: string, seed: number): HTMLCanvasElement {
  const [c, ctx] = canvas(Math.min(2048, size[0] * PX_PER_MM), Math.min(2048, size[1] * PX_PER_MM));
  drawPosterOn(ctx, createRng(seed), c.width, c.height, paper, Math.min(c.width / size[0], c.height / size[1]));
  return c;
}

/** `k` canvas pixels a millimetre. */
function drawPosterOn(ctx: CanvasRenderingContext2D, r: Rng, w: number, h: number, paper: string, k: number): void {
  const ink = pick(r, isDark(paper) ? INKS_ON_DARK : INKS_ON_LIGHT);
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, w, h);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // A few printed fields of colour behind the art.
  for (let i = r.int(4); i > 0; i--) {
    ctx.fillStyle = pick(r, FILLS);
    ctx.globalAlpha = 0.5 + 0.5 * r.next();
    ctx.fillRect(r.next() * w, r.next() * h, (0.1 + 0.4 * r.next()) * w, (0.1 + 0.3 * r.next()) * h);
  }
  ctx.globalAlpha = 1;
  const margin = r.next() < 0.6 ? drawTrack(ctx, r, w, h, ink, paper, k) : 4 * k;
  const titleH = drawTitle(ctx, r, w, margin, ink, k);
  // The rest in cells, each with one kind of art.
  const top = margin + titleH;
  const cols = 2 + r.int(3);
  const rows = 2 + r.int(3);
  const cw = (w - 2 * margin) / cols;
  const ch = (h - top - margin) / rows;
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      if (r.next() < 0.15) continue;
      const x = margin + i * cw;
      const y = top + j * ch;
      const art = r.int(7);
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, cw, ch);
      ctx.clip();
      if (art === 0) flatIcons(ctx, r, x, y, cw, ch, ink, paper, k);
      else if (art === 1) perspectiveIcons(ctx, r, x, y, cw, ch, ink, paper, k);
      else if (art === 2) numeralSquares(ctx, r, x, y, cw, ch, ink, paper, k);
      else if (art === 3) dotGroups(ctx, r, x, y, cw, ch, ink, k);
      else if (art === 4) dotGrid(ctx, r, x, y, cw, ch, ink, k);
      else if (art === 5) circledNumbers(ctx, r, x, y, cw, ch, ink, paper, k);
      else holeRings(ctx, r, x, y, cw, ch, ink, k);
      ctx.restore();
    }
  }
}

/** A title across the top in one font and style (filled, outlined, shadowed, spaced); its band's height. */
function drawTitle(ctx: CanvasRenderingContext2D, r: Rng, w: number, top: number, ink: string, k: number): number {
  const text = pick(r, TITLES);
  let px = (12 + r.next() * 33) * k;
  const font = pick(r, FONTS);
  ctx.font = font.replace('{px}', String(Math.round(px)));
  const fit = ctx.measureText(text).width;
  if (fit > w * 0.9) {
    px *= (w * 0.9) / fit;
    ctx.font = font.replace('{px}', String(Math.round(px)));
  }
  const style = r.int(4);
  const y = top + px * 0.8;
  ctx.save();
  ctx.letterSpacing = style === 3 ? `${Math.round(px * 0.15)}px` : '0px';
  if (style === 2) {
    ctx.fillStyle = 'rgba(0,0,0,0.45)';
    ctx.fillText(text, w / 2 + px * 0.06, y + px * 0.06);
  }
  if (style === 1) {
    ctx.lineWidth = Math.max(1, px * 0.06);
    ctx.strokeStyle = ink;
    ctx.strokeText(text, w / 2, y);
  } else {
    ctx.fillStyle = style === 2 ? pick(r, FILLS) : ink;
    ctx.fillText(text, w / 2, y);
  }
  // A subtitle in a smaller, plainer font.
  if (r.next() < 0.5) {
    ctx.font = `${Math.round(px * 0.35)}px DejaVu Sans`;
    ctx.fillStyle = ink;
    ctx.fillText(pick(r, ['Ein Würfelspiel für 2-5 Spieler', 'ab 8 Jahren', 'Spielplan', 'Start', 'Ziel', '2-4 players']), w / 2, y + px * 0.85);
  }
  ctx.restore();
  return px * 1.8;
}

/** Circled numbers round the edge, as a score track; the margin it takes. */
function drawTrack(ctx: CanvasRenderingContext2D, r: Rng, w: number, h: number, ink: string, paper: string, k: number): number {
  const d = (7 + r.next() * 9) * k;
  const filled = r.next() < 0.4;
  let n = 1;
  const spot = (x: number, y: number) => {
    ctx.beginPath();
    ctx.arc(x, y, d * 0.45, 0, 2 * Math.PI);
    ctx.fillStyle = filled ? pick(r, FILLS) : paper;
    ctx.fill();
    ctx.lineWidth = Math.max(1, d * 0.06);
    ctx.strokeStyle = ink;
    ctx.stroke();
    ctx.fillStyle = filled ? '#fbfbf6' : ink;
    ctx.font = `bold ${Math.round(d * 0.45)}px DejaVu Sans`;
    ctx.fillText(String(n++), x, y);
  };
  for (let x = d / 2; x < w - d / 2; x += d * 1.05) spot(x, d / 2);
  for (let y = d * 1.55; y < h - d / 2; y += d * 1.05) spot(w - d / 2, y);
  for (let x = w - d * 1.55; x > d / 2; x -= d * 1.05) spot(x, h - d / 2);
  for (let y = h - d * 1.55; y > d; y -= d * 1.05) spot(d / 2, y);
  return d * 1.2;
}

/** Die face symbols, a few in a row or a scatter, 6-25 mm. */
function flatIcons(ctx: CanvasRenderingContext2D, r: Rng, x: number, y: number, w: number, h: number, ink: string, paper: string, k: number): void {
  const s = (6 + r.next() * 19) * k;
  const filled = r.next() < 0.3;
  const round = pick(r, [0, 0.1, 0.2, 0.3]);
  for (let i = 0; i < 1 + r.int(6); i++) drawDieSymbol(ctx, x + r.next() * Math.max(1, w - s), y + r.next() * Math.max(1, h - s), s, 1 + r.int(6), ink, paper, filled, round);
}

/** A die drawn as a cube in perspective (the icon on boxes and rule sheets): three faces with pips. */
function perspectiveIcons(ctx: CanvasRenderingContext2D, r: Rng, x: number, y: number, w: number, h: number, ink: string, paper: string, k: number): void {
  for (let n = 1 + r.int(3); n > 0; n--) {
    const s = (8 + r.next() * 20) * k;
    const cx = x + s + r.next() * Math.max(1, w - 2 * s);
    const cy = y + s + r.next() * Math.max(1, h - 2 * s);
    const a = s * 0.5;
    const c30 = Math.cos(Math.PI / 6);
    // Top rhombus and two sides of an isometric cube about (cx, cy).
    const faces: [number, number][][] = [
      [[cx, cy - a], [cx + a * c30, cy - a / 2], [cx, cy], [cx - a * c30, cy - a / 2]],
      [[cx - a * c30, cy - a / 2], [cx, cy], [cx, cy + a], [cx - a * c30, cy + a / 2]],
      [[cx, cy], [cx + a * c30, cy - a / 2], [cx + a * c30, cy + a / 2], [cx, cy + a]],
    ];
    const body = r.next() < 0.5 ? paper : pick(r, FILLS);
    faces.forEach((q, f) => {
      ctx.beginPath();
      q.forEach(([px, py]) => ctx.lineTo(px, py));
      ctx.closePath();
      ctx.fillStyle = body;
      ctx.fill();
      ctx.fillStyle = `rgba(0,0,0,${[0, 0.15, 0.3][f]})`;
      ctx.fill();
      ctx.lineWidth = Math.max(1, s * 0.03);
      ctx.strokeStyle = ink;
      ctx.stroke();
      // Pips mapped onto the face: corner q0 + u (q1 - q0) + v (q3 - q0).
      const [q0, q1, , q3] = q;
      ctx.fillStyle = body === paper ? ink : '#fbfbf6';
      for (const [px, py] of pipPositions(1 + r.int(6), 0.27)) {
        const u = 0.5 + px;
        const v = 0.5 + py;
        ctx.beginPath();
        ctx.ellipse(q0[0] + u * (q1[0] - q0[0]) + v * (q3[0] - q0[0]), q0[1] + u * (q1[1] - q0[1]) + v * (q3[1] - q0[1]), a * 0.09, a * 0.06, 0, 0, 2 * Math.PI);
        ctx.fill();
      }
    });
  }
}

/** Squares with a numeral, as a d6 with numbers or a table of results prints them. */
function numeralSquares(ctx: CanvasRenderingContext2D, r: Rng, x: number, y: number, w: number, h: number, ink: string, paper: string, k: number): void {
  const s = (7 + r.next() * 14) * k;
  ctx.font = `${r.next() < 0.5 ? 'bold' : 'italic bold'} ${Math.round(s * 0.6)}px ${pick(r, ['DejaVu Sans', 'DejaVu Serif'])}`;
  for (let i = 0; i < 1 + r.int(6); i++) {
    const px = x + r.next() * Math.max(1, w - s);
    const py = y + r.next() * Math.max(1, h - s);
    ctx.fillStyle = paper;
    ctx.strokeStyle = ink;
    ctx.lineWidth = Math.max(1, s * 0.05);
    ctx.beginPath();
    ctx.roundRect(px, py, s, s, s * 0.15);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = ink;
    ctx.fillText(String(1 + r.int(r.next() < 0.7 ? 6 : 20)), px + s / 2, py + s / 2);
  }
}

/** Dots in a die's layouts with no square round them (a dice game's tally, a pattern). */
function dotGroups(ctx: CanvasRenderingContext2D, r: Rng, x: number, y: number, w: number, h: number, ink: string, k: number): void {
  const s = (6 + r.next() * 16) * k;
  ctx.fillStyle = r.next() < 0.3 ? pick(r, FILLS) : ink;
  for (let gx = x + s * 0.2; gx < x + w - s; gx += s * 1.4) {
    for (let gy = y + s * 0.2; gy < y + h - s; gy += s * 1.4) {
      if (r.next() < 0.3) continue;
      for (const [px, py] of pipPositions(1 + r.int(6), 0.28)) {
        ctx.beginPath();
        ctx.arc(gx + (0.5 + px) * s, gy + (0.5 + py) * s, s * 0.1, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
  }
}

/** A grid or a path of evenly spaced dots (movement spaces, a halftone, a dotted trail). */
function dotGrid(ctx: CanvasRenderingContext2D, r: Rng, x: number, y: number, w: number, h: number, ink: string, k: number): void {
  const pitch = (2.5 + r.next() * 8) * k;
  const radius = pitch * (0.15 + r.next() * 0.2);
  ctx.fillStyle = ink;
  if (r.next() < 0.5) {
    for (let px = x + pitch / 2; px < x + w; px += pitch) for (let py = y + pitch / 2; py < y + h; py += pitch) {
      ctx.beginPath();
      ctx.arc(px, py, radius, 0, 2 * Math.PI);
      ctx.fill();
    }
  } else {
    let [px, py] = [x + r.next() * w, y + r.next() * h];
    let dir = r.next() * 2 * Math.PI;
    for (let i = 0; i < 60; i++) {
      ctx.beginPath();
      ctx.arc(px, py, radius * 1.5, 0, 2 * Math.PI);
      ctx.fill();
      dir += (r.next() - 0.5) * 0.6;
      px += Math.cos(dir) * pitch * 1.6;
      py += Math.sin(dir) * pitch * 1.6;
    }
  }
}

/** A few numbers in circles on plain ground (a Catan token, a space number). */
function circledNumbers(ctx: CanvasRenderingContext2D, r: Rng, x: number, y: number, w: number, h: number, ink: string, paper: string, k: number): void {
  for (let i = 0; i < 1 + r.int(5); i++) {
    const d = (8 + r.next() * 18) * k;
    const cx = x + d / 2 + r.next() * Math.max(1, w - d);
    const cy = y + d / 2 + r.next() * Math.max(1, h - d);
    ctx.beginPath();
    ctx.arc(cx, cy, d / 2, 0, 2 * Math.PI);
    ctx.fillStyle = r.next() < 0.5 ? paper : '#f4e8c8';
    ctx.fill();
    ctx.lineWidth = Math.max(1, d * 0.05);
    ctx.strokeStyle = ink;
    ctx.stroke();
    ctx.fillStyle = r.next() < 0.25 ? '#c62828' : ink;
    ctx.font = `bold ${Math.round(d * 0.45)}px ${pick(r, ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Condensed'])}`;
    ctx.fillText(String(1 + r.int(12)), cx, cy);
  }
}

/** Rings of holes and concentric rings (a pawn's home, a marble track). */
function holeRings(ctx: CanvasRenderingContext2D, r: Rng, x: number, y: number, w: number, h: number, ink: string, k: number): void {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const R = Math.min(w, h) * (0.2 + 0.25 * r.next());
  const n = 4 + r.int(9);
  const hole = (2 + r.next() * 5) * k;
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, k * 0.6);
  for (let ring = 0; ring < 1 + r.int(3); ring++) {
    ctx.beginPath();
    ctx.arc(cx, cy, R * (1 + ring * 0.3) + hole * 1.5, 0, 2 * Math.PI);
    ctx.stroke();
  }
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const g = ctx.createRadialGradient(cx + R * Math.cos(a), cy + R * Math.sin(a), 0, cx + R * Math.cos(a), cy + R * Math.sin(a), hole);
    g.addColorStop(0, '#050505');
    g.addColorStop(0.75, '#202020');
    g.addColorStop(1, ink);
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(cx + R * Math.cos(a), cy + R * Math.sin(a), hole, 0, 2 * Math.PI);
    ctx.fill();
  }
}
