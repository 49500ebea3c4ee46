import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * JSON with its keys sorted at every level: two apps that hold the same state write the same
 * text whatever order their engines built the objects in, so its hash names the position.
 */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
    .join(',')}}`;
}

/** SHA-256 of a text, in hex. */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** The position's name on the wire: 128 bits of SHA-256 over the engine's state as stable JSON. */
export const positionHash = (state: unknown): string => sha256Hex(stableJson(state)).slice(0, 32);

/** HMAC-SHA-256 of a text under a key, in hex. */
export const macHex = (key: Uint8Array, text: string): string => bytesToHex(hmac(sha256, key, utf8ToBytes(text)));

export const keyFrom = (secret: string, purpose: string): Uint8Array => hmac(sha256, utf8ToBytes(secret), utf8ToBytes(purpose));

/** Compares two hex texts in time that does not depend on where they differ. */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}
