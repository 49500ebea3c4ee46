import { describe, expect, it } from 'vitest';
import { createRng } from '../../engine/core/rng.ts';
import { DEFAULT_RESERVE_MA, estimateMilliamps, limitFrame } from '../../hardware/core/power.ts';

describe('brightness cap and power budget', () => {
  it('counts 60 mA for a full-white LED plus 1 mA idle', () => {
    expect(estimateMilliamps(new Uint8Array([255, 255, 255]))).toBe(61);
    expect(estimateMilliamps(new Uint8Array(30))).toBe(10);
  });

  it('scales by the brightness cap alone when the supply is large enough', () => {
    const out = limitFrame(new Uint8Array([255, 128, 0, 0, 0, 0]), { brightness: 128, supplyMilliamps: 5000 });
    expect([...out.frame]).toEqual([128, 64, 0, 0, 0, 0]);
    expect(out.dimmedForPower).toBe(false);
  });

  it('never plans more than the supply gives, for random frames, caps and budgets', () => {
    const rng = createRng(7);
    const r = () => rng.next();
    for (let run = 0; run < 500; run++) {
      const leds = 1 + Math.floor(r() * 300);
      const frame = new Uint8Array(leds * 3).map(() => (r() < 0.5 ? 255 : Math.floor(r() * 256)));
      const supply = 100 + r() * 6000;
      const limits = { brightness: Math.floor(r() * 256), supplyMilliamps: supply };
      const out = limitFrame(frame, limits);
      const budget = supply - DEFAULT_RESERVE_MA;
      if (leds <= budget) expect(out.milliamps).toBeLessThanOrEqual(budget);
      else expect([...out.frame].every((v) => v === 0)).toBe(true);
      expect(out.frame.every((v, i) => v <= frame[i])).toBe(true);
    }
  });

  it('dims the whole frame evenly, keeping the hue, when the budget binds', () => {
    // 30 LEDs full white would draw 30 * 61 = 1830 mA; a 1 A supply leaves 900 mA.
    const out = limitFrame(new Uint8Array(90).fill(255), { brightness: 255, supplyMilliamps: 1000 });
    expect(out.dimmedForPower).toBe(true);
    expect(out.milliamps).toBeLessThanOrEqual(900);
    expect(new Set(out.frame).size).toBe(1);
    const orange = limitFrame(new Uint8Array([255, 128, 0]), { brightness: 255, supplyMilliamps: 120 });
    const [r, g] = orange.frame;
    expect(Math.abs(g / r - 128 / 255)).toBeLessThan(0.05);
  });

  it('refuses a cap or budget that makes no sense, in both languages', () => {
    expect(() => limitFrame(new Uint8Array(3), { brightness: 300, supplyMilliamps: 1000 })).toThrow(/brightness must be 0 to 255/);
    expect(() => limitFrame(new Uint8Array(3), { brightness: 10, supplyMilliamps: -1 })).toThrow(/more than 0 mA/);
  });
});
