import { browserBridge } from './browser.ts';
import type { Bridge } from './types.ts';

declare global {
  interface Window {
    /** Exposed by electron/preload.ts through contextBridge; absent in a plain browser. */
    schiri?: Bridge;
  }
}

export const bridge: Bridge = window.schiri ?? browserBridge;
export type { Bridge } from './types.ts';
