import { HardwareError } from './errors.ts';

/**
 * The brightness cap and the power budget. A WS2812 draws up to 60 mA at full white, about 20 mA a
 * channel at 255 and about 1 mA doing nothing; the controller on the same supply takes its share
 * (WLED reserves 100 mA for an ESP). A frame that would draw more than the user's supply gives is
 * dimmed as a whole, so colours keep their hue and the supply never browns out.
 */
export const MA_PER_CHANNEL = 20;
export const MA_IDLE_PER_LED = 1;
export const DEFAULT_RESERVE_MA = 100;

export interface PowerLimits {
  /** 0..255; 255 shows the palette as it is. */
  brightness: number;
  /** What the LED supply gives, in mA, as the user says. */
  supplyMilliamps: number;
  /** Drawn by the controller from the same supply. */
  reserveMilliamps?: number;
}

export interface Limited {
  frame: Uint8Array;
  /** Estimated draw of the limited frame, LEDs and idle current, without the reserve. */
  milliamps: number;
  /** True when the budget, not the brightness cap, set the level. */
  dimmedForPower: boolean;
}

export function estimateMilliamps(frame: Uint8Array): number {
  let sum = 0;
  for (const v of frame) sum += v;
  return (sum * MA_PER_CHANNEL) / 255 + (frame.length / 3) * MA_IDLE_PER_LED;
}

export function checkLimits(limits: PowerLimits): void {
  const bad = (de: string, en: string) => {
    throw new HardwareError('bad-config', { de, en });
  };
  if (!Number.isInteger(limits.brightness) || limits.brightness < 0 || limits.brightness > 255) {
    bad('Helligkeit muss 0 bis 255 sein', 'brightness must be 0 to 255');
  }
  if (!Number.isFinite(limits.supplyMilliamps) || limits.supplyMilliamps <= 0) {
    bad('Netzteil-Strom muss größer als 0 mA sein', 'supply current must be more than 0 mA');
  }
  const reserve = limits.reserveMilliamps ?? DEFAULT_RESERVE_MA;
  if (!Number.isFinite(reserve) || reserve < 0) bad('Reserve muss 0 mA oder mehr sein', 'reserve must be 0 mA or more');
}

/** A new frame within the brightness cap and the budget; the input stays as it is. */
export function limitFrame(frame: Uint8Array, limits: PowerLimits): Limited {
  checkLimits(limits);
  const idle = (frame.length / 3) * MA_IDLE_PER_LED;
  const available = limits.supplyMilliamps - (limits.reserveMilliamps ?? DEFAULT_RESERVE_MA) - idle;
  const out = new Uint8Array(frame.length);
  let sum = 0;
  for (let i = 0; i < frame.length; i++) {
    out[i] = Math.floor((frame[i] * limits.brightness) / 255);
    sum += out[i];
  }
  const colour = (sum * MA_PER_CHANNEL) / 255;
  let dimmedForPower = false;
  if (colour > available) {
    dimmedForPower = true;
    // A hair below the exact ratio, so rounding can never tip the sum over the budget.
    const scale = available <= 0 ? 0 : (available / colour) * (1 - 1e-9);
    for (let i = 0; i < out.length; i++) out[i] = Math.floor(out[i] * scale);
  }
  return { frame: out, milliamps: estimateMilliamps(out), dimmedForPower };
}
