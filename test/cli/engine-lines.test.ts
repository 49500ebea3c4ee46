import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

/**
 * What the real `schiri engine` answers to lines that are not plain requests (issue 63, item 14):
 * numbers JSON cannot hold, blank lines, and a byte order mark. Each request is sent as raw bytes,
 * the way a driver or an editor's file would send it, and must be followed by a normal answer.
 */
async function talk(raw: string): Promise<{ answers: Record<string, unknown>[]; code: number | null; stderr: string }> {
  const proc = spawn(process.execPath, ['bin/schiri.js', 'engine'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d));
  const answers: Record<string, unknown>[] = [];
  const lines = createInterface({ input: proc.stdout! });
  lines.on('line', (l) => answers.push(JSON.parse(l)));
  proc.stdin!.end(Buffer.from(raw, 'utf8'));
  const code = await new Promise<number | null>((r) => proc.on('close', r));
  return { answers, code, stderr };
}

const start = { game: 'plus', variant: 1, everyDieRises: false, players: 2, dice: { III: 1, IV: 1, V: 2 }, toMove: 0, ply: 0, winner: 'last-move' };
const req = (o: Record<string, unknown>) => JSON.stringify(o);

describe('schiri engine: numbers too large for JSON', () => {
  it('an id or a seed of 1e309 is called too large, not null; a ply past 2^53 too', async () => {
    const { answers, code } = await talk(
      [
        '{"id":1e309,"cmd":"games"}',
        `{"id":2,"cmd":"bot","game":"plus","state":${req(start)},"seed":1e309}`,
        req({ id: 3, cmd: 'status', game: 'plus', state: { ...start, ply: 9007199254740993 } }),
        `{"id":4,"cmd":"status","game":"plus","state":${req(start).replace('"ply":0', '"ply":9007199254740994')}}`,
        `{"id":5,"cmd":"new","game":"diabolo","options":{"seed":1e309}}`,
        req({ id: 6, cmd: 'games' }),
      ].join('\n') + '\n',
    );
    expect(code).toBe(0);
    // Matched by id: `bot` may be answered by a worker, after the lines that follow it.
    expect(answers.map((a) => a.id ?? null).sort()).toEqual([2, 3, 4, 5, 6, null]);
    const byId = (id: number | null) => answers.find((a) => (a.id ?? null) === id)!;
    const message = (id: number | null) => (byId(id).error as { message: string }).message;
    expect(byId(null)).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(message(null)).toMatch(/"id" must be .* not a number that is too large: JSON reads numbers this large \(such as 1e309\) as infinite/);
    expect(message(null)).not.toMatch(/null$/);
    expect(byId(2)).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(message(2)).toMatch(/"seed" must be a whole number from 0 to 4294967295, not a number that is too large/);
    for (const id of [3, 4]) {
      expect(byId(id)).toMatchObject({ ok: false, error: { code: 'bad-state' } });
      expect(message(id)).toBe('ply: is too large: beyond ±9007199254740991 (2^53 − 1) JSON numbers are no longer exact');
    }
    expect(byId(5)).toMatchObject({ ok: false, error: { code: 'bad-options', message: 'option "seed" is too large: JSON reads numbers this large (such as 1e309) as infinite' } });
    expect(byId(6)).toMatchObject({ ok: true });
  }, 20_000);
});

describe('schiri engine: blank lines and a byte order mark', () => {
  it('skips blank lines (spaces, CR only, BOM only) without an answer and answers every request, a BOM before one included', async () => {
    const BOM = '\uFEFF';
    const { answers, code, stderr } = await talk(
      [
        `${BOM}${req({ id: 'bom-first', cmd: 'games' })}`,
        '   \t ',
        '\r',
        BOM,
        `${BOM}  \r`,
        '',
        `${BOM}${req({ id: 'bom-later', cmd: 'new', game: 'plus' })}\r`,
        `${req({ id: 'bom-inside', cmd: 'games' })}${BOM}`,
        req({ id: 'last', cmd: 'games' }),
      ].join('\n') + '\n',
    );
    expect(code).toBe(0);
    expect(stderr).toBe('');
    // Nine lines, five of them blank: four answers, in order.
    expect(answers.map((a) => a.id ?? null)).toEqual(['bom-first', 'bom-later', null, 'last']);
    expect(answers[0]).toMatchObject({ ok: true });
    expect(answers[1]).toMatchObject({ ok: true, state: start });
    // A BOM anywhere else is no JSON, and the answer says why.
    expect(answers[2]).toMatchObject({ ok: false, error: { code: 'bad-json', message: expect.stringContaining('byte order mark (U+FEFF), taken only at the start of a line') } });
    expect(answers[3]).toMatchObject({ ok: true });
  }, 20_000);
});
