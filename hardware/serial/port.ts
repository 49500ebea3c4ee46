import { EventEmitter } from 'node:events';
import { readdirSync, readFileSync, stat, statSync } from 'node:fs';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import type { PortListing } from '../core/settings.ts';
import type { Text } from '../../engine/core/text.ts';

/**
 * A serial port that stays open on its own: it opens without resetting the board (`hupcl: false`,
 * then DTR and RTS cleared, which a pty refuses with ENOTTY and a board does not need), and after
 * an unplug, a crash of the other side or a failed open it tries again with a growing pause.
 * The host link and the board simulator both sit on it.
 *
 * serialport does not always see the other side vanish (a pty whose socat died mid-read stays
 * "open" for good), so a watchdog also checks that the path still names the device that was
 * opened: a USB adapter that is gone, or came back as another device, counts as unplugged.
 */
export interface PortOptions {
  path: string;
  baudRate?: number;
  /** First pause before reopening; doubles on each failure up to `maxRetryMs`. */
  firstRetryMs?: number;
  /** Longest pause; bounds how long a replugged board waits to be found again. */
  maxRetryMs?: number;
}

export type ProblemCode = 'busy' | 'missing' | 'denied' | 'control-lines' | 'io';

export interface PortProblem {
  code: ProblemCode;
  text: Text;
  detail: string;
}

interface PortEvents {
  open: [];
  close: [];
  data: [Buffer];
  problem: [PortProblem];
}

export const DEFAULT_BAUD = 115200;
const WATCHDOG_MS = 200;

export class ReconnectingPort extends EventEmitter<PortEvents> {
  private port: SerialPort | null = null;
  private timer: NodeJS.Timeout | null = null;
  private retryMs: number;
  private stopped = true;
  private lastProblem = '';
  /** Writes under way; a close fails them, since serialport may never call back for them. */
  private readonly pending = new Set<(err: Error) => void>();
  private watchdog: NodeJS.Timeout | null = null;

  constructor(readonly options: PortOptions) {
    super();
    this.retryMs = options.firstRetryMs ?? 50;
  }

  get isOpen(): boolean {
    return this.port !== null;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt();
  }

  /** Resolves once the bytes have left for the device (`drain`); rejects when the port is gone. */
  write(bytes: Buffer): Promise<void> {
    const port = this.port;
    if (!port) return Promise.reject(new Error('port is not open'));
    return new Promise((resolve, reject) => {
      const fail = (err: Error) => {
        this.pending.delete(fail);
        reject(err);
      };
      this.pending.add(fail);
      port.write(bytes, (err) => {
        if (err) fail(err);
      });
      port.drain((err) => {
        this.pending.delete(fail);
        if (err) reject(err);
        else resolve();
      });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const port = this.port;
    this.port = null;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    for (const fail of [...this.pending]) fail(new Error('port closed'));
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  private attempt(): void {
    this.timer = null;
    if (this.stopped) return;
    const port = new SerialPort({
      path: this.options.path,
      baudRate: this.options.baudRate ?? DEFAULT_BAUD,
      hupcl: false,
      autoOpen: false,
    });
    port.open((err) => {
      if (err) {
        this.report(problemOf(err));
        this.retry();
        return;
      }
      if (this.stopped) {
        port.close();
        return;
      }
      port.on('data', (chunk: Buffer) => this.emit('data', chunk));
      // serialport reports a failed write both as an error and as a close; the close reconnects.
      port.on('error', (e: Error) => this.report(problemOf(e)));
      port.on('close', () => this.lost(port));
      port.set({ dtr: false, rts: false }, (e) => {
        if (e && !/ioctl|ENOTTY/i.test(e.message)) this.report({ ...problemOf(e), code: 'control-lines' });
        if (this.stopped) return;
        if (!port.isOpen) {
          this.retry();
          return;
        }
        this.port = port;
        this.watch(port);
        this.retryMs = this.options.firstRetryMs ?? 50;
        this.lastProblem = '';
        this.emit('open');
      });
    });
  }

  private watch(port: SerialPort): void {
    let device: number;
    try {
      device = statSync(this.options.path).rdev;
    } catch {
      // No file behind the name (Windows' COM3): close events are all there is to go by.
      return;
    }
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = setInterval(() => {
      stat(this.options.path, (err, st) => {
        if (port !== this.port || (!err && st.rdev === device)) return;
        this.lost(port);
        port.close(() => undefined);
      });
    }, WATCHDOG_MS);
    this.watchdog.unref();
  }

  private lost(port: SerialPort): void {
    if (port !== this.port) return;
    this.port = null;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    for (const fail of [...this.pending]) fail(new Error('port closed'));
    this.emit('close');
    this.retry();
  }

  private retry(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => this.attempt(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 1000);
  }

  /** The same failure on every retry is said once, not twenty times a second. */
  private report(problem: PortProblem): void {
    if (problem.detail === this.lastProblem) return;
    this.lastProblem = problem.detail;
    this.emit('problem', problem);
  }
}

export function problemOf(err: Error): PortProblem {
  const detail = err.message;
  if (/Cannot lock port/i.test(detail)) {
    return {
      code: 'busy',
      detail,
      text: { de: 'Der Port ist belegt: ein anderes Programm nutzt ihn.', en: 'The port is in use by another program.' },
    };
  }
  if (/ENOENT|No such file/i.test(detail)) {
    return {
      code: 'missing',
      detail,
      text: { de: 'Port nicht gefunden: ist das Board eingesteckt?', en: 'Port not found: is the board plugged in?' },
    };
  }
  if (/EACCES|Permission denied/i.test(detail)) {
    return {
      code: 'denied',
      detail,
      text: {
        de: 'Kein Zugriff auf den Port (Linux: Benutzer in die Gruppe dialout aufnehmen).',
        en: 'No access to the port (Linux: add the user to the dialout group).',
      },
    };
  }
  return { code: 'io', detail, text: { de: `Serieller Fehler: ${detail}`, en: `Serial error: ${detail}` } };
}

export async function listPorts(): Promise<PortListing[]> {
  return (await listPortsWithNote()).ports;
}

/**
 * The serial ports, with a note when they could be found only by name. On Linux serialport asks
 * udevadm, which a minimal system (a container, some embedded boards) lacks; then the device
 * names serialport would have listed are read from /dev, without maker or USB ids.
 */
export async function listPortsWithNote(dev = '/dev', sysTty = '/sys/class/tty'): Promise<{ ports: PortListing[]; note: Text | null }> {
  try {
    const ports = await SerialPort.list();
    return {
      ports: ports.map((p) => ({ path: p.path, manufacturer: p.manufacturer, serialNumber: p.serialNumber, vendorId: p.vendorId, productId: p.productId })),
      note: null,
    };
  } catch (e) {
    if (process.platform !== 'linux') throw e;
    return {
      ports: devicePorts(dev, sysTty),
      note: {
        de: `Die Ports ließen sich nicht über udevadm auflisten (${(e as Error).message}); hier nur ihre Namen aus ${dev}.`,
        en: `The ports could not be listed through udevadm (${(e as Error).message}); here only their names from ${dev}.`,
      },
    };
  }
}

/** serialport's own pattern of serial device names on Linux (@serialport/bindings-cpp linux-list). */
const SERIAL_NAME = /^(tty(S|WCH|ACM|USB|AMA|MFD|O|XRUSB)\d+|rfcomm\d+)$/;

/**
 * Serial devices by name. A legacy ttyS port is there on every PC whether a UART is behind it or
 * not; the kernel says which are real (`type` other than 0), so the phantoms are left out.
 */
export function devicePorts(dev: string, sysTty: string): PortListing[] {
  let names: string[];
  try {
    names = readdirSync(dev);
  } catch {
    return [];
  }
  return names
    .filter((n) => SERIAL_NAME.test(n))
    .filter((n) => {
      if (!n.startsWith('ttyS')) return true;
      try {
        return readFileSync(join(sysTty, n, 'type'), 'utf8').trim() !== '0';
      } catch {
        return false;
      }
    })
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((n) => ({ path: join(dev, n) }));
}
