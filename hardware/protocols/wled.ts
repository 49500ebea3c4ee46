import { toHex } from '../core/color.ts';
import type { Frame } from '../core/frame.ts';

/**
 * WLED's JSON API over serial: one JSON object a line. Per-LED colours go in `seg.i` as runs,
 * `[start, stop, "RRGGBB"]` (stop exclusive) or `[index, "RRGGBB"]`, covering the whole strip so
 * nothing of an earlier frame stays lit. The state persists on the board (no realtime timeout);
 * `"v":true` asks for an answer, which only the hello does, so frames cost no reply traffic.
 */
export function wledSegmentItems(frame: Frame): (number | string)[] {
  const items: (number | string)[] = [];
  const leds = frame.length / 3;
  let start = 0;
  while (start < leds) {
    const colour = toHex(frame[start * 3], frame[start * 3 + 1], frame[start * 3 + 2]);
    let stop = start + 1;
    while (stop < leds && toHex(frame[stop * 3], frame[stop * 3 + 1], frame[stop * 3 + 2]) === colour) stop++;
    if (stop - start === 1) items.push(start, colour);
    else items.push(start, stop, colour);
    start = stop;
  }
  return items;
}

/** Master brightness stays at 255: hardware/power.ts has already set the level of every LED. */
export function encodeWled(frame: Frame): Buffer {
  return Buffer.from(`${JSON.stringify({ on: true, bri: 255, seg: { i: wledSegmentItems(frame) } })}\n`);
}

/**
 * Sent once the port is open: `v` makes WLED name itself, `{"live":false,"v":true}` leaves a
 * realtime mode an earlier Adalight stream left behind and asks for state and info (LED count).
 */
export const WLED_HELLO = Buffer.from('v{"live":false,"v":true}\n');
