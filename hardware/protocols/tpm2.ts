import type { Frame } from '../core/frame.ts';

/** `C9 DA sizeHi sizeLo` R G B per LED `36`; WLED takes it as it takes Adalight. */
export function encodeTpm2(frame: Frame): Buffer {
  const out = Buffer.allocUnsafe(5 + frame.length);
  out[0] = 0xc9;
  out[1] = 0xda;
  out[2] = (frame.length >> 8) & 0xff;
  out[3] = frame.length & 0xff;
  out.set(frame, 4);
  out[4 + frame.length] = 0x36;
  return out;
}

/** WLED answers this ping with the single byte 0xAC. */
export const TPM2_PING = Buffer.from([0xc9, 0xaa]);
export const TPM2_PONG = 0xac;
