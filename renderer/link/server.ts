import type { Text } from '../../engine/core/contract.ts';
import { tx } from '../i18n/text.ts';

/**
 * The link server the app dials: a club's own (`npm run serve-link` on one machine of its network,
 * docs/link.md) or a public one. Only wss is taken: the moves travel encrypted, and the CSP lets
 * the page open nothing else (electron/csp.ts).
 */
export const DEFAULT_SERVER = 'wss://127.0.0.1:8443';

/** The address as typed, or why it cannot be used. */
export function checkServer(typed: string): { url: string } | { problem: Text } {
  let u: URL;
  try {
    u = new URL(typed.trim());
  } catch {
    return { problem: tx(`„${typed}“ ist keine Serveradresse; sie sieht aus wie ${DEFAULT_SERVER}.`, `"${typed}" is no server address; one looks like ${DEFAULT_SERVER}.`) };
  }
  if (u.protocol !== 'wss:') return { problem: tx('Die Serveradresse beginnt mit wss:// (verschlüsselt); andere nimmt Schiri nicht.', 'The server address starts with wss:// (encrypted); Schiri takes no other.') };
  if (u.username || u.password) return { problem: tx('Die Serveradresse enthält keinen Namen und kein Passwort.', 'The server address holds no name and no password.') };
  return { url: u.href.replace(/\/$/, '') };
}

/**
 * A certificate fingerprint as Electron gives it (`sha256/` and base64) written as
 * `npm run serve-link` prints it (Node's fingerprint256: hex pairs, colons), so the two compare
 * by eye.
 */
export function fingerprintHex(fingerprint: string): string {
  const bytes = atob(fingerprint.replace(/^sha256\//, ''));
  return Array.from(bytes, (c) => c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()).join(':');
}
