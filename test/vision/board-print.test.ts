import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../cli/boards.ts';
import { rasteriseSvg } from '../../cli/lib/svg-raster.ts';
import { SHIPPED_TAFELN } from '../../engine/engel-und-bengel/tafeln/index.ts';
import { duelBoard, placedTafelBoard, tafelBoard } from '../../vision/board/board.ts';
import { calibrateFromMarkers, fieldAtImagePoint } from '../../vision/board/calibration.ts';
import { findMarkers } from '../../vision/board/markers.ts';
import { boardSvg } from '../../vision/board/svg.ts';

vi.setConfig({ testTimeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'schiri-boards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('schiri boards', () => {
  it('keeps the title of an own Tafel from breaking the SVG', () => {
    const svg = boardSvg(duelBoard(), 'Küche & Keller <alt>');
    expect(svg).toContain('<title>Küche &amp; Keller &lt;alt&gt;</title>');
  });

  it('writes the SVGs, and refuses a bad Tafel with a message in both languages', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await run([dir, '--tafel', 'meine', '3,4,5', '--shipped'])).toBe(0);
    expect(await run([dir, '--tafel', 'kaputt', '3,0'])).toBe(2);
    expect(err.mock.calls.join(' ')).toMatch(/Reihen/);
    expect(await run([dir, '--frobnicate'])).toBe(2);
    err.mockRestore();
    log.mockRestore();
    const svg = readFileSync(join(dir, 'himmel-und-hoelle.svg'), 'utf8');
    // Each field by the name the table knows it by: a1 … c10, the start areas in words, no ids.
    const named: Record<string, string> = { 'start-hoelle': 'Start Hölle · Ziel Himmel', 'start-himmel': 'Start Himmel · Ziel Hölle' };
    for (const f of duelBoard().fields) expect(svg).toContain(`>${named[f.id] ?? f.id}<`);
    expect(svg).not.toContain('>start-');
    expect(readFileSync(join(dir, 'meine.svg'), 'utf8')).toContain('>r3b5<');
    // A shipped Tafel is a sheet to play on: its rows' points and what each box takes, no ids.
    const shipped = readFileSync(join(dir, 'schiri-16.svg'), 'utf8');
    // Row 6 lies level with the bottom markers: its number on a line of its own, clear of them.
    expect(shipped).toContain('>Reihe 5 · ');
    expect(shipped).toContain('>Reihe 6<');
    expect(shipped).not.toMatch(/>r\db\d</);
  });

  // The printed file itself, rasterised at about 1.2 px/mm and laid on a table: its markers are
  // found and every field maps back to its id.
  it.each([
    ['himmel-und-hoelle', duelBoard()],
    ['meine', tafelBoard('meine', { rows: [3, 4, 5] })],
    // The words round its boxes (row points with holes in their 0s and 8s) are no markers.
    ['schiri-07', placedTafelBoard(SHIPPED_TAFELN[6])],
    ['schiri-16', placedTafelBoard(SHIPPED_TAFELN[15])],
  ])('the printed %s.svg calibrates from its own markers', (name, board) => {
    const dpi = 30;
    const [w, h] = board.size.map((mm) => Math.round((mm * dpi) / 25.4));
    const W = w + 120;
    const H = h + 80;
    const frame = rasteriseSvg(readFileSync(join(dir, `${name}.svg`), 'utf8'), { width: w, height: h, canvas: [W, H], background: '#2a5c3e' });
    const cal = calibrateFromMarkers(board, findMarkers(frame));
    expect(cal).not.toBeNull();
    const [ox, oy] = [Math.floor((W - w) / 2), Math.floor((H - h) / 2)];
    for (const f of board.fields) {
      const cx = f.polygon.reduce((s, p) => s + p[0], 0) / f.polygon.length;
      const cy = f.polygon.reduce((s, p) => s + p[1], 0) / f.polygon.length;
      expect(fieldAtImagePoint(cal!, [ox + (cx * w) / board.size[0], oy + (cy * h) / board.size[1]])).toBe(f.id);
    }
  });
});
