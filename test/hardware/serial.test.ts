import { afterEach, describe, expect, it } from 'vitest';
import { createRng } from '../../engine/core/rng.ts';
import { DICE } from '../../engine/plus/dice.ts';
import { plus, type PlusState } from '../../engine/plus/game.ts';
import { DEFAULT_PALETTE } from '../../hardware/core/color.ts';
import { renderIntent } from '../../hardware/core/frame.ts';
import type { LedIntent, LedMeaning } from '../../hardware/core/intent.ts';
import { layoutByName } from '../../hardware/core/layouts/index.ts';
import { limitFrame } from '../../hardware/core/power.ts';
import { PROTOCOL } from '../../hardware/protocols/index.ts';
import type { PortProblem } from '../../hardware/serial/port.ts';
import { LedLink, type BoardInfo } from '../../hardware/transport.ts';
import { rig, sameLeds, type Rig } from './rig.ts';

/**
 * Over a real pty pair (socat) with the real `serialport` on both ends. Each test closes its
 * rig, socat included, even when it fails.
 */
const rigs: Rig[] = [];
const open = async (...args: Parameters<typeof rig>) => {
  const r = await rig(...args);
  rigs.push(r);
  return r;
};
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((r) => r.close()));
});

const hh = layoutByName('himmel-und-hoelle');
const plusLayout = layoutByName('plus');
const [L, S] = [DEFAULT_PALETTE.legal, DEFAULT_PALETTE.selected];

/** What the Plus screen will light: the dice as they lie, and every face a legal move turns to. */
function plusIntent(s: PlusState): LedIntent {
  const intent: Record<string, LedMeaning> = {};
  for (const d of DICE) intent[`${d}.${s.dice[d]}`] = 'selected';
  for (const m of plus.legalMoves(s)) for (const d of DICE) if (m.to[d] !== s.dice[d]) intent[`${d}.${m.to[d]}`] = 'legal';
  return intent;
}

const expectedLeds = (intent: LedIntent) => limitFrame(renderIntent(plusLayout, intent).frame, { brightness: 255, supplyMilliamps: 10_000 }).frame;

describe('LED board over a pty pair', () => {
  it('Adalight frames arrive byte-exact, and nothing else is sent', async () => {
    const r = await open({ protocol: 'adalight', firmware: 'adalight', layout: hh });
    const seen = r.next((s) => s.source === 'adalight' && s.leds.some((v) => v > 0), 3000, 'the first Adalight frame');
    r.board.show({ a1: 'legal', c10: 'selected' });
    // 36 LEDs: hi 0x00, lo 0x23, checksum 0x23 ^ 0x55 = 0x76; a1 is LED 5, c10 LED 32.
    const expected = Buffer.alloc(6 + 36 * 3);
    expected.set([0x41, 0x64, 0x61, 0x00, 0x23, 0x76]);
    expected.set(L, 6 + 5 * 3);
    expected.set(S, 6 + 32 * 3);
    expect((await seen).raw).toEqual(expected);
    await r.board.link.settled();
    await new Promise((res) => setTimeout(res, 50));
    expect(Buffer.concat(r.sim.received)).toEqual(Buffer.concat(r.written.map((w) => PROTOCOL.adalight.encode(w.frame))));
  });

  it('WLED JSON arrives byte-exact after the hello, and the answers name the board', async () => {
    const r = await open({ protocol: 'wled', firmware: 'wled', layout: hh });
    const info = new Promise<BoardInfo>((res) => r.board.link.on('board', (b) => b.leds !== null && res(b)));
    const seen = r.next((s) => s.source === 'json' && s.leds.some((v) => v > 0), 3000, 'the first JSON frame');
    r.board.show({ a1: 'legal' });
    const line = '{"on":true,"bri":255,"seg":{"i":[0,5,"000000",5,"00AAFF",6,36,"000000"]}}';
    expect((await seen).raw?.toString()).toBe(line);
    expect(await info).toEqual({ firmware: 'WLED', version: '0.15.0', leds: 36 });
    const received = Buffer.concat(r.sim.received).toString();
    expect(received.startsWith('v{"live":false,"v":true}\n')).toBe(true);
    expect(received).toContain(`${line}\n`);
  });

  it('TPM2 frames arrive byte-exact at WLED', async () => {
    const r = await open({ protocol: 'tpm2', firmware: 'wled', layout: plusLayout });
    const seen = r.next((s) => s.source === 'tpm2' && s.leds.some((v) => v > 0), 3000, 'the first TPM2 frame');
    r.board.show({ 'V.8': 'illegal' });
    const expected = Buffer.alloc(5 + 21 * 3);
    expected.set([0xc9, 0xda, 0x00, 63]);
    expected.set(DEFAULT_PALETTE.illegal, 4 + plusLayout.fields.get('V.8')![0] * 3);
    expected[expected.length - 1] = 0x36;
    expect((await seen).raw).toEqual(expected);
  });

  it.each([
    ['wled', 'wled'],
    ['adalight', 'adalight'],
  ] as const)('auto picks %s when the board is %s, asking v', async (firmware, picked) => {
    const r = await open({ protocol: 'auto', firmware, layout: hh });
    const seen = r.next((s) => s.leds.some((v) => v > 0), 3000, 'the first frame');
    r.board.show({ b3: 'legal' });
    expect((await seen).source).toBe(picked === 'wled' ? 'json' : 'adalight');
    expect(r.board.link.protocol.name).toBe(picked);
    expect(Buffer.concat(r.sim.received).subarray(0, 1).toString()).toBe('v');
  });

  it.each(['adalight', 'wled'] as const)(
    '%s: killing and restarting the pty pair mid-game reconnects and relights within 2 s with nothing lost',
    async (protocol) => {
      const r = await open({ protocol, firmware: 'wled', layout: plusLayout });
      // The smallest rise each move makes a long game, so it is still running after the outage.
      let state = plus.setup({ variant: 2 });
      const total = (s: PlusState) => s.dice.III + s.dice.IV + s.dice.V;
      const lightUp = async () => {
        const want = expectedLeds(plusIntent(state));
        const lit = r.next((s) => sameLeds(s.leds, want), 2000, `the position after ply ${state.ply}`);
        r.board.show(plusIntent(state));
        await lit;
      };
      const move = () => {
        const next = plus.legalMoves(state).map((m) => plus.play(state, m));
        state = next.reduce((a, b) => (total(b) < total(a) ? b : a));
      };
      await lightUp();
      move();
      await lightUp();

      await r.pair.kill(); // the cable is pulled mid-game
      move(); // and the game goes on meanwhile
      r.board.show(plusIntent(state));
      await new Promise((res) => setTimeout(res, 300));
      const want = expectedLeds(plusIntent(state));
      const relit = r.next((s) => sameLeds(s.leds, want), 2000, 'the position played while unplugged');
      await r.pair.start(); // plugged back in
      await relit;

      expect(plus.outcome(state)).toBeNull();
      move();
      await lightUp();
    },
    10_000,
  );

  it('garbage from the board does not crash the link; a busy answer gets the frame resent', async () => {
    const r = await open({ protocol: 'adalight', firmware: 'adalight', layout: hh });
    const problems: PortProblem[] = [];
    r.board.link.on('problem', (p) => problems.push(p));
    let noise = 0;
    r.board.link.on('reply', (reply) => reply.kind === 'noise' && noise++);
    const first = r.next((s) => s.leds.some((v) => v > 0), 3000, 'the first frame');
    r.board.show({ b5: 'legal' });
    await first;
    const rng = createRng(11);
    const junk = Buffer.from(Array.from({ length: 4096 }, () => rng.int(256)));
    const resent = new Promise<void>((res) => r.board.link.on('written', (w) => w.reason === 'busy' && res()));
    await r.sim.say(
      Buffer.concat([
        junk,
        Buffer.alloc(20_000, 0x7b),
        Buffer.from('\nWLED\n{"state":1,"info":\n\x00\xff\r\n{"error":3}\n'),
      ]),
    );
    await resent;
    expect(noise).toBeGreaterThan(2);
    const after = r.next((s) => s.leds.slice(3 * hh.fields.get('c7')![0]).some((v) => v > 0), 3000, 'a frame after the garbage');
    r.board.show({ c7: 'computer' });
    await after;
    expect(r.board.link.isOpen).toBe(true);
    expect(problems).toEqual([]);
  });

  it('the latest frame wins: a burst of changes is coalesced, not queued', async () => {
    const r = await open({ protocol: 'adalight', firmware: 'adalight', layout: layoutByName('engel-und-bengel') });
    await r.next((s) => s.source === 'boot' || s.source === 'adalight', 100, 'boot').catch(() => undefined);
    const ids = [...layoutByName('engel-und-bengel').fields.keys()];
    for (let i = 0; i < 200; i++) r.board.show({ [ids[i % ids.length]]: 'legal' });
    await r.board.link.settled();
    const changes = r.written.filter((w) => w.reason === 'change');
    expect(changes.length).toBeLessThanOrEqual(3);
    const last = renderIntent(layoutByName('engel-und-bengel'), { [ids[199 % ids.length]]: 'legal' }).frame;
    expect(sameLeds(changes.at(-1)!.frame, last)).toBe(true);
  });

  it('a second program on the same port is told the port is busy', async () => {
    const r = await open({ protocol: 'adalight', firmware: 'adalight', layout: hh });
    await new Promise<void>((res) => (r.board.link.isOpen ? res() : r.board.link.once('open', () => res())));
    const other = new LedLink({ path: r.pair.a, protocol: 'adalight' });
    const problem = new Promise<PortProblem>((res) => other.once('problem', res));
    other.start();
    try {
      const p = await problem;
      expect(p.code).toBe('busy');
      expect(p.text.de).toMatch(/belegt/);
    } finally {
      await other.stop();
    }
  });
});

describe.concurrent('WLED realtime mode', () => {
  it('the keep-alive holds it across 6 s; without it WLED drops back after 2.5 s', async () => {
    const [kept, dropped] = await Promise.all([
      open({ protocol: 'adalight', firmware: 'wled', layout: hh }),
      open({ protocol: 'adalight', firmware: 'wled', layout: hh, board: { keepAliveMs: 0 } }),
    ]);
    for (const r of [kept, dropped]) r.board.show({ b2: 'selected' });
    await new Promise((res) => setTimeout(res, 6000));
    expect(kept.shown.filter((s) => s.source === 'timeout')).toEqual([]);
    expect(kept.sim.firmware.inRealtime).toBe(true);
    expect(kept.written.filter((w) => w.reason === 'keep-alive').length).toBeGreaterThanOrEqual(2);
    expect(dropped.shown.filter((s) => s.source === 'timeout').length).toBe(1);
    expect(dropped.sim.firmware.inRealtime).toBe(false);
  }, 15_000);
});
