import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { run as led } from '../../cli/led.ts';

const dir = mkdtempSync(join(tmpdir(), 'schiri-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('schiri led and schiri board-sim', () => {
  it('light fields through a simulated WLED on a pty pair the simulator made itself', async () => {
    const [host, boardPath] = [join(dir, 'host'), join(dir, 'board')];
    const sim = spawn(process.execPath, ['bin/schiri.js', 'board-sim', '--port', boardPath, '--pair', host, '--protocol', 'wled', '--layout', 'plus'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines: Record<string, unknown>[] = [];
      const waiters: (() => void)[] = [];
      createInterface({ input: sim.stdout! }).on('line', (text) => {
        lines.push(JSON.parse(text) as Record<string, unknown>);
        for (const w of waiters.splice(0)) w();
      });
      const waitFor = async (pred: (l: Record<string, unknown>) => boolean) => {
        for (;;) {
          const found = lines.find(pred);
          if (found) return found;
          await new Promise<void>((r) => waiters.push(r));
        }
      };
      await waitFor((l) => l.event === 'open');

      const out: string[] = [];
      const log = console.log;
      console.log = (s: string) => out.push(s);
      const code = await led(['--port', host, '--protocol', 'wled', '--layout', 'plus', '--light', 'III.5,IV.3', '--color', '#00ff00', '--once']).finally(() => {
        console.log = log;
      });
      expect(code).toBe(0);
      expect(JSON.parse(out[0])).toMatchObject({ lit: ['III.5', 'IV.3'], board: { firmware: 'WLED', version: '0.15.0', leds: 21 } });

      const lit = await waitFor((l) => typeof l.fields === 'object' && Object.keys(l.fields as object).length > 0);
      expect(lit.fields).toEqual({ 'III.5': '00FF00', 'IV.3': '00FF00' });
    } finally {
      const ended = new Promise((r) => sim.once('exit', r));
      sim.kill('SIGINT');
      expect(await ended).toBe(0);
    }
    // The simulator's socat went with it.
    expect(existsSync(host) || existsSync(boardPath)).toBe(false);
  }, 20_000);

  it('refuses unknown fields, protocols and ports with a message and an exit code', async () => {
    const errors: string[] = [];
    const err = console.error;
    console.error = (s: string) => errors.push(s);
    try {
      expect(await led(['--port', '/nonexistent', '--protocol', 'wled', '--layout', 'plus', '--light', 'V.9'])).toBe(1);
      expect(await led(['--port', '/nonexistent', '--protocol', 'dmx', '--layout', 'plus', '--light', 'V'])).toBe(2);
      expect(await led(['--port', '/nonexistent', '--protocol', 'wled', '--layout', 'chess', '--light', 'e4'])).toBe(1);
      expect(await led(['--bogus'])).toBe(2);
      // A layout file of the user's own: a broken one is named, a good one is used.
      const broken = join(dir, 'broken.json');
      writeFileSync(broken, '{"format": "schiri-led-layout/1", "name": ');
      expect(await led(['--port', '/nonexistent', '--layout', broken, '--light', 'x'])).toBe(1);
      const mine = join(dir, 'mine.json');
      writeFileSync(mine, JSON.stringify({ format: 'schiri-led-layout/1', name: 'mine', title: { de: 'Meins', en: 'Mine' }, leds: 2, fields: { home: 0, away: 1 } }));
      expect(await led(['--port', '/nonexistent', '--layout', mine, '--light', 'home,nowhere'])).toBe(1);
    } finally {
      console.error = err;
    }
    expect(errors.join('\n')).toMatch(/kein Feld V\.9[\s\S]*has no field V\.9/);
    expect(errors.join('\n')).toMatch(/--protocol must be auto\|adalight\|wled\|tpm2/);
    expect(errors.join('\n')).toMatch(/unknown layout "chess"/);
    expect(errors.join('\n')).toMatch(/broken\.json is not valid JSON/);
    expect(errors.join('\n')).toMatch(/layout mine has no field nowhere \(fields: home away\)/);
  });
});
