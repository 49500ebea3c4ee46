import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { serve } from '../../cli/engine.ts';
import { answer, answerLine, MAX_DEPTH, MAX_LINE, nestsDeeperThan } from '../../engine/protocol.ts';
import { plus } from '../../engine/plus/game.ts';

const start = { game: 'plus', variant: 1, everyDieRises: false, players: 2, dice: { III: 1, IV: 1, V: 2 }, toMove: 0, ply: 0, winner: 'last-move' };

describe('engine protocol, in process', () => {
  it('answers every command of the documented examples', () => {
    expect(answer(JSON.stringify({ id: 1, cmd: 'new', game: 'plus', options: { variant: 1 } }))).toEqual({ id: 1, ok: true, state: start });
    expect(answer(JSON.stringify({ id: 2, cmd: 'legal', game: 'plus', state: start }))).toEqual({
      id: 2,
      ok: true,
      moves: [{ to: { III: 1, IV: 3, V: 2 } }],
    });
    const played = answer(JSON.stringify({ id: 3, cmd: 'play', game: 'plus', state: start, move: { to: { III: 1, IV: 3, V: 2 } } }));
    expect(played).toMatchObject({ id: 3, ok: true, state: { dice: { III: 1, IV: 3, V: 2 }, toMove: 1 }, outcome: null });
    expect(answer(JSON.stringify({ cmd: 'play', game: 'plus', state: start, move: { to: { III: 1, IV: 4, V: 2 } } }))).toMatchObject({
      ok: false,
      error: { code: 'illegal-move' },
    });
    expect(answer(JSON.stringify({ cmd: 'explain', game: 'plus', state: start, observed: { III: 1, IV: 3, V: 2 } }))).toMatchObject({
      ok: true,
      explanation: { legal: true, moves: [{ to: { III: 1, IV: 3, V: 2 } }] },
    });
    expect(answer(JSON.stringify({ cmd: 'explain', game: 'plus', state: start, observed: { III: 1, IV: 4, V: 2 } }))).toMatchObject({
      ok: true,
      explanation: { legal: false, code: 'not-a-plus' },
    });
    expect(answer(JSON.stringify({ cmd: 'solve', game: 'plus', state: start }))).toEqual({
      ok: true,
      result: 'win',
      winning: [{ to: { III: 1, IV: 3, V: 2 } }],
    });
    expect(answer(JSON.stringify({ cmd: 'bot', game: 'plus', state: start, level: 'perfect' }))).toEqual({
      ok: true,
      move: { to: { III: 1, IV: 3, V: 2 } },
    });
  });

  it.each([
    ['not json', 'bad-json'],
    ['[1,2]', 'bad-request'],
    ['{"id":7,"cmd":"fly","game":"plus"}', 'unknown-command'],
    ['{"cmd":"new","game":"chess"}', 'unknown-game'],
    ['{"cmd":"new"}', 'bad-request'],
    ['{"cmd":"legal","game":"plus"}', 'bad-request'],
    ['{"cmd":"legal","game":"plus","state":{"game":"plus"}}', 'bad-state'],
    ['{"cmd":"new","game":"plus","options":{"variant":9}}', 'bad-options'],
    ['{"cmd":"play","game":"plus","state":' + JSON.stringify(start) + ',"move":{"to":3}}', 'bad-move'],
  ])('%s -> %s', (line, code) => {
    expect(answer(line)).toMatchObject({ ok: false, error: { code } });
  });
});

describe('schiri engine, the real process', () => {
  it('serves a whole Plus game line by line and survives garbage', async () => {
    const proc = spawn(process.execPath, ['bin/schiri.js', 'engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
    const ask = async (req: unknown) => {
      proc.stdin!.write((typeof req === 'string' ? req : JSON.stringify(req)) + '\n');
      return JSON.parse((await lines.next()).value as string);
    };
    let { state } = await ask({ id: 1, cmd: 'new', game: 'plus', options: { variant: 1 } });
    expect(await ask('{broken')).toMatchObject({ ok: false, error: { code: 'bad-json' } });
    let plies = 0;
    for (;;) {
      const status = await ask({ cmd: 'status', game: 'plus', state });
      if (status.outcome) {
        expect(status.outcome.losers).toEqual([status.toMove ?? state.toMove]);
        break;
      }
      const { moves } = await ask({ cmd: 'legal', game: 'plus', state });
      ({ state } = await ask({ cmd: 'play', game: 'plus', state, move: moves[moves.length - 1] }));
      plies++;
    }
    expect(plies).toBeGreaterThan(1);
    proc.stdin!.end();
    const code = await new Promise((r) => proc.on('close', r));
    expect(code).toBe(0);
  }, 20_000);
});

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const diaboloState = (answer(JSON.stringify({ cmd: 'new', game: 'diabolo', options: { players: 3 } })) as unknown as { state: Record<string, unknown> }).state;

/**
 * Lines an attacker (or a buggy driver) sends, each with the code it must be answered with. Every
 * one of them once crashed the server, answered wrongly or echoed the whole line (issue 16).
 */
const HOSTILE: [string, string, string][] = [
  ['an id nested 20,000 deep (overflowed JSON.stringify and ended the process)', `{"id":${deep(20_000)},"cmd":"games"}`, 'bad-request'],
  ['a state nested deeper than the limit', `{"cmd":"legal","game":"plus","state":${deep(MAX_DEPTH + 1)}}`, 'bad-request'],
  ['a line longer than the limit', JSON.stringify({ cmd: 'games', pad: 'x'.repeat(MAX_LINE) }), 'bad-request'],
  ['an id that is an object', '{"id":{"a":1},"cmd":"games"}', 'bad-request'],
  ['an id that is true', '{"id":true,"cmd":"games"}', 'bad-request'],
  ['bot level "constructor" (answered ok with the state as the move)', JSON.stringify({ cmd: 'bot', game: 'plus', state: start, level: 'constructor' }), 'bad-request'],
  ['bot level "toString"', JSON.stringify({ cmd: 'bot', game: 'plus', state: start, level: 'toString' }), 'bad-request'],
  ['bot level "__lookupGetter__"', JSON.stringify({ cmd: 'bot', game: 'plus', state: start, level: '__lookupGetter__' }), 'bad-request'],
  ['bot level "__proto__"', JSON.stringify({ cmd: 'bot', game: 'plus', state: start, level: '__proto__' }), 'bad-request'],
  ['a seed of 1.5 (silently became 1)', JSON.stringify({ cmd: 'bot', game: 'plus', state: start, seed: 1.5 }), 'bad-request'],
  ['a seed given as a string', JSON.stringify({ cmd: 'bot', game: 'plus', state: start, seed: '7' }), 'bad-request'],
  ['a negative seed', JSON.stringify({ cmd: 'bot', game: 'plus', state: start, seed: -1 }), 'bad-request'],
  ['a seed past 32 bits', JSON.stringify({ cmd: 'bot', game: 'plus', state: start, seed: 2 ** 32 }), 'bad-request'],
  ['Diabolo scores of 1e300', JSON.stringify({ cmd: 'status', game: 'diabolo', state: { ...diaboloState, scores: [1e300, 0, 0] } }), 'bad-state'],
  ['Diabolo scores past what the rounds can give', JSON.stringify({ cmd: 'status', game: 'diabolo', state: { ...diaboloState, scores: [1111, 0, 0] } }), 'bad-state'],
  ['a Plus ply past 2^53', JSON.stringify({ cmd: 'status', game: 'plus', state: { ...start, ply: 2 ** 60 } }), 'bad-state'],
  ['state missing, "state" only on the prototype chain', '{"cmd":"legal","game":"plus","__proto__":{"state":1}}', 'bad-request'],
];

describe('engine protocol limits', () => {
  it.each(HOSTILE)('%s', (_what, line, code) => {
    const a = JSON.parse(answerLine(line));
    expect(a).toMatchObject({ ok: false, error: { code } });
    // Never the line echoed back: an answer is short whatever came in.
    expect(JSON.stringify(a).length).toBeLessThan(1000);
  });

  it('echoes a string, number or null id unchanged and answers the request', () => {
    for (const id of ['a', 7, 2.5, null]) expect(answer(JSON.stringify({ id, cmd: 'games' }))).toMatchObject({ id, ok: true });
    expect(answer(JSON.stringify({ id: 'x', cmd: 'bot', game: 'plus', state: start, seed: 4294967295 }))).toMatchObject({ id: 'x', ok: true });
  });

  it('counts nesting outside strings only, without recursion', () => {
    expect(nestsDeeperThan(`{"a":"${'['.repeat(500)}"}`, 2)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\\\", "b":[[1]]}`, 2)).toBe(true);
    expect(nestsDeeperThan(deep(1e6), MAX_DEPTH)).toBe(true);
    expect(nestsDeeperThan(deep(MAX_DEPTH), MAX_DEPTH)).toBe(false);
  });

  it('answers an answer that cannot be serialised with an internal error, keeping the id', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const spy = vi.spyOn(plus, 'legalMoves').mockReturnValue([cyclic] as never);
    try {
      expect(JSON.parse(answerLine(JSON.stringify({ id: 9, cmd: 'legal', game: 'plus', state: start })))).toMatchObject({
        id: 9,
        ok: false,
        error: { code: 'internal', message: expect.stringContaining('could not be written as JSON') },
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('stops reading while its output is full (backpressure), and goes on once it drains', async () => {
    const written: string[] = [];
    const held: (() => void)[] = [];
    let hold = true;
    const output = new Writable({
      highWaterMark: 16,
      write(chunk, _enc, done) {
        written.push(String(chunk));
        if (hold) held.push(() => done());
        else done();
      },
    });
    const input = new PassThrough();
    const served = serve(input, output);
    for (let i = 0; i < 200; i++) input.write(JSON.stringify({ id: i, cmd: 'games' }) + '\n');
    input.end();
    await new Promise((r) => setTimeout(r, 100));
    // The first answer filled the output; nothing more is answered until the reader takes it.
    expect(written).toHaveLength(1);
    hold = false;
    for (const release of held.splice(0)) release();
    expect(await served).toBe(0);
    expect(written).toHaveLength(200);
    expect(JSON.parse(written[199])).toMatchObject({ id: 199, ok: true });
  });
});

describe('schiri engine under hostile input, the real process', () => {
  it('answers every hostile line and then a normal request', async () => {
    const proc = spawn(process.execPath, ['bin/schiri.js', 'engine'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr!.on('data', (d) => (stderr += d));
    const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value as string);
    for (const [what, line, code] of HOSTILE) {
      proc.stdin!.write(line + '\n');
      expect(await next(), what).toMatchObject({ ok: false, error: { code } });
      proc.stdin!.write(JSON.stringify({ id: 'after', cmd: 'new', game: 'plus' }) + '\n');
      expect(await next(), `after ${what}`).toMatchObject({ id: 'after', ok: true, state: start });
    }
    // A line without end (it crashed readline at 600 MB) is refused as soon as it is too long,
    // before its newline comes: nothing holds it whole.
    const chunk = 'x'.repeat(1 << 16);
    for (let sent = 0; sent <= 4 * MAX_LINE; sent += chunk.length) proc.stdin!.write(chunk);
    expect(await next()).toMatchObject({ ok: false, error: { code: 'bad-request', message: expect.stringContaining('longer than') } });
    proc.stdin!.write('\n' + JSON.stringify({ id: 'still', cmd: 'games' }) + '\n');
    expect(await next()).toMatchObject({ id: 'still', ok: true });
    proc.stdin!.end();
    expect(await new Promise((r) => proc.on('close', r))).toBe(0);
    expect(stderr).toBe('');
  }, 60_000);

  it('ends quietly with 0 when its reader goes away (EPIPE)', async () => {
    const proc = spawn(process.execPath, ['bin/schiri.js', 'engine'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr!.on('data', (d) => (stderr += d));
    const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
    proc.stdin!.write('{"cmd":"games"}\n');
    await lines.next();
    proc.stdout!.destroy();
    proc.stdin!.on('error', () => undefined);
    // Keep asking until it notices nobody reads: each answer is several KB.
    const timer = setInterval(() => proc.stdin!.writable && proc.stdin!.write('{"cmd":"games"}\n'.repeat(50)), 20);
    const code = await new Promise((r) => proc.on('close', r));
    clearInterval(timer);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  }, 60_000);
});
