import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterAll, describe, expect, it } from 'vitest';
import { run as led } from '../../cli/led.ts';
import { ReplyReader } from '../../hardware/protocols/replies.ts';
import { devicePorts } from '../../hardware/serial/port.ts';
import { PtyPair, removeLeftoverLink } from '../../hardware/simulator/pty-pair.ts';

/** The hardware commands under bad input (issue 16): nothing deleted that is not ours, no flood, no hang. */
const dir = mkdtempSync(join(tmpdir(), 'schiri-hwlim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const schiri = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, ['bin/schiri.js', ...args], { encoding: 'utf8', env, timeout: 60_000 });

describe('board-sim --pair', () => {
  it('never deletes a file, a folder or a link elsewhere that lies where the pair goes', () => {
    const file = join(dir, 'precious.txt');
    writeFileSync(file, 'keep me');
    const r = schiri(['board-sim', '--port', join(dir, 'sim'), '--protocol', 'wled', '--pair', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/precious\.txt gibt es schon und ist kein altes Pty-Link[\s\S]*is not a leftover pty link/);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    const link = join(dir, 'link');
    symlinkSync(file, link);
    expect(() => removeLeftoverLink(folder)).toThrow(/not a leftover pty link/);
    expect(() => removeLeftoverLink(link)).toThrow(/not a leftover pty link/);
    expect(existsSync(folder) && lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('removes a link a killed socat left behind, and makes the pair again', async () => {
    const [a, b] = [join(dir, 'left-a'), join(dir, 'left-b')];
    symlinkSync('/dev/pts/4242', a);
    const pair = await PtyPair.open(a, b);
    try {
      expect(lstatSync(a).isSymbolicLink()).toBe(true);
      expect(existsSync(a) && existsSync(b)).toBe(true);
    } finally {
      await pair.close();
    }
    expect(existsSync(a) || existsSync(b)).toBe(false);
  });
});

describe('board-sim --pair beside a running simulator', () => {
  it('never takes over the link of a pty still open; the running pair keeps it', async () => {
    const [a, b] = [join(dir, 'live-a'), join(dir, 'live-b')];
    const pair = await PtyPair.open(a, b);
    try {
      const target = readlinkSync(a);
      expect(() => removeLeftoverLink(a)).toThrow(/is the link of a pty still open/);
      const r = schiri(['board-sim', '--port', join(dir, 'other-sim'), '--protocol', 'wled', '--pair', a]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/live-a ist das Link eines Ptys, das noch offen ist[\s\S]*live-a is the link of a pty still open/);
      expect(readlinkSync(a)).toBe(target);
    } finally {
      await pair.close();
    }
  });

  it('refuses --pair and --port naming one path', () => {
    const same = join(dir, 'same');
    const r = schiri(['board-sim', '--port', same, '--protocol', 'wled', '--pair', join(dir, '.', 'same')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--pair und --port brauchen zwei verschiedene Pfade[\s\S]*--pair and --port need two different paths/);
    expect(existsSync(same)).toBe(false);
  });
});

describe('LED counts a board reports', () => {
  const state = (count: unknown) => Buffer.from(JSON.stringify({ state: { on: true }, info: { ver: '0.15.0', leds: { count } } }) + '\n');
  it.each([-5, 0, 2.5, 1e9, '21', null])('does not believe a count of %j', (count) => {
    expect(new ReplyReader().push(state(count))).toEqual([{ kind: 'state', version: '0.15.0', leds: null, live: null }]);
  });
  it('believes a whole count from 1 to 16384', () => {
    expect(new ReplyReader().push(state(21))[0]).toMatchObject({ leds: 21 });
    expect(new ReplyReader().push(state(16384))[0]).toMatchObject({ leds: 16384 });
  });

  it('schiri led says a short count once, however often the board repeats it (it said it ~1,000 times in 8 s)', async () => {
    const pair = await PtyPair.open(join(dir, 'host'), join(dir, 'board'));
    const board = new SerialPort({ path: pair.b, baudRate: 115200, autoOpen: false });
    await new Promise<void>((r, j) => board.open((e) => (e ? j(e) : r())));
    const errors: string[] = [];
    const err = console.error;
    const log = console.log;
    console.error = (s: string) => errors.push(s);
    console.log = () => undefined;
    try {
      // A WLED that answers "v" and then floods its state with a count too short for the layout.
      board.on('data', (d: Buffer) => {
        if (d.includes('v')) board.write('WLED 0.15.0\n');
      });
      const running = led(['--port', pair.a, '--protocol', 'wled', '--layout', 'plus', '--light', 'III.5']);
      for (let i = 0; i < 300; i++) {
        board.write(state(5));
        board.write(state(-5));
        await new Promise((r) => setTimeout(r, 5));
      }
      await new Promise((r) => board.drain(r));
      await new Promise((r) => setTimeout(r, 300));
      process.emit('SIGINT');
      expect(await running).toBe(0);
    } finally {
      console.error = err;
      console.log = log;
      await new Promise((r) => board.close(() => r(undefined)));
      await pair.close();
    }
    expect(errors.filter((e) => e.includes('treibt nur 5 LEDs'))).toHaveLength(1);
    expect(errors.filter((e) => e.includes('drives only 5 LEDs'))).toHaveLength(1);
    expect(errors.join('\n')).not.toMatch(/-5/);
  }, 30_000);
});

describe('led --list', () => {
  it('lists ports without udevadm, by name, and says so', () => {
    const r = schiri(['led', '--list'], { ...process.env, PATH: join(dir, 'no-tools-here') });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/udevadm/);
  });

  it('reads the names serialport would list from /dev, leaving out the phantom ttyS ports', () => {
    const dev = join(dir, 'dev');
    const sys = join(dir, 'sys');
    for (const n of ['ttyUSB0', 'ttyACM1', 'ttyS0', 'ttyS1', 'tty7', 'null', 'ttyUSB10', 'ttyUSB2']) {
      mkdirSync(dev, { recursive: true });
      writeFileSync(join(dev, n), '');
    }
    for (const [n, type] of [['ttyS0', '4'], ['ttyS1', '0']]) {
      mkdirSync(join(sys, n), { recursive: true });
      writeFileSync(join(sys, n, 'type'), `${type}\n`);
    }
    expect(devicePorts(dev, sys).map((p) => p.path.slice(dev.length + 1))).toEqual(['ttyACM1', 'ttyS0', 'ttyUSB0', 'ttyUSB2', 'ttyUSB10']);
    expect(devicePorts(join(dir, 'none'), sys)).toEqual([]);
  });
});

describe('schiri boards', () => {
  it.each([
    ['a folder no mkdir can make (/proc/x; it looped for ever)', ['/proc/x'], 1, /\/proc\/x is not a folder that can be written to/],
    ['a folder that cannot be written to', ['/sys'], 1, /\/sys is not a folder that can be written to/],
    ['a file where the folder should be', ['/etc/hostname'], 1, /is not a folder that can be written to \(ENOTDIR\)/],
    ['a row of 99999 boxes (it wrote a 3.8 km SVG)', [join(dir, 'b1'), '--tafel', 'x', '99999'], 2, /1 to 6 rows of 1 to 6 boxes/],
    ['seven rows', [join(dir, 'b2'), '--tafel', 'x', '1,1,1,1,1,1,1'], 2, /1 to 6 rows/],
    ['no rows', [join(dir, 'b3'), '--tafel', 'x'], 2, /1 to 6 rows/],
  ])('refuses %s', (_what, args, code, message) => {
    const r = schiri(['boards', ...args]);
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(code);
    expect(r.stderr).toMatch(message);
  });

  it('still makes a nested folder and writes a Tafel of the game', () => {
    const out = join(dir, 'new', 'nested');
    const r = schiri(['boards', out, '--tafel', 'eigene', '3,4,5,6,2,1']);
    expect(r.status).toBe(0);
    expect(existsSync(join(out, 'eigene.svg'))).toBe(true);
  });
});
