import type { LedStatus } from '../../hardware/core/settings.ts';
import { isRecordId } from '../../engine/core/record.ts';
import type { Bridge, LedBridge, RecordStore } from './types.ts';

const PREFIX = 'schiri.record.';
const key = (id: string) => {
  if (!isRecordId(id)) throw new Error(`bad record id "${id}"`);
  return `${PREFIX}${id}`;
};

/** The record a localStorage key holds (a copy set aside as .bad is none), or null. */
export function recordOfKey(k: string | null): string | null {
  const id = k?.startsWith(PREFIX) ? k.slice(PREFIX.length) : null;
  return id !== null && isRecordId(id) ? id : null;
}

/**
 * Records in localStorage, with the file store's promises: each operation reads and writes
 * synchronously (no await inside), so two never interleave; `setItem` stores all or nothing, and
 * a full storage (QuotaExceededError, the browser's full disk) leaves the record as it was.
 */
const records: RecordStore = {
  async read(id) {
    return localStorage.getItem(key(id));
  },
  async append(id, lines) {
    const old = localStorage.getItem(key(id)) ?? '';
    // A record that does not end with a newline is cut back to its last complete line, as on disk.
    const clean = old === '' || old.endsWith('\n') ? old : old.slice(0, old.lastIndexOf('\n') + 1);
    localStorage.setItem(key(id), clean + lines);
  },
  async replace(id, lines) {
    localStorage.setItem(key(id), lines);
  },
  async remove(id) {
    localStorage.removeItem(key(id));
  },
  async keep(id) {
    const text = localStorage.getItem(key(id));
    if (text === null) return null;
    const stamp = `${key(id)}.${new Date().toISOString().replace(/[:.]/g, '-')}`;
    let copy = `${stamp}.bad`;
    for (let n = 1; localStorage.getItem(copy) !== null; n++) copy = `${stamp}-${n}.bad`;
    localStorage.setItem(copy, text);
    return copy;
  },
};

/** A browser reaches no serial port: the virtual board is all there is. */
const noBoard = async (): Promise<LedStatus> => ({
  connection: 'off',
  settings: null,
  board: null,
  problem: { de: 'Im Browser gibt es keine serielle Schnittstelle: nur das virtuelle Brett.', en: 'A browser has no serial port: only the virtual board.' },
  layout: null,
  milliamps: 0,
  dimmedForPower: false,
  unknown: [],
});

const led: LedBridge = {
  ports: async () => [],
  status: noBoard,
  connect: noBoard,
  disconnect: noBoard,
  show: noBoard,
};

export const browserBridge: Bridge = { kind: 'browser', records, led };
