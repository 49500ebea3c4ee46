/**
 * What a board says back, line by line. Stock firmware talks little: an Adalight sketch or WLED
 * prints `Ada` when it (re)starts, WLED answers `v` with `WLED <version>` and a JSON request
 * holding `"v":true` with `{"state":…,"info":…}`, or `{"error":3}` when its buffer is busy.
 * Anything else (boot logs, line noise, a wrong baud rate) is noise: counted, never fatal.
 */
export type Reply =
  | { kind: 'banner' }
  | { kind: 'version'; firmware: 'WLED'; version: string }
  | { kind: 'state'; version: string | null; leds: number | null; live: boolean | null }
  | { kind: 'busy'; error: number }
  | { kind: 'noise'; bytes: number };

/** A board that never sends a newline must not grow the buffer without end. */
const MAX_LINE = 16 * 1024;
/**
 * The most LEDs a board is believed to drive. WLED's own limit per controller is in the low
 * thousands; a count outside 1..MAX_LEDS (a board that says -5) is line noise or a bug, not a
 * count, and is not passed on.
 */
export const MAX_LEDS = 16384;

export class ReplyReader {
  private pending = '';

  push(chunk: Buffer): Reply[] {
    const out: Reply[] = [];
    // latin1 keeps one char a byte, so garbage can neither throw nor change the lengths.
    this.pending += chunk.toString('latin1');
    let nl: number;
    while ((nl = this.pending.indexOf('\n')) >= 0) {
      const line = this.pending.slice(0, nl).replace(/\r$/, '');
      this.pending = this.pending.slice(nl + 1);
      if (line.length > 0) out.push(classify(line));
    }
    if (this.pending.length > MAX_LINE) {
      out.push({ kind: 'noise', bytes: this.pending.length });
      this.pending = '';
    }
    return out;
  }
}

function classify(line: string): Reply {
  if (line === 'Ada') return { kind: 'banner' };
  const version = /^WLED (\S{1,32})$/.exec(line);
  if (version) return { kind: 'version', firmware: 'WLED', version: version[1] };
  if (line.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return { kind: 'noise', bytes: line.length };
    }
    if (isObject(json) && typeof json.error === 'number') return { kind: 'busy', error: json.error };
    if (isObject(json) && isObject(json.state) && isObject(json.info)) {
      const info = json.info;
      const count = isObject(info.leds) ? info.leds.count : undefined;
      const leds = Number.isInteger(count) && (count as number) >= 1 && (count as number) <= MAX_LEDS ? (count as number) : null;
      return {
        kind: 'state',
        version: typeof info.ver === 'string' ? info.ver : null,
        leds,
        live: typeof json.state.live === 'boolean' ? json.state.live : null,
      };
    }
  }
  return { kind: 'noise', bytes: line.length };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
