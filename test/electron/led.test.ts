import { afterEach, describe, expect, it } from 'vitest';
import { IpcInputError } from '../../electron/ipc/channels.ts';
import { LED_CHANNELS } from '../../electron/led/channels.ts';
import { LedService } from '../../electron/led/service.ts';
import { DEFAULT_LED_SETTINGS, type LedStatus } from '../../hardware/core/settings.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PtyPair } from '../../hardware/simulator/pty-pair.ts';
import { BoardSimulator } from '../../hardware/simulator/simulator.ts';
import { layoutByName } from '../../hardware/core/layouts/index.ts';

const good = { ...DEFAULT_LED_SETTINGS, port: '/dev/ttyUSB0' };

describe('LED IPC validation', () => {
  it.each([
    ['led:connect', []],
    ['led:connect', [{ ...good, port: '' }]],
    ['led:connect', [{ ...good, port: 'COM3\u0000' }]],
    ['led:connect', [{ ...good, protocol: 'dmx' }]],
    ['led:connect', [{ ...good, brightness: 256 }]],
    ['led:connect', [{ ...good, supplyMilliamps: 1.5 }]],
    ['led:connect', [{ ...good, layout: '../../etc/passwd' }]],
    ['led:connect', [{ ...good, shell: 'rm -rf /' }]],
    ['led:show', ['plus', { 'III.5': 'blink' }]],
    ['led:show', ['plus', { '<script>': 'legal' }]],
    ['led:show', ['plus', ['III.5']]],
    ['led:show', ['chess', {}]],
    ['led:show', [{}]],
    ['led:ports', ['extra']],
  ] as const)('%s refuses %j', (channel, raw) => {
    expect(() => LED_CHANNELS[channel]([...raw])).toThrow(IpcInputError);
  });

  it('passes good input through', () => {
    expect(LED_CHANNELS['led:connect']([good])).toEqual([good]);
    expect(LED_CHANNELS['led:show'](['plus', { 'III.5': 'legal', V: 'selected' }])).toEqual(['plus', { 'III.5': 'legal', V: 'selected' }]);
  });
});

describe('LedService over a pty pair', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('connects, lights what the renderer asks for, reports the board, and lets go on disconnect', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schiri-led-svc-'));
    const pair = await PtyPair.open(join(dir, 'host'), join(dir, 'board'));
    const sim = new BoardSimulator({ path: pair.b, kind: 'wled', leds: 64, layout: layoutByName('himmel-und-hoelle') }).start();
    const service = new LedService();
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }), () => pair.close(), () => sim.stop(), () => service.dispose());

    const lit = new Promise<Record<string, string>>((resolve) =>
      sim.on('line', (l) => 'fields' in l && l.fields && Object.keys(l.fields).length > 0 && resolve(l.fields)),
    );
    service.show('himmel-und-hoelle', { a1: 'legal', 'start-himmel': 'computer' });
    const status = await service.connect({ ...good, port: pair.a, brightness: 255 });
    expect(status.connection).not.toBe('off');
    expect(await lit).toEqual({ a1: '00AAFF', 'start-himmel': 'C800FF' });

    let s: LedStatus = service.status();
    for (let i = 0; i < 50 && s.board?.leds == null; i++) {
      await new Promise((r) => setTimeout(r, 20));
      s = service.status();
    }
    expect(s).toMatchObject({ connection: 'open', board: { firmware: 'WLED', leds: 64 }, problem: null, layout: 'himmel-und-hoelle' });
    expect(s.milliamps).toBeGreaterThan(0);

    expect((await service.disconnect()).connection).toBe('off');
  });
});
