import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { answer } from '../../engine/protocol.ts';

const start = { game: 'plus', variant: 1, everyDieRises: false, players: 2, dice: { III: 1, IV: 1, V: 2 }, toMove: 0, ply: 0 };

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
