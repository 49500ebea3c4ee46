/**
 * The renderer's only way to the outside world. Electron implements it over validated IPC
 * (electron/preload.ts); a plain browser (`npm run web`, the end-to-end tests) implements it with
 * localStorage. Screens use `bridge` and never know which one they got.
 */
export interface RecordStore {
  /** The whole record (JSON Lines), or null if there is none. */
  read(id: string): Promise<string | null>;
  /** Appends complete lines; resolves once they are stored durably. */
  append(id: string, lines: string): Promise<void>;
  /** Starts the record afresh with these lines (a new game). */
  replace(id: string, lines: string): Promise<void>;
  remove(id: string): Promise<void>;
}

export interface Bridge {
  kind: 'electron' | 'browser';
  records: RecordStore;
}

/** Record ids are file names in Electron: keep them to a safe alphabet on both sides. */
export const RECORD_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
