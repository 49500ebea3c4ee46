import { untrack } from 'svelte';
import { everyField } from '../../hardware/core/frame.ts';
import type { LedIntent, LedMeaning } from '../../hardware/core/intent.ts';
import { layoutByName } from '../../hardware/core/layouts/index.ts';
import { checkLedSettings, DEFAULT_LED_SETTINGS, type LedSettings, type LedStatus } from '../../hardware/core/settings.ts';
import type { Text } from '../../engine/core/text.ts';
import { bridge } from '../bridge/index.ts';

/**
 * The LED board as the UI sees it: the settings (kept in localStorage), the lit set the current
 * screen asks for (also what the virtual board draws) and the main process's last status.
 */
const STORAGE_KEY = 'schiri.led';

interface Saved {
  settings: LedSettings;
  /** Connect again on the next start: the user had the board connected. */
  connected: boolean;
}

function load(): Saved {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Saved> | null;
    if (raw?.settings) return { settings: checkLedSettings(raw.settings), connected: raw.connected === true };
  } catch {
    // Missing or damaged: start from the defaults.
  }
  return { settings: { ...DEFAULT_LED_SETTINGS }, connected: false };
}

const saved = load();

export const led = $state<{
  settings: LedSettings;
  status: LedStatus | null;
  lit: { layout: string; intent: LedIntent } | null;
  error: Text | null;
}>({ settings: saved.settings, status: null, lit: null, error: null });

function save(connected: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ settings: led.settings, connected }));
  } catch {
    // Not saved: the settings still hold for this session.
  }
}

async function call(f: () => Promise<LedStatus>): Promise<void> {
  try {
    led.status = await f();
    led.error = null;
  } catch (e) {
    const m = e instanceof Error ? e.message.replace(/^Error invoking remote method '[^']+': (\w*Error: )?/, '') : String(e);
    led.error = { de: m, en: m };
  }
}

/**
 * What a screen calls whenever its lit set changes; the same intent twice is sent once. Untracked,
 * so a screen's effect depends on its own lit set only, and a test pattern is not undone at once.
 */
export function light(layout: string, intent: LedIntent): void {
  untrack(() => {
    if (led.lit?.layout === layout && JSON.stringify(led.lit.intent) === JSON.stringify(intent)) return;
    led.lit = { layout, intent };
    void call(() => bridge.led.show(layout, intent));
  });
}

export async function connect(settings: LedSettings): Promise<void> {
  led.settings = checkLedSettings(settings);
  save(true);
  await call(() => bridge.led.connect(led.settings));
}

/** Settings checked and kept without connecting (a browser has no serial port to connect to). */
export function keep(settings: LedSettings): void {
  led.settings = checkLedSettings(settings);
  save(false);
}

export async function disconnect(): Promise<void> {
  save(false);
  await call(() => bridge.led.disconnect());
}

/** Every field of a layout in one meaning's colour: shows that wiring, layout and power are right. */
export function testPattern(layout: string, meaning: LedMeaning): void {
  light(layout, everyField(layoutByName(layout), meaning));
}

export async function refresh(): Promise<void> {
  await call(() => bridge.led.status());
}

/** At start: reconnect if the board was connected when the app last closed. */
export async function resume(): Promise<void> {
  if (saved.connected && saved.settings.port) await connect(saved.settings);
  else await refresh();
}
