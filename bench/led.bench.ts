import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { createRng } from '../engine/core/rng.ts';
import { LedBoard } from '../hardware/board.ts';
import type { LedIntent } from '../hardware/core/intent.ts';
import { parseLayout, type Layout } from '../hardware/core/layouts/format.ts';
import type { ProtocolName } from '../hardware/protocols/index.ts';
import { PtyPair } from '../hardware/simulator/pty-pair.ts';
import type { Written } from '../hardware/transport.ts';
import { fmt, summarize } from './timing.ts';

/**
 * From a lit-set change (LedBoard.show) to the last byte written (the drain of the write), and to
 * the last byte read at the far end of a socat pty pair, with the real serialport on both ends.
 * A pty has no baud rate, so the time the bytes spend on a real 115200 baud wire is given apart,
 * computed (10 bits a byte), not measured.
 */
const RUNS = 200;

function matrixLayout(rows: number, cols: number): Layout {
  const grid = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => `r${r}c${c}`));
  return parseLayout({ format: 'schiri-led-layout/1', name: `bench-${rows}x${cols}`, title: { de: 'Bench', en: 'Bench' }, leds: rows * cols, matrices: [{ first: 0, grid }] });
}

async function measure(protocol: ProtocolName, layout: Layout): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'schiri-led-bench-'));
  const pair = await PtyPair.open(join(dir, 'host'), join(dir, 'board'));
  const far = new SerialPort({ path: pair.b, baudRate: 115200, hupcl: false, autoOpen: false });
  await new Promise<void>((res, rej) => far.open((e) => (e ? rej(e) : res())));
  let received = 0;
  let lastByteAt = 0;
  far.on('data', (d: Buffer) => {
    received += d.length;
    lastByteAt = performance.now();
  });
  const board = new LedBoard({ path: pair.a, protocol, layout, brightness: 255, supplyMilliamps: 100_000, keepAliveMs: 0 }).start();
  let sent = 0;
  let last: Written | null = null;
  board.link.on('written', (w) => {
    sent += w.bytes;
    last = w;
  });
  const ids = [...layout.fields.keys()];
  const rng = createRng(1);
  const randomIntent = (): LedIntent => {
    const lit: Record<string, 'legal' | 'selected'> = {};
    for (let k = 0; k < Math.max(3, ids.length / 10); k++) lit[ids[rng.int(ids.length)]] = k === 0 ? 'selected' : 'legal';
    return lit;
  };
  const toWritten: number[] = [];
  const toFarEnd: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < RUNS + 10; i++) {
    const t0 = performance.now();
    board.show(randomIntent());
    await board.link.settled();
    while (received < sent) await new Promise((r) => setImmediate(r));
    if (i < 10) continue; // warm-up, and the WLED hello with its answer
    toWritten.push(last!.at - t0);
    toFarEnd.push(lastByteAt - t0);
    sizes.push(last!.bytes);
  }
  await board.link.stop();
  await new Promise<void>((r) => far.close(() => r()));
  await pair.close();
  rmSync(dir, { recursive: true, force: true });
  const bytes = Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
  const wire = ((bytes * 10) / 115200) * 1000;
  console.log(`${protocol} ${layout.leds} LEDs (${bytes} bytes a frame on average): to last byte written ${fmt(summarize(toWritten))}`);
  console.log(`${protocol} ${layout.leds} LEDs: to last byte read at the far end ${fmt(summarize(toFarEnd))}; on a 115200 baud wire add ${wire.toFixed(1)} ms (computed)`);
}

export default async function bench(): Promise<void> {
  for (const layout of [matrixLayout(3, 10), matrixLayout(16, 16)]) {
    for (const protocol of ['adalight', 'wled'] as const) await measure(protocol, layout);
  }
}
