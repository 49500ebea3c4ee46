import type { Frame } from '../core/frame.ts';
import type { ProtocolName } from '../core/settings.ts';
import { encodeAdalight } from './adalight.ts';
import { encodeTpm2 } from './tpm2.ts';
import { encodeWled, WLED_HELLO } from './wled.ts';

export { PROTOCOL_CHOICES, PROTOCOLS, type ProtocolChoice, type ProtocolName } from '../core/settings.ts';

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
