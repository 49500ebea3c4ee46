import { EventEmitter } from 'node:events';
import type { Layout } from '../core/layouts/format.ts';
import { ReconnectingPort } from '../serial/port.ts';
import { Firmware, litMap, type FirmwareOptions, type Shown, type ShowSource } from './firmware.ts';

/**
 * A board on the other end of a serial port (a pty in tests, a null-modem for a real check): it
 * boots when the port appears, reopens it when it comes back after an unplug, and says what is
 * lit after every change as one JSON line (`schiri board-sim` prints them).
 */
export interface SimulatorOptions extends FirmwareOptions {
  path: string;
  baudRate?: number;
  /** With a layout, lines also name the lit fields. */
  layout?: Layout;
}

export type SimLine =
  | { t: number; source: ShowSource; lit: Record<string, string>; fields?: Record<string, string> }
  | { t: number; event: 'open' | 'close' | 'problem'; detail?: string };

interface SimulatorEvents {
  line: [SimLine];
  shown: [Shown];
  open: [];
  close: [];
}

export class BoardSimulator extends EventEmitter<SimulatorEvents> {
  readonly firmware: Firmware;
  /** Every byte received since start, in order. */
  readonly received: Buffer[] = [];
  private readonly port: ReconnectingPort;
  private readonly t0 = performance.now();
  private readonly fieldAt = new Map<number, string>();

  constructor(readonly options: SimulatorOptions) {
    super();
    this.firmware = new Firmware(options);
    this.port = new ReconnectingPort({ path: options.path, baudRate: options.baudRate, firstRetryMs: 20, maxRetryMs: 200 });
    for (const [id, at] of options.layout?.fields ?? []) for (const i of at) this.fieldAt.set(i, id);

    this.port.on('open', () => {
      this.line({ t: this.now(), event: 'open' });
      this.emit('open');
      this.firmware.boot();
    });
    this.port.on('close', () => {
      // Unplugged: the board loses power and all it was showing.
      this.firmware.halt();
      this.line({ t: this.now(), event: 'close' });
      this.emit('close');
    });
    this.port.on('problem', (p) => this.line({ t: this.now(), event: 'problem', detail: p.detail }));
    this.port.on('data', (chunk) => {
      this.received.push(chunk);
      this.firmware.push(chunk);
    });
    this.firmware.on('reply', (bytes) => {
      this.port.write(bytes).catch(() => undefined);
    });
    this.firmware.on('shown', (shown) => {
      this.emit('shown', shown);
      const lit = litMap(shown.leds);
      const line: SimLine = { t: this.now(), source: shown.source, lit };
      if (this.fieldAt.size > 0) {
        line.fields = Object.fromEntries(Object.entries(lit).flatMap(([i, c]) => (this.fieldAt.has(Number(i)) ? [[this.fieldAt.get(Number(i))!, c]] : [])));
      }
      this.line(line);
    });
  }

  start(): this {
    this.port.start();
    return this;
  }

  /** Sends raw bytes as if the board had said them (tests use it for garbage). */
  say(bytes: Buffer): Promise<void> {
    return this.port.write(bytes);
  }

  async stop(): Promise<void> {
    this.firmware.halt();
    await this.port.stop();
  }

  private now(): number {
    return Math.round(performance.now() - this.t0);
  }

  private line(l: SimLine): void {
    this.emit('line', l);
  }
}
