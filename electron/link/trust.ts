import { arity, IpcInputError } from '../ipc/errors.ts';

/**
 * Trusting a club's own link server (docs/link.md): Chromium refuses a self-signed certificate;
 * the main process notes the fingerprint it refused for each host, the app shows it, and the
 * players compare it with the one `npm run serve-link` printed. Only then is it pinned, and only
 * that certificate of that host is taken (in this run of the app). Pure: Electron's
 * `setCertificateVerifyProc` calls `verify`, the IPC channels below call `seen` and `trust`.
 */

/** A fingerprint as Electron gives it: `sha256/` and the base64 of SHA-256 over the certificate. */
const FINGERPRINT = /^sha256\/[A-Za-z0-9+/]{43}=$/;
/** A host name, an IPv4 address or an IPv6 address in brackets, as a wss URL names it. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])$/i;
const MAX_SEEN = 32;

/** Chromium's answers to a verify proc: take the certificate, or keep Chromium's own verdict. */
export const ACCEPT = 0;
export const CHROMIUM = -3;

export class CertTrust {
  private readonly seen = new Map<string, string>();
  private readonly pinned = new Map<string, string>();

  constructor(private readonly onPinned: () => void = () => {}) {}

  /** Chromium's verdict stands, except for the one certificate the players pinned for this host. */
  verify(host: string, fingerprint: string, chromiumOk: boolean): number {
    if (chromiumOk) return CHROMIUM;
    const h = host.toLowerCase();
    if (this.pinned.get(h) === fingerprint) return ACCEPT;
    this.seen.delete(h);
    this.seen.set(h, fingerprint);
    if (this.seen.size > MAX_SEEN) this.seen.delete(this.seen.keys().next().value!);
    return CHROMIUM;
  }

  /** The fingerprint of the certificate last refused for `host`, or null. */
  seenFor(host: string): string | null {
    return this.seen.get(host.toLowerCase()) ?? null;
  }

  /** Pins `fingerprint` for `host`; only a certificate the app was shown there can be pinned. */
  trust(host: string, fingerprint: string): boolean {
    const h = host.toLowerCase();
    if (this.seen.get(h) !== fingerprint) return false;
    this.pinned.set(h, fingerprint);
    this.onPinned();
    return true;
  }

  handlers() {
    return {
      'link:seen': async (host: string) => this.seenFor(host),
      'link:trust': async (host: string, fingerprint: string) => this.trust(host, fingerprint),
    } satisfies { [C in keyof typeof LINK_CHANNELS]: (...args: ReturnType<(typeof LINK_CHANNELS)[C]>) => Promise<unknown> };
  }
}

function host(v: unknown): string {
  if (typeof v !== 'string' || v.length > 253 || !HOST.test(v)) throw new IpcInputError('host must be a host name or an IP address');
  return v;
}

function fingerprint(v: unknown): string {
  if (typeof v !== 'string' || !FINGERPRINT.test(v)) throw new IpcInputError('fingerprint must be sha256/ and 44 base64 characters');
  return v;
}

export const LINK_CHANNELS = {
  'link:seen': (raw: unknown[]) => (arity(raw, 1), [host(raw[0])] as const),
  'link:trust': (raw: unknown[]) => (arity(raw, 2), [host(raw[0]), fingerprint(raw[1])] as const),
} satisfies Record<string, (raw: unknown[]) => readonly unknown[]>;
