import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LedBoard, type BoardOptions } from '../../hardware/board.ts';
import type { Layout } from '../../hardware/core/layouts/format.ts';
import type { ProtocolChoice } from '../../hardware/protocols/index.ts';
import type { FirmwareKind, Shown } from '../../hardware/simulator/firmware.ts';
import { PtyPair } from '../../hardware/simulator/pty-pair.ts';
import { BoardSimulator } from '../../hardware/simulator/simulator.ts';
import type { Written } from '../../hardware/transport.ts';

/**
 * A real serial rig without hardware: socat's pty pair, the real `serialport` on both ends, the
 * host's LedBoard on one, the simulated stock firmware on the other. `close` ends everything it
 * started, socat included.
 */
export interface Rig {
  pair: PtyPair;
  sim: BoardSimulator;
  board: LedBoard;
  shown: Shown[];
  written: Written[];
  /** Resolves with the first board-side change (from now on) that `pred` accepts. */
  next(pred: (s: Shown) => boolean, timeoutMs: number, what: string): Promise<Shown>;
  close(): Promise<void>;
}

export async function rig(options: {
  protocol: ProtocolChoice;
  firmware: FirmwareKind;
  layout: Layout;
  simLeds?: number;
  board?: Partial<BoardOptions>;
}): Promise<Rig> {
  const dir = mkdtempSync(join(tmpdir(), 'schiri-led-'));
  const pair = await PtyPair.open(join(dir, 'host'), join(dir, 'board'));
  const sim = new BoardSimulator({ path: pair.b, kind: options.firmware, leds: options.simLeds ?? options.layout.leds }).start();
  const shown: Shown[] = [];
  sim.on('shown', (s) => shown.push(s));
  const opened = await Promise.race([
    new Promise<boolean>((r) => sim.once('open', () => r(true))),
    new Promise<boolean>((r) => setTimeout(() => r(false), 5000)),
  ]);
  if (!opened) {
    await sim.stop();
    await pair.close();
    throw new Error('the simulator did not open its end of the pty pair');
  }
  const board = new LedBoard({
    path: pair.a,
    protocol: options.protocol,
    layout: options.layout,
    brightness: 255,
    supplyMilliamps: 10_000,
    ...options.board,
  }).start();
  const written: Written[] = [];
  board.link.on('written', (w) => written.push(w));
  return {
    pair,
    sim,
    board,
    shown,
    written,
    next(pred, timeoutMs, what) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          sim.off('shown', listen);
          reject(new Error(`board did not show ${what} within ${timeoutMs} ms`));
        }, timeoutMs);
        const listen = (s: Shown) => {
          if (!pred(s)) return;
          clearTimeout(timer);
          sim.off('shown', listen);
          resolve(s);
        };
        sim.on('shown', listen);
      });
    },
    async close() {
      await board.link.stop();
      await sim.stop();
      await pair.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The LEDs of a frame as a plain array, for readable comparisons. */
export const sameLeds = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);
