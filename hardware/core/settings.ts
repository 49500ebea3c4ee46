import { HardwareError } from './errors.ts';
import { MEANINGS, type LedIntent, type LedMeaning } from './intent.ts';
import { LAYOUTS } from './layouts/index.ts';
import { DEFAULT_RESERVE_MA } from './power.ts';
import type { Text } from '../../engine/core/text.ts';

/**
 * What the app's LED panel sets and the main process obeys: the seam between the renderer and the
 * serial side, checked on the way in (IPC) and shared by the form that edits it.
 */
export const PROTOCOLS = ['adalight', 'wled', 'tpm2'] as const;
export type ProtocolName = (typeof PROTOCOLS)[number];
/** `auto` asks the board `v` on every open: WLED answers and gets JSON, anything else Adalight. */
export const PROTOCOL_CHOICES = ['auto', ...PROTOCOLS] as const;
export type ProtocolChoice = (typeof PROTOCOL_CHOICES)[number];

export interface LedSettings {
  /** Serial device path (COM3, /dev/ttyUSB0, /dev/cu.usbserial-…). */
  port: string;
  protocol: ProtocolChoice;
  /** A shipped layout, or null for the layout of the game being played. */
  layout: string | null;
  brightness: number;
  supplyMilliamps: number;
  reserveMilliamps: number;
}

export const DEFAULT_LED_SETTINGS: LedSettings = {
  port: '',
  protocol: 'auto',
  layout: null,
  brightness: 128,
  supplyMilliamps: 2000,
  reserveMilliamps: DEFAULT_RESERVE_MA,
};

export interface BoardInfo {
  firmware: 'WLED' | null;
  version: string | null;
  /** LEDs the firmware says it drives, where it says so (WLED). */
  leds: number | null;
}

export interface PortListing {
  path: string;
  manufacturer?: string;
  serialNumber?: string;
  vendorId?: string;
  productId?: string;
}

export interface LedStatus {
  connection: 'off' | 'connecting' | 'open';
  settings: LedSettings | null;
  board: BoardInfo | null;
  /** The last thing that went wrong, for the user; null when all is well. */
  problem: Text | null;
  /** Layout of the lit set now shown, and its estimated draw. */
  layout: string | null;
  milliamps: number;
  dimmedForPower: boolean;
  /** Field ids the layout does not have. */
  unknown: string[];
}

const bad = (de: string, en: string): never => {
  throw new HardwareError('bad-config', { de, en });
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const FIELD_ID = /^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/;
const MAX_LIT = 1024;

function whole(v: unknown, min: number, max: number, what: Text): number {
  if (!Number.isInteger(v) || (v as number) < min || (v as number) > max) {
    bad(`${what.de} muss eine ganze Zahl von ${min} bis ${max} sein`, `${what.en} must be a whole number from ${min} to ${max}`);
  }
  return v as number;
}

export function checkLayoutName(v: unknown): string {
  if (typeof v !== 'string' || !LAYOUTS.has(v)) bad(`Unbekanntes Layout ${JSON.stringify(v)}`, `unknown layout ${JSON.stringify(v)}`);
  return v as string;
}

function checkMeaning(v: unknown): LedMeaning {
  if (!MEANINGS.includes(v as LedMeaning)) bad(`Bedeutung muss ${MEANINGS.join('|')} sein`, `meaning must be ${MEANINGS.join('|')}`);
  return v as LedMeaning;
}

export function checkLedSettings(v: unknown): LedSettings {
  if (!isObject(v)) return bad('LED-Einstellungen fehlen', 'LED settings are missing');
  const keys = Object.keys(DEFAULT_LED_SETTINGS);
  for (const k of Object.keys(v)) if (!keys.includes(k)) bad(`Unerwartete Einstellung ${k}`, `unexpected setting ${k}`);
  const port = v.port;
  // A device path, not a command line: printable, no NUL, bounded.
  if (typeof port !== 'string' || port.length === 0 || port.length > 256 || !/^[\x20-\x7e]+$/.test(port)) {
    bad('Port fehlt oder ist ungültig', 'the port is missing or not valid');
  }
  const choices = PROTOCOL_CHOICES.join('|');
  if (!PROTOCOL_CHOICES.includes(v.protocol as ProtocolChoice)) bad(`Protokoll muss ${choices} sein`, `protocol must be ${choices}`);
  return {
    port: port as string,
    protocol: v.protocol as ProtocolChoice,
    layout: v.layout === null ? null : checkLayoutName(v.layout),
    brightness: whole(v.brightness, 0, 255, { de: 'Helligkeit', en: 'brightness' }),
    supplyMilliamps: whole(v.supplyMilliamps, 100, 100_000, { de: 'Netzteil-Strom (mA)', en: 'supply current (mA)' }),
    reserveMilliamps: whole(v.reserveMilliamps, 0, 10_000, { de: 'Reserve (mA)', en: 'reserve (mA)' }),
  };
}

export function checkLedIntent(v: unknown): LedIntent {
  if (!isObject(v)) return bad('Die beleuchteten Felder fehlen', 'the lit fields are missing');
  const entries = Object.entries(v);
  if (entries.length > MAX_LIT) bad(`Mehr als ${MAX_LIT} Felder`, `more than ${MAX_LIT} fields`);
  for (const [id, meaning] of entries) {
    if (!FIELD_ID.test(id)) bad(`Ungültige Feld-ID ${JSON.stringify(id)}`, `not a field id: ${JSON.stringify(id)}`);
    checkMeaning(meaning);
  }
  return { ...(v as LedIntent) };
}

/** The top complaint about LED boards is LEDs that silently stay dark: say so when the count is short. */
export function ledCountProblem(info: BoardInfo, layoutLeds: number): Text | null {
  if (info.leds === null || info.leds >= layoutLeds) return null;
  return {
    de: `Das Board treibt nur ${info.leds} LEDs, das Layout braucht ${layoutLeds}: in WLED die LED-Anzahl erhöhen.`,
    en: `The board drives only ${info.leds} LEDs, the layout needs ${layoutLeds}: raise the LED count in WLED.`,
  };
}
