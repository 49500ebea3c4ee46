import { EventEmitter } from 'node:events';
import { toHex } from '../core/color.ts';
import { TPM2_PONG } from '../protocols/tpm2.ts';

/**
 * Stock firmware, byte for byte as the board sees it, without the hardware:
 * - `adalight`: an Adalight sketch (hardware/firmware/adalight/): `Ada` at start, Adalight frames
 *   shown until the next one, nothing else understood.
 * - `wled`: WLED's serial handler: `Ada` at boot; Adalight and TPM2 frames enter realtime mode
 *   (the strip is cleared first) and leave it 2.5 s after the last frame; `v` answers
 *   `WLED <build>`; `l` answers the LED colours as a JSON array; a JSON object is applied as the
 *   JSON API and answered (state and info) only when it holds `"v":true`; bad JSON is dropped in
 *   silence; `{"live":false}` leaves realtime mode.
 * The class keeps no port: bytes come in through `push`, answers leave through the `reply` event.
 */
export type FirmwareKind = 'adalight' | 'wled';
export type ShowSource = 'adalight' | 'tpm2' | 'json' | 'timeout' | 'live-off' | 'boot';

export interface Shown {
  source: ShowSource;
  /** R G B per LED as the strip shows it now. */
  leds: Uint8Array;
  /** The bytes of the frame or request that caused it, exactly as received. */
  raw: Buffer | null;
}

interface FirmwareEvents {
  reply: [Buffer];
  shown: [Shown];
}

export interface FirmwareOptions {
  kind: FirmwareKind;
  /** LEDs configured on the board. */
  leds: number;
  realtimeTimeoutMs?: number;
}

export const WLED_VERSION = '0.15.0';
export const WLED_BUILD = 2412100;
export const REALTIME_TIMEOUT_MS = 2500;
const MAX_JSON = 24 * 1024;

type ParseState =
  | { at: 'idle' }
  | { at: 'ada'; got: number[] }
  | { at: 'tpm2'; got: number[] }
  | { at: 'json'; got: number[]; depth: number; inString: boolean; escaped: boolean };

export class Firmware extends EventEmitter<FirmwareEvents> {
  private state: ParseState = { at: 'idle' };
  /** What the JSON API set: persists, shown whenever realtime mode is off. */
  private json: Uint8Array;
  private power = true;
  private bri = 128;
  private realtime: Uint8Array | null = null;
  private realtimeTimer: NodeJS.Timeout | null = null;
  private shownNow: Uint8Array;

  constructor(readonly options: FirmwareOptions) {
    super();
    this.json = new Uint8Array(options.leds * 3);
    this.shownNow = new Uint8Array(options.leds * 3);
  }

  get leds(): Uint8Array {
    return this.shownNow;
  }

  get inRealtime(): boolean {
    return this.realtime !== null;
  }

  /** A fresh start, as after power-up: dark strip, banner. */
  boot(): void {
    this.stopRealtimeTimer();
    this.state = { at: 'idle' };
    this.json = new Uint8Array(this.options.leds * 3);
    this.realtime = null;
    this.power = true;
    this.show('boot', null);
    this.emit('reply', Buffer.from('Ada\n'));
  }

  halt(): void {
    this.stopRealtimeTimer();
  }

  push(chunk: Buffer): void {
    for (const byte of chunk) this.byte(byte);
  }

  private byte(b: number): void {
    const s = this.state;
    switch (s.at) {
      case 'idle':
        return this.idle(b);
      case 'ada':
        return this.adalight(s.got, b);
      case 'tpm2':
        return this.tpm2(s.got, b);
      case 'json':
        return this.jsonByte(s, b);
    }
  }

  private idle(b: number): void {
    if (b === 0x41) this.state = { at: 'ada', got: [b] };
    else if (this.options.kind === 'adalight') return;
    else if (b === 0xc9) this.state = { at: 'tpm2', got: [b] };
    else if (b === 0x76 /* v */) this.emit('reply', Buffer.from(`WLED ${WLED_BUILD}\n`));
    else if (b === 0x6c /* l */) this.emit('reply', Buffer.from(`[${this.colourNumbers().join(',')}]\n`));
    else if (b === 0x7b /* { */) this.state = { at: 'json', got: [b], depth: 1, inString: false, escaped: false };
  }

  private adalight(got: number[], b: number): void {
    got.push(b);
    const n = got.length;
    if ((n === 2 && b !== 0x64) || (n === 3 && b !== 0x61)) return this.restart(b);
    if (n === 6 && (got[3] ^ got[4] ^ 0x55) !== b) return this.restart(b);
    if (n < 6) return;
    const leds = (got[3] << 8) + got[4] + 1;
    if (n < 6 + leds * 3) return;
    this.state = { at: 'idle' };
    this.realtimeFrame('adalight', Buffer.from(got), Uint8Array.from(got.slice(6)));
  }

  private tpm2(got: number[], b: number): void {
    got.push(b);
    const n = got.length;
    if (n === 2) {
      if (b === 0xaa) {
        this.state = { at: 'idle' };
        this.emit('reply', Buffer.from([TPM2_PONG]));
      } else if (b !== 0xda) this.state = { at: 'idle' };
      return;
    }
    if (n < 4) return;
    const size = (got[2] << 8) + got[3];
    if (n < 5 + size) return;
    this.state = { at: 'idle' };
    if (b === 0x36) this.realtimeFrame('tpm2', Buffer.from(got), Uint8Array.from(got.slice(4, 4 + size)));
  }

  /** A broken header: the byte that broke it may start the next frame, as in WLED. */
  private restart(b: number): void {
    this.state = { at: 'idle' };
    this.idle(b);
  }

  private jsonByte(s: Extract<ParseState, { at: 'json' }>, b: number): void {
    s.got.push(b);
    if (s.got.length > MAX_JSON) {
      this.state = { at: 'idle' };
      return;
    }
    if (s.inString) {
      if (s.escaped) s.escaped = false;
      else if (b === 0x5c) s.escaped = true;
      else if (b === 0x22) s.inString = false;
      return;
    }
    if (b === 0x22) s.inString = true;
    else if (b === 0x7b || b === 0x5b) s.depth++;
    else if (b === 0x7d || b === 0x5d) s.depth--;
    if (s.depth > 0) return;
    this.state = { at: 'idle' };
    const raw = Buffer.from(s.got);
    let request: unknown;
    try {
      request = JSON.parse(raw.toString('utf8'));
    } catch {
      return; // WLED drops a request it cannot parse, without a word
    }
    if (typeof request === 'object' && request !== null && !Array.isArray(request)) this.apply(request as Record<string, unknown>, raw);
  }

  private apply(req: Record<string, unknown>, raw: Buffer): void {
    if (typeof req.on === 'boolean') this.power = req.on;
    if (Number.isInteger(req.bri) && (req.bri as number) >= 0 && (req.bri as number) <= 255) this.bri = req.bri as number;
    const seg = req.seg;
    if (typeof seg === 'object' && seg !== null && !Array.isArray(seg) && Array.isArray((seg as { i?: unknown }).i)) {
      this.applyItems((seg as { i: unknown[] }).i);
    }
    if (req.live === false && this.realtime) {
      this.realtime = null;
      this.stopRealtimeTimer();
      this.show('live-off', raw);
    } else if (!this.realtime) this.show('json', raw);
    if (req.v === true) this.emit('reply', Buffer.from(`${JSON.stringify(this.stateAndInfo())}\n`));
  }

  /** WLED's `seg.i`: `index, colour`, `start, stop, colour`, or bare colours for the next LEDs. */
  private applyItems(items: unknown[]): void {
    const numbers: number[] = [];
    let next = 0;
    for (const item of items) {
      if (typeof item === 'number' && Number.isInteger(item)) {
        numbers.push(item);
        continue;
      }
      const rgb = colourOf(item);
      if (!rgb) return;
      const [start, stop] = numbers.length >= 2 ? numbers.slice(-2) : numbers.length === 1 ? [numbers[0], numbers[0] + 1] : [next, next + 1];
      for (let i = Math.max(0, start); i < Math.min(stop, this.options.leds); i++) this.json.set(rgb, i * 3);
      next = stop;
      numbers.length = 0;
    }
  }

  private realtimeFrame(source: 'adalight' | 'tpm2', raw: Buffer, data: Uint8Array): void {
    if (this.options.kind === 'wled') {
      // WLED clears the strip on entering realtime mode and leaves it after the timeout.
      this.realtime ??= new Uint8Array(this.options.leds * 3);
      this.stopRealtimeTimer();
      this.realtimeTimer = setTimeout(() => {
        this.realtime = null;
        this.realtimeTimer = null;
        this.show('timeout', null);
      }, this.options.realtimeTimeoutMs ?? REALTIME_TIMEOUT_MS);
      this.realtime.set(data.subarray(0, this.realtime.length));
    } else {
      this.json.fill(0);
      this.json.set(data.subarray(0, this.json.length));
    }
    this.show(source, raw);
  }

  private stopRealtimeTimer(): void {
    if (this.realtimeTimer) clearTimeout(this.realtimeTimer);
    this.realtimeTimer = null;
  }

  private show(source: ShowSource, raw: Buffer | null): void {
    const out = new Uint8Array(this.options.leds * 3);
    if (this.realtime) out.set(this.realtime);
    else if (this.options.kind === 'adalight') out.set(this.json);
    else if (this.power) for (let i = 0; i < out.length; i++) out[i] = Math.round((this.json[i] * this.bri) / 255);
    this.shownNow = out;
    this.emit('shown', { source, leds: out, raw });
  }

  private colourNumbers(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.shownNow.length; i += 3) out.push((this.shownNow[i] << 16) | (this.shownNow[i + 1] << 8) | this.shownNow[i + 2]);
    return out;
  }

  private stateAndInfo(): object {
    return {
      state: { on: this.power, bri: this.bri, live: this.realtime !== null, seg: [{ id: 0, start: 0, stop: this.options.leds, len: this.options.leds }] },
      info: { ver: WLED_VERSION, vid: WLED_BUILD, leds: { count: this.options.leds }, name: 'WLED (Schiri simulator)' },
    };
  }
}

function colourOf(item: unknown): [number, number, number] | null {
  if (typeof item === 'string' && /^[0-9a-f]{6}$/i.test(item)) {
    const n = parseInt(item, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  if (Array.isArray(item) && item.length >= 3 && item.slice(0, 3).every((x) => Number.isInteger(x) && x >= 0 && x <= 255)) {
    return [item[0], item[1], item[2]];
  }
  return null;
}

/** LED index -> colour of every LED that is not dark: the simulator's output. */
export function litMap(leds: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < leds.length; i += 3) {
    if (leds[i] || leds[i + 1] || leds[i + 2]) out[String(i / 3)] = toHex(leds[i], leds[i + 1], leds[i + 2]);
  }
  return out;
}
