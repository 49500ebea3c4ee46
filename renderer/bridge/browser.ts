import { RECORD_ID, type Bridge, type RecordStore } from './types.ts';

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

export const browserBridge: Bridge = { kind: 'browser', records };
