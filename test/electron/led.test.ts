import { afterEach, describe, expect, it } from 'vitest';
import { IpcInputError } from '../../electron/ipc/channels.ts';
import { LED_CHANNELS } from '../../electron/led/channels.ts';
import { LedService } from '../../electron/led/service.ts';
import { CHANNELS } from '../../electron/ipc/channels.ts';
import { registerIpc, type Handlers } from '../../electron/ipc/register.ts';
import { DEFAULT_LED_SETTINGS, type LedStatus } from '../../hardware/core/settings.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { socatPty } from '../../hardware/simulator/pty-owner.ts';
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

  /** A simulated board on a pty pair, a service, and what it lights, as field id -> colour. */
  async function fixture(kind: 'wled' | 'adalight', leds: number, layout: string) {
    const dir = mkdtempSync(join(tmpdir(), 'schiri-led-svc-'));
    const pair = await PtyPair.open(join(dir, 'host'), join(dir, 'board'));
    const sim = new BoardSimulator({ path: pair.b, kind, leds, layout: layoutByName(layout) }).start();
    const service = new LedService();
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }), () => pair.close(), () => sim.stop(), () => service.dispose());
    const lit = new Promise<Record<string, string>>((resolve) =>
      sim.on('line', (l) => 'fields' in l && l.fields && Object.keys(l.fields).length > 0 && resolve(l.fields)),
    );
    return { pair, service, lit };
  }

  it('connects, lights what the renderer asks for, reports the board, and lets go on disconnect', async () => {
    const { pair, service, lit } = await fixture('wled', 64, 'himmel-und-hoelle');
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

  it('opens no path that is not a listed serial port or a pty (led:connect accepted any path)', async () => {
    const service = new LedService();
    cleanup.push(() => service.dispose());
    for (const port of ['/etc/passwd', join(tmpdir(), 'not-a-port'), '/dev/null']) {
      const status = await service.connect({ ...good, port });
      expect(status, port).toMatchObject({ connection: 'off', settings: null, problem: { en: `${port} is not a serial port the system lists: please choose one from the list.` } });
    }
  });

  it('opens no pty but the one a running simulator made, through its link (any /dev/pts/N was allowed)', async () => {
    const { pair, service } = await fixture('wled', 16, 'plus');
    // A terminal's pty: held by a process that is not a simulator.
    const holder = spawn('python3', ['-c', 'import os,pty,time; m,s=pty.openpty(); print(os.ttyname(s), flush=True); time.sleep(60)'], { stdio: ['ignore', 'pipe', 'inherit'] });
    cleanup.push(async () => void holder.kill());
    const terminal = await new Promise<string>((resolve) => holder.stdout.once('data', (d) => resolve(String(d).trim())));
    expect(terminal).toMatch(/^\/dev\/pts\/\d+$/);
    const dir = mkdtempSync(join(tmpdir(), 'schiri-led-pty-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    const simulators = readlinkSync(pair.a);
    symlinkSync(terminal, join(dir, 'terminal'));
    symlinkSync(simulators, join(dir, 'borrowed'));
    expect(await socatPty(pair.a)).toBe(simulators);
    for (const port of [terminal, join(dir, 'terminal'), simulators, join(dir, 'borrowed')]) {
      expect(await socatPty(port), port).toBeNull();
      const status = await service.connect({ ...good, port });
      expect(status, port).toMatchObject({ connection: 'off', settings: null, problem: { en: `${port} is not a serial port the system lists: please choose one from the list.` } });
    }
    expect((await service.connect({ ...good, port: pair.a })).problem).toBeNull();
  });

  it('the renderer reaches the board only through validated IPC: good calls light it, bad ones never reach the service', async () => {
    const { pair, service, lit } = await fixture('adalight', 21, 'plus');
    const invoke = new Map<string, (e: unknown, ...a: unknown[]) => Promise<unknown>>();
    const records = Object.fromEntries(Object.keys(CHANNELS).filter((c) => c.startsWith('records:')).map((c) => [c, async () => undefined]));
    registerIpc({ handle: (c: string, h: (e: unknown, ...a: unknown[]) => Promise<unknown>) => invoke.set(c, h) } as never, { ...records, ...service.handlers() } as Handlers, () => true);
    const call = (channel: string, ...args: unknown[]) => invoke.get(channel)!({}, ...args);

    await expect(call('led:connect', { ...good, port: pair.a, protocol: 'serial-killer' })).rejects.toThrow(IpcInputError);
    await expect(call('led:show', 'plus', JSON.parse('{"III.5":"legal","__proto__":"legal"}'))).rejects.toThrow(IpcInputError);
    expect(((await call('led:status')) as LedStatus).connection).toBe('off');

    await call('led:connect', { ...good, port: pair.a, protocol: 'auto', brightness: 255 });
    await call('led:show', 'plus', { 'III.5': 'legal', 'V.8': 'illegal' });
    expect(await lit).toEqual({ 'III.5': '00AAFF', 'V.8': 'FF2800' });
    expect(((await call('led:disconnect')) as LedStatus).connection).toBe('off');
  });
});
