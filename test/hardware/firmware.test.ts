import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeAdalight } from '../../hardware/protocols/adalight.ts';
import { encodeTpm2, TPM2_PING } from '../../hardware/protocols/tpm2.ts';
import { encodeWled } from '../../hardware/protocols/wled.ts';
import { Firmware, litMap, type Shown } from '../../hardware/simulator/firmware.ts';

function board(kind: 'adalight' | 'wled', leds = 4) {
  const fw = new Firmware({ kind, leds });
  const replies: string[] = [];
  const shown: Shown[] = [];
  fw.on('reply', (b) => replies.push(b.toString('latin1')));
  fw.on('shown', (s) => shown.push(s));
  fw.boot();
  return { fw, replies, shown, lit: () => litMap(fw.leds) };
}

const frame = (...rgb: number[]) => Uint8Array.from(rgb);

afterEach(() => vi.useRealTimers());

describe('simulated stock firmware', () => {
  it('says Ada at boot and shows an Adalight frame split over many chunks', () => {
    const { fw, replies, lit, shown } = board('adalight');
    expect(replies).toEqual(['Ada\n']);
    const bytes = encodeAdalight(frame(0, 0, 0, 9, 8, 7, 0, 0, 0, 0, 0, 0));
    for (const b of bytes) fw.push(Buffer.from([b]));
    expect(lit()).toEqual({ 1: '090807' });
    expect(shown.at(-1)!.raw).toEqual(bytes);
  });

  it('skips a frame with a bad checksum and finds the next header', () => {
    const { fw, lit } = board('adalight');
    const bad = Buffer.from(encodeAdalight(frame(1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)));
    bad[5] ^= 0xff;
    fw.push(Buffer.concat([Buffer.from('AAd'), bad, encodeAdalight(frame(0, 0, 0, 0, 0, 0, 5, 5, 5, 0, 0, 0))]));
    expect(lit()).toEqual({ 2: '050505' });
  });

  it('as an Adalight sketch, ignores v and JSON', () => {
    const { fw, replies, lit } = board('adalight');
    fw.push(Buffer.from('v{"seg":{"i":[0,"FF0000"]},"v":true}\n'));
    expect(replies).toEqual(['Ada\n']);
    expect(lit()).toEqual({});
  });

  it('as WLED, names itself on v and answers JSON only when it holds "v":true', () => {
    const { fw, replies, lit } = board('wled');
    fw.push(Buffer.from('v'));
    expect(replies.at(-1)).toMatch(/^WLED \d+\n$/);
    fw.push(encodeWled(frame(0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0)));
    expect(replies.length).toBe(2);
    expect(lit()).toEqual({ 1: '00FF00' });
    fw.push(Buffer.from('{"v":true}'));
    const answer = JSON.parse(replies.at(-1)!);
    expect(answer).toMatchObject({ state: { on: true, live: false }, info: { leds: { count: 4 } } });
  });

  it('as WLED, drops JSON it cannot parse in silence and goes on', () => {
    const { fw, replies, lit } = board('wled');
    fw.push(Buffer.from('{"seg":{"i":[0,"FF0000"],}, "v":true}\n{"seg":{"i":[2,"0000FF"]}}\n'));
    expect(replies).toEqual(['Ada\n']);
    // The board's master brightness (128 after boot) applies: only our frames set it to 255.
    expect(lit()).toEqual({ 2: '000080' });
  });

  it('as WLED, shows Adalight in realtime mode, cleared first, and drops back after 2.5 s', () => {
    vi.useFakeTimers();
    const { fw, lit, shown } = board('wled');
    fw.push(encodeWled(frame(255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0)));
    fw.push(encodeAdalight(frame(0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3)));
    expect(lit()).toEqual({ 3: '010203' });
    expect(fw.inRealtime).toBe(true);
    vi.advanceTimersByTime(2499);
    expect(fw.inRealtime).toBe(true);
    vi.advanceTimersByTime(1);
    expect(shown.at(-1)!.source).toBe('timeout');
    expect(lit()).toEqual({ 0: 'FFFFFF' });
  });

  it('as WLED, leaves realtime mode on {"live":false}, takes TPM2 and answers its ping', () => {
    const { fw, lit, replies } = board('wled');
    fw.push(encodeTpm2(frame(0, 0, 0, 7, 7, 7, 0, 0, 0, 0, 0, 0)));
    expect(lit()).toEqual({ 1: '070707' });
    fw.push(Buffer.from('{"live":false}'));
    expect(fw.inRealtime).toBe(false);
    expect(lit()).toEqual({});
    fw.push(TPM2_PING);
    expect(replies.at(-1)).toBe('\xac');
    fw.push(Buffer.from('l'));
    expect(replies.at(-1)).toBe('[0,0,0,0]\n');
  });
});
