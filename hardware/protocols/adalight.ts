import type { Frame } from '../core/frame.ts';

/** `A d a hi lo chk` then R G B per LED; hi:lo = LEDs - 1, chk = hi ^ lo ^ 0x55. No answer. */
export function encodeAdalight(frame: Frame): Buffer {
  const leds = frame.length / 3;
  const hi = ((leds - 1) >> 8) & 0xff;
  const lo = (leds - 1) & 0xff;
  const out = Buffer.allocUnsafe(6 + frame.length);
  out[0] = 0x41;
  out[1] = 0x64;
  out[2] = 0x61;
  out[3] = hi;
  out[4] = lo;
  out[5] = hi ^ lo ^ 0x55;
  out.set(frame, 6);
  return out;
}
