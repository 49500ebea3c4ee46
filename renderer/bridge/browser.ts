import type { LedStatus } from '../../hardware/core/settings.ts';
import { RECORD_ID, type Bridge, type LedBridge, type RecordStore } from './types.ts';

const key = (id: string) => {
  if (!RECORD_ID.test(id)) throw new Error(`bad record id "${id}"`);
  return `schiri.record.${id}`;
};

const records: RecordStore = {
  async read(id) {
    return localStorage.getItem(key(id));
  },
  async append(id, lines) {
    localStorage.setItem(key(id), (localStorage.getItem(key(id)) ?? '') + lines);
  },
  async replace(id, lines) {
    localStorage.setItem(key(id), lines);
  },
  async remove(id) {
    localStorage.removeItem(key(id));
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
