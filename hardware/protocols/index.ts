import type { Frame } from '../core/frame.ts';
import { encodeAdalight } from './adalight.ts';
import { encodeTpm2 } from './tpm2.ts';
import { encodeWled, WLED_HELLO } from './wled.ts';

export const PROTOCOLS = ['adalight', 'wled', 'tpm2'] as const;
export type ProtocolName = (typeof PROTOCOLS)[number];

export interface Protocol {
  name: ProtocolName;
  encode(frame: Frame): Buffer;
  /** Sent once after every open, before the first frame. */
  hello: Buffer | null;
}

export const PROTOCOL: Readonly<Record<ProtocolName, Protocol>> = {
  adalight: { name: 'adalight', encode: encodeAdalight, hello: null },
  wled: { name: 'wled', encode: encodeWled, hello: WLED_HELLO },
  tpm2: { name: 'tpm2', encode: encodeTpm2, hello: null },
};
