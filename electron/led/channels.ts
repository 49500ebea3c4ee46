import { checkLayoutName, checkLedIntent, checkLedSettings } from '../../hardware/core/settings.ts';
import { IpcInputError } from '../ipc/errors.ts';

/**
 * The LED board's IPC channels with their validators, in the shape of electron/ipc/channels.ts
 * (spread into CHANNELS there). Pure: tested in Node without Electron.
 */
function args(raw: unknown[], n: number): void {
  if (raw.length !== n) throw new IpcInputError(`expected ${n} argument(s), got ${raw.length}`);
}

/** The hardware checks speak German and English; over IPC a refusal is an IpcInputError. */
function checked<T>(check: () => T): T {
  try {
    return check();
  } catch (e) {
    throw new IpcInputError((e as Error).message);
  }
}

export const LED_CHANNELS = {
  'led:ports': (raw: unknown[]) => (args(raw, 0), [] as const),
  'led:status': (raw: unknown[]) => (args(raw, 0), [] as const),
  'led:connect': (raw: unknown[]) => (args(raw, 1), [checked(() => checkLedSettings(raw[0]))] as const),
  'led:disconnect': (raw: unknown[]) => (args(raw, 0), [] as const),
  'led:show': (raw: unknown[]) => (args(raw, 2), [checked(() => checkLayoutName(raw[0])), checked(() => checkLedIntent(raw[1]))] as const),
} satisfies Record<string, (raw: unknown[]) => readonly unknown[]>;
