/**
 * Printed things drawn on a canvas: sheets with die symbols and score grids, game boards, cards,
 * domino tops, button and coin faces, chips, peg boards. Most carry pips or pip-like marks on
 * purpose: they are what a reader must learn not to call a die.
 */
import { createRng, type Rng } from '../../../engine/core/rng.ts';
import { pipPositions } from '../scene/pips.ts';
import type { SheetPrint } from '../scene/spec.ts';
import { drawIllustratedBoard } from './illustrated-board.ts';
import { canvas } from './materials.ts';

export const PX_PER_MM = 3;

function pick<T>(r: Rng, xs: readonly T[]): T {
  return xs[r.int(xs.length)];
}

/** A die face symbol: a (rounded) square, outlined or filled, with its pips. */
export function drawDieSymbol(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, value: number, ink: string, paper: string, filled: boolean, round: number): void {
  ctx.save();
  ctx.lineWidth = Math.max(1, size * 0.05);
  ctx.strokeStyle = ink;
  ctx.fillStyle = filled ? ink : paper;
  ctx.beginPath();
  ctx.roundRect(x, y, size, size, size * round);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = filled ? paper : ink;
  for (const [px, py] of pipPositions(value, 0.25)) {
    ctx.beginPath();
    ctx.arc(x + (0.5 + px) * size, y + (0.5 + py) * size, size * 0.09, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.restore();
}

function scribble(ctx: CanvasRenderingContext2D, r: Rng, x: number, y: number, w: number, h: number, ink: string): void {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, h * 0.08);
  ctx.beginPath();
  ctx.moveTo(x, y + h / 2);
  for (let t = 0; t < w; t += h * 0.4) ctx.quadraticCurveTo(x + t + h * 0.2, y + r.next() * h, x + t + h * 0.4, y + h * (0.3 + 0.4 * r.next()));
  ctx.stroke();
  ctx.restore();
}

export function drawSheet(print: Exclude<SheetPrint, 'board' | 'poster'>, size: [number, number], paper: string, ink: string, seed: number): HTMLCanvasElement {
  const r = createRng(seed);
  const [c, ctx] = canvas(Math.min(2048, size[0] * PX_PER_MM), Math.min(2048, size[1] * PX_PER_MM));
  const k = c.width / size[0];
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.font = `${Math.round(5 * k)}px DejaVu Sans, sans-serif`;
  if (print === 'pip-symbols') {
    const cell = (8 + r.next() * 18) * k;
    const round = pick(r, [0, 0.1, 0.2]);
    const filled = r.next() < 0.3;
    for (let y = cell * 0.5; y < c.height - cell; y += cell * 1.5) {
      for (let x = cell * 0.5; x < c.width - cell; x += cell * (1.3 + r.next() * 0.4)) {
        if (r.next() < 0.15) continue;
        drawDieSymbol(ctx, x, y, cell, 1 + r.int(6), ink, paper, filled || r.next() < 0.1, round);
      }
    }
  } else if (print === 'score-pad') {
    const rows = 14 + r.int(6);
    const rowH = c.height / (rows + 2);
    const cols = 4 + r.int(4);
    const colW = (c.width * 0.75) / cols;
    ctx.strokeStyle = ink;
    ctx.fillStyle = ink;
    ctx.lineWidth = Math.max(1, k * 0.3);
    ctx.fillText(pick(r, ['Kniffel', 'Spielblock', 'Punkte', 'Name', 'Würfelspiel']), rowH * 0.5, rowH * 0.9);
    for (let i = 0; i <= rows; i++) {
      ctx.beginPath();
      ctx.moveTo(rowH * 0.3, rowH * (i + 1.5));
      ctx.lineTo(c.width - rowH * 0.3, rowH * (i + 1.5));
      ctx.stroke();
    }
    for (let j = 0; j <= cols; j++) {
      const x = c.width * 0.25 + j * colW;
      ctx.beginPath();
      ctx.moveTo(x, rowH * 1.5);
      ctx.lineTo(x, rowH * (rows + 1.5));
      ctx.stroke();
    }
    for (let i = 0; i < 6 && i < rows; i++) drawDieSymbol(ctx, rowH * 0.5, rowH * (i + 1.6), rowH * 0.8, i + 1, ink, paper, false, 0.15);
    for (let i = 6; i < rows; i++) ctx.fillText(pick(r, ['Dreierpasch', 'Viererpasch', 'Full House', 'Straße', 'Kniffel', 'Chance', 'Summe', 'Bonus']), rowH * 0.5, rowH * (i + 2.2));
    const pen = pick(r, ['#1a2a8b', '#101010', '#303030', '#8b1a1a']);
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) if (r.next() < 0.5) scribble(ctx, r, c.width * 0.25 + j * colW + colW * 0.15, rowH * (i + 1.65), colW * 0.6, rowH * 0.7, pen);
  } else if (print === 'game-board') {
    drawGameBoard(ctx, r, c.width, c.height);
  } else if (print === 'illustrated-board') {
    drawIllustratedBoard(ctx, r, c.width, c.height);
  } else {
    ctx.strokeStyle = '#9ab0d0';
    ctx.lineWidth = Math.max(1, k * 0.2);
    if (r.next() < 0.6) for (let y = 20 * k; y < c.height; y += 8 * k) {
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(c.width, y);
      ctx.stroke();
    }
    for (let i = 0; i < 10; i++) scribble(ctx, r, 20 * k, (25 + i * 16) * k, (40 + r.next() * 100) * k, 6 * k, '#202020');
  }
  return c;
}

/** A commercial-looking board: hexes with number discs, a track of fields, or circles to move on. */
function drawGameBoard(ctx: CanvasRenderingContext2D, r: Rng, w: number, h: number): void {
  const colours = ['#2f7d32', '#c9a227', '#8d5a2b', '#9e9e9e', '#6fae3b', '#d8c38a', '#1e5aa8', '#c62828', '#f9a825'];
  ctx.fillStyle = pick(r, ['#1e5aa8', '#e8dcc0', '#2f7d32', '#f4f0e4']);
  ctx.fillRect(0, 0, w, h);
  const kind = r.int(3);
  if (kind === 0) {
    const s = Math.min(w, h) / (8 + r.int(4));
    for (let row = 0; row * s * 1.5 < h + s; row++) {
      for (let col = 0; col * s * Math.sqrt(3) < w + s; col++) {
        const cx = col * s * Math.sqrt(3) + (row % 2) * s * (Math.sqrt(3) / 2);
        const cy = row * s * 1.5;
        ctx.fillStyle = pick(r, colours);
        ctx.strokeStyle = '#f4e8c8';
        ctx.lineWidth = s * 0.06;
        ctx.beginPath();
        for (let i = 0; i < 6; i++) ctx.lineTo(cx + s * Math.cos(((i + 0.5) * Math.PI) / 3), cy + s * Math.sin(((i + 0.5) * Math.PI) / 3));
        ctx.closePath();
        ctx.fill();
        ctx.stroke();
        if (r.next() < 0.6) {
          ctx.fillStyle = '#f4e8c8';
          ctx.beginPath();
          ctx.arc(cx, cy, s * 0.3, 0, 2 * Math.PI);
          ctx.fill();
          ctx.fillStyle = r.next() < 0.3 ? '#c62828' : '#101010';
          ctx.font = `bold ${Math.round(s * 0.3)}px DejaVu Sans, sans-serif`;
          ctx.textAlign = 'center';
          ctx.fillText(String(2 + r.int(11)), cx, cy + s * 0.1);
          for (let p = 0; p < 1 + r.int(5); p++) {
            ctx.beginPath();
            ctx.arc(cx + (p - 2) * s * 0.07, cy + s * 0.2, s * 0.025, 0, 2 * Math.PI);
            ctx.fill();
          }
        }
      }
    }
  } else if (kind === 1) {
    const s = Math.min(w, h) / 11;
    for (let i = 0; i < 11; i++) {
      for (let j = 0; j < 11; j++) {
        if (!(i === 4 || i === 6 || j === 4 || j === 6 || i === 5 || j === 5)) continue;
        ctx.fillStyle = (i === 5 && j !== 5 && j > 0 && j < 10) || (j === 5 && i > 0 && i < 10) ? pick(r, colours) : '#fbfbf6';
        ctx.strokeStyle = '#101010';
        ctx.lineWidth = s * 0.05;
        ctx.beginPath();
        ctx.arc((i + 0.5) * s, (j + 0.5) * s, s * 0.38, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
      }
    }
  } else {
    const s = Math.min(w, h) / (10 + r.int(6));
    for (let y = 0; y < h; y += s) {
      for (let x = 0; x < w; x += s) {
        ctx.fillStyle = (Math.round(x / s) + Math.round(y / s)) % 2 ? pick(r, colours) : '#f4f0e4';
        ctx.fillRect(x, y, s, s);
      }
    }
  }
}

export function drawCard(value: number, ink: string): HTMLCanvasElement {
  const [c, ctx] = canvas(63 * PX_PER_MM, 88 * PX_PER_MM);
  const k = PX_PER_MM;
  const n = value % 16;
  const suit = ['♥', '♦', '♠', '♣'][Math.floor(value / 16) % 4];
  const red = suit === '♥' || suit === '♦';
  ctx.fillStyle = '#fbfbf6';
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.fillStyle = red ? '#c01818' : ink;
  ctx.textAlign = 'center';
  ctx.font = `${10 * k}px DejaVu Sans, sans-serif`;
  ctx.fillText(n === 1 ? 'A' : String(n), 6 * k, 12 * k);
  ctx.font = `${8 * k}px DejaVu Sans, sans-serif`;
  ctx.fillText(suit, 6 * k, 21 * k);
  ctx.font = `${12 * k}px DejaVu Sans, sans-serif`;
  const spots = pipPositions(Math.min(9, n), 0.3);
  for (const [x, y] of spots) ctx.fillText(suit, (0.5 + x * 0.9) * c.width, (0.5 + y * 1.1) * c.height + 4 * k);
  return c;
}

export function drawDomino(value: number, face: string, ink: string): HTMLCanvasElement {
  const cell = 128;
  const [c, ctx] = canvas(cell, cell * 2);
  ctx.fillStyle = face;
  ctx.fillRect(0, 0, cell, cell * 2);
  ctx.fillStyle = ink;
  ctx.fillRect(cell * 0.1, cell - 2, cell * 0.8, 4);
  const halves = [Math.floor(value / 7) % 7, value % 7];
  halves.forEach((v, i) => {
    for (const [x, y] of pipPositions(v, 0.27)) {
      ctx.beginPath();
      ctx.arc((0.5 + x) * cell, (0.5 + y + i) * cell, cell * 0.08, 0, 2 * Math.PI);
      ctx.fill();
    }
  });
  return c;
}

/** The top of a round thing: a button's holes, a coin's relief, a chip's stripes. */
export function drawRoundTop(kind: 'button' | 'coin' | 'chip' | 'disc-token' | 'peg', holes: number, colour: string, colour2: string, seed: number): HTMLCanvasElement {
  const r = createRng(seed);
  const s = 256;
  const [c, ctx] = canvas(s, s);
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, s, s);
  if (kind === 'button') {
    ctx.strokeStyle = 'rgba(0,0,0,0.25)';
    ctx.lineWidth = s * 0.03;
    ctx.beginPath();
    ctx.arc(s / 2, s / 2, s * 0.4, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.fillStyle = colour2;
    const at = holes === 2 ? [[-0.1, 0], [0.1, 0]] : [[-0.1, -0.1], [0.1, -0.1], [-0.1, 0.1], [0.1, 0.1]];
    for (const [x, y] of at) {
      ctx.beginPath();
      ctx.arc((0.5 + x) * s, (0.5 + y) * s, s * 0.05, 0, 2 * Math.PI);
      ctx.fill();
    }
  } else if (kind === 'coin') {
    ctx.strokeStyle = colour2;
    ctx.lineWidth = s * 0.02;
    ctx.beginPath();
    ctx.arc(s / 2, s / 2, s * 0.44, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.fillStyle = colour2;
    ctx.font = `bold ${s * 0.35}px DejaVu Sans, sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillText(String(pick(r, [1, 2, 5, 10, 20, 50])), s / 2, s * 0.62);
  } else if (kind === 'chip') {
    ctx.fillStyle = colour2;
    for (let i = 0; i < 6; i++) {
      ctx.save();
      ctx.translate(s / 2, s / 2);
      ctx.rotate((i * Math.PI) / 3);
      ctx.fillRect(s * 0.36, -s * 0.05, s * 0.14, s * 0.1);
      ctx.restore();
    }
    ctx.strokeStyle = colour2;
    ctx.lineWidth = s * 0.02;
    ctx.beginPath();
    ctx.arc(s / 2, s / 2, s * 0.3, 0, 2 * Math.PI);
    ctx.stroke();
  }
  return c;
}

export function drawPegboard(size: [number, number], holes: number, pitch: number, wood: string, hole: string): HTMLCanvasElement {
  const [c, ctx] = canvas(size[0] * PX_PER_MM, size[1] * PX_PER_MM);
  const k = PX_PER_MM;
  ctx.fillStyle = wood;
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.fillStyle = hole;
  const rows = Math.max(1, Math.floor((size[1] - 10) / pitch));
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < holes; i++) {
      ctx.beginPath();
      ctx.arc((10 + (i + 0.5) * pitch) * k, (5 + (j + 0.5) * pitch) * k, pitch * 0.22 * k, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  return c;
}
