import type { LedIntent } from '../../hardware/core/intent.ts';
import type { LedSettings, LedStatus, PortListing } from '../../hardware/core/settings.ts';

/**
 * The renderer's only way to the outside world. Electron implements it over validated IPC
 * (electron/preload.ts); a plain browser (`npm run web`, the end-to-end tests) implements it with
 * localStorage. Screens use `bridge` and never know which one they got.
 */
export interface RecordStore {
  /** The whole record (JSON Lines), or null if there is none. */
  read(id: string): Promise<string | null>;
  /**
   * Appends complete lines; resolves once they are stored durably. A failed append leaves the
   * record as it was (no half line); operations on one record run one at a time, in order.
   */
  append(id: string, lines: string): Promise<void>;
  /** Starts the record afresh with these lines (a new game): all of them or none. */
  replace(id: string, lines: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** Copies the record aside before it is replaced; resolves to where the copy is, or null if there is no record. */
  keep(id: string): Promise<string | null>;
}

/** The LED board, served by the main process (electron/led/); a browser has none. */
export interface LedBridge {
  ports(): Promise<PortListing[]>;
  status(): Promise<LedStatus>;
  connect(settings: LedSettings): Promise<LedStatus>;
  disconnect(): Promise<LedStatus>;
  /** Lights a game's fields; `layout` is the game's, unless the settings name another. */
  show(layout: string, intent: LedIntent): Promise<LedStatus>;
}

/** The link server's certificate, compared and pinned in the main process (electron/link/trust.ts); a browser has none. */
export interface CertBridge {
  /** The fingerprint (`sha256/` base64) of the certificate last refused for `host`, or null. */
  seen(host: string): Promise<string | null>;
  /** Trusts that certificate of `host` from now on (this run); false if it is not the one seen. */
  trust(host: string, fingerprint: string): Promise<boolean>;
}

export interface Bridge {
  kind: 'electron' | 'browser';
  records: RecordStore;
  led: LedBridge;
  link?: CertBridge;
}
