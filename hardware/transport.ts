import { EventEmitter } from 'node:events';
import type { Frame } from './core/frame.ts';
import type { BoardInfo } from './core/settings.ts';
import { PROTOCOL, type Protocol, type ProtocolChoice } from './protocols/index.ts';
import { ReplyReader, type Reply } from './protocols/replies.ts';
import { ReconnectingPort, type PortOptions, type PortProblem } from './serial/port.ts';

/**
 * The link to one board: the current frame is the truth, the wire catches up with it.
 * - Writes coalesce: while one frame is on its way, newer ones replace each other and only the
 *   latest goes next, so a burst of lit-set changes never queues up latency.
 * - After every (re)open, after the board's `Ada` banner (it rebooted) and on `{"error":3}` the
 *   current frame goes again: an unplugged cable loses nothing.
 * - A keep-alive resends the current frame when nothing was written for `keepAliveMs`: WLED drops
 *   an Adalight stream after 2.5 s, and a WLED board that rebooted without a banner gets its
 *   JSON state back.
 * - With `auto`, every open first asks `v`: a WLED answer within `DETECT_MS` picks WLED's JSON,
 *   silence picks Adalight, which WLED also shows, so a slow answer costs nothing but the mode.
 */
export interface LinkOptions extends PortOptions {
  protocol: ProtocolChoice;
  /** 0 turns the keep-alive off. */
  keepAliveMs?: number;
}

export type { BoardInfo };

export interface Written {
  frame: Frame;
  bytes: number;
  /** performance.now() when the last byte had left (drain). */
  at: number;
  reason: WriteReason;
}

export type WriteReason = 'change' | 'open' | 'banner' | 'keep-alive' | 'busy';

interface LinkEvents {
  open: [];
  close: [];
  written: [Written];
  reply: [Reply];
  board: [BoardInfo];
  problem: [PortProblem];
}

export const KEEP_ALIVE_MS = 2000;
const BUSY_RETRY_MS = 100;
export const DETECT_MS = 1000;

export class LedLink extends EventEmitter<LinkEvents> {
  /** The protocol in use; with `auto`, the one the last detection picked. */
  protocol: Protocol;
  readonly board: BoardInfo = { firmware: null, version: null, leds: null };
  private readonly port: ReconnectingPort;
  private reader = new ReplyReader();
  private current: Frame | null = null;
  private due: WriteReason | null = null;
  private writing = false;
  private keepAlive: NodeJS.Timeout | null = null;
  private busyRetry: NodeJS.Timeout | null = null;
  private waiters: (() => void)[] = [];
  private versionHeard: (() => void) | null = null;

  constructor(readonly options: LinkOptions) {
    super();
    this.protocol = PROTOCOL[options.protocol === 'auto' ? 'adalight' : options.protocol];
    this.port = new ReconnectingPort(options);
    this.port.on('open', () => void this.opened());
    this.port.on('close', () => {
      // Whatever comes back may be another board, and a half line from this one means nothing.
      this.reader = new ReplyReader();
      Object.assign(this.board, { firmware: null, version: null, leds: null });
      this.emit('close');
    });
    this.port.on('problem', (p) => this.emit('problem', p));
    this.port.on('data', (chunk) => {
      for (const reply of this.reader.push(chunk)) this.heard(reply);
    });
  }

  get isOpen(): boolean {
    return this.port.isOpen;
  }

  start(): this {
    this.port.start();
    return this;
  }

  /** Makes `frame` the current one; it goes out as soon as the wire is free. */
  show(frame: Frame): void {
    this.current = frame;
    this.request('change');
  }

  /** Resolves once the current frame has been written (waits across reconnects). */
  settled(): Promise<void> {
    if (this.due === null && !this.writing) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async stop(): Promise<void> {
    if (this.keepAlive) clearTimeout(this.keepAlive);
    if (this.busyRetry) clearTimeout(this.busyRetry);
    this.keepAlive = this.busyRetry = null;
    this.current = null;
    this.due = null;
    await this.port.stop();
    for (const w of this.waiters.splice(0)) w();
  }

  private request(reason: WriteReason): void {
    if (!this.current) return;
    // Either way the latest frame goes; the log names the weightiest reason (change, then the
    // board's own: open, banner, busy, then the keep-alive).
    if (this.due === null || this.due === 'keep-alive' || reason === 'change') this.due = reason;
    void this.pump();
  }

  private async opened(): Promise<void> {
    this.writing = true;
    try {
      if (this.options.protocol === 'auto') this.protocol = PROTOCOL[(await this.detect()) ? 'wled' : 'adalight'];
      if (this.protocol.hello) await this.port.write(this.protocol.hello);
    } catch {
      // The port closed again; the next open starts over.
    } finally {
      this.writing = false;
    }
    this.emit('open');
    this.request('open');
  }

  /** True when the board answers `v` as WLED does. */
  private async detect(): Promise<boolean> {
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), DETECT_MS);
      this.versionHeard = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    try {
      await this.port.write(Buffer.from('v'));
      return await heard;
    } finally {
      this.versionHeard = null;
    }
  }

  private async pump(): Promise<void> {
    if (this.writing || this.due === null || !this.port.isOpen || !this.current) return;
    const frame = this.current;
    const reason = this.due;
    this.due = null;
    this.writing = true;
    const bytes = this.protocol.encode(frame);
    try {
      await this.port.write(bytes);
    } catch {
      // The close that follows reopens the port, and the open resends the current frame.
      // Should the port stay open after all, the keep-alive tries again.
      this.due ??= reason;
      this.writing = false;
      this.armKeepAlive();
      return;
    }
    this.writing = false;
    this.armKeepAlive();
    this.emit('written', { frame, bytes: bytes.length, at: performance.now(), reason });
    if (this.due !== null) void this.pump();
    else for (const w of this.waiters.splice(0)) w();
  }

  private armKeepAlive(): void {
    const ms = this.options.keepAliveMs ?? KEEP_ALIVE_MS;
    if (ms <= 0) return;
    if (this.keepAlive) clearTimeout(this.keepAlive);
    this.keepAlive = setTimeout(() => this.request('keep-alive'), ms);
  }

  private heard(reply: Reply): void {
    this.emit('reply', reply);
    switch (reply.kind) {
      case 'banner':
        this.request('banner');
        break;
      case 'busy':
        if (!this.busyRetry) {
          this.busyRetry = setTimeout(() => {
            this.busyRetry = null;
            this.request('busy');
          }, BUSY_RETRY_MS);
        }
        break;
      case 'version':
        this.board.firmware = reply.firmware;
        this.board.version = reply.version;
        this.versionHeard?.();
        this.emit('board', { ...this.board });
        break;
      case 'state':
        this.board.firmware = 'WLED';
        this.board.version = reply.version ?? this.board.version;
        this.board.leds = reply.leds ?? this.board.leds;
        this.emit('board', { ...this.board });
        break;
      case 'noise':
        break;
    }
  }
}
