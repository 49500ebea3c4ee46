import { describe, expect, it } from 'vitest';
import { parseHex, toHex } from '../../hardware/core/color.ts';
import { encodeAdalight } from '../../hardware/protocols/adalight.ts';
import { ReplyReader } from '../../hardware/protocols/replies.ts';
import { encodeTpm2 } from '../../hardware/protocols/tpm2.ts';
import { encodeWled, wledSegmentItems } from '../../hardware/protocols/wled.ts';

const frameOf = (leds: number, lit: Record<number, [number, number, number]> = {}) => {
  const f = new Uint8Array(leds * 3);
  for (const [i, rgb] of Object.entries(lit)) f.set(rgb, Number(i) * 3);
  return f;
};

describe('Adalight', () => {
  it('writes the header with N-1 big-endian and the checksum hi ^ lo ^ 0x55', () => {
    expect([...encodeAdalight(frameOf(3, { 1: [1, 2, 3] }))]).toEqual([0x41, 0x64, 0x61, 0x00, 0x02, 0x57, 0, 0, 0, 1, 2, 3, 0, 0, 0]);
    expect([...encodeAdalight(frameOf(256)).subarray(0, 6)]).toEqual([0x41, 0x64, 0x61, 0x00, 0xff, 0xaa]);
    // 300 LEDs: 299 = 0x012B, 0x01 ^ 0x2B ^ 0x55 = 0x7F
    expect([...encodeAdalight(frameOf(300)).subarray(0, 6)]).toEqual([0x41, 0x64, 0x61, 0x01, 0x2b, 0x7f]);
    expect(encodeAdalight(frameOf(64)).length).toBe(198);
  });
});

describe('TPM2', () => {
  it('frames the data with C9 DA, the byte count and 36', () => {
    expect([...encodeTpm2(frameOf(2, { 0: [255, 0, 16] }))]).toEqual([0xc9, 0xda, 0x00, 0x06, 255, 0, 16, 0, 0, 0, 0x36]);
  });
});

describe('WLED JSON', () => {
  it('covers the whole strip with runs, singles as index and colour', () => {
    expect(wledSegmentItems(frameOf(10, { 3: [0, 255, 0], 4: [0, 255, 0], 7: [255, 0, 0] }))).toEqual([
      0, 3, '000000', 3, 5, '00FF00', 5, 7, '000000', 7, 'FF0000', 8, 10, '000000',
    ]);
    expect(wledSegmentItems(frameOf(1))).toEqual([0, '000000']);
  });

  it('is one line of JSON with full master brightness', () => {
    expect(encodeWled(frameOf(4, { 0: [1, 2, 3] })).toString()).toBe('{"on":true,"bri":255,"seg":{"i":[0,"010203",1,4,"000000"]}}\n');
  });
});

describe('colours', () => {
  it('reads #rrggbb, rrggbb and #rgb and refuses anything else in both languages', () => {
    expect(parseHex('#00ff80')).toEqual([0, 255, 128]);
    expect(parseHex('FFF')).toEqual([255, 255, 255]);
    expect(() => parseHex('green')).toThrow(/Not a colour/);
    try {
      parseHex('#12345');
    } catch (e) {
      expect((e as { text: { de: string } }).text.de).toMatch(/Keine Farbe/);
    }
    expect(toHex(0, 170, 255)).toBe('00AAFF');
  });
});

describe('what a board says back', () => {
  it('tells banner, version, state, busy and noise apart across chunk borders', () => {
    const r = new ReplyReader();
    expect(r.push(Buffer.from('Ada\r\nWLED 2412'))).toEqual([{ kind: 'banner' }]);
    expect(r.push(Buffer.from('100\n{"error":3}\n'))).toEqual([
      { kind: 'version', firmware: 'WLED', version: '2412100' },
      { kind: 'busy', error: 3 },
    ]);
    expect(r.push(Buffer.from('{"state":{"on":true,"live":false},"info":{"ver":"0.15.0","leds":{"count":36}}}\n'))).toEqual([
      { kind: 'state', version: '0.15.0', leds: 36, live: false },
    ]);
    const garbage = Buffer.concat([Buffer.from('{"state":\n'), Buffer.from([0xff, 0xfe]), Buffer.from(' garbage\n[1,2]\n')]);
    expect(r.push(garbage)).toEqual([
      { kind: 'noise', bytes: 9 },
      { kind: 'noise', bytes: 10 },
      { kind: 'noise', bytes: 5 },
    ]);
  });

  it('drops a line that never ends instead of growing without bound', () => {
    const r = new ReplyReader();
    expect(r.push(Buffer.alloc(20_000, 0x41))).toEqual([{ kind: 'noise', bytes: 20_000 }]);
    expect(r.push(Buffer.from('Ada\n'))).toEqual([{ kind: 'banner' }]);
  });
});
