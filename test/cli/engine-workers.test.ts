import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { observe, position } from '../engine/himmel-und-hoelle-helpers.ts';

/**
 * The real `schiri engine` answers `explain` in worker threads (cli/engine-pool.ts): a request sent
 * after a search is answered while the search still runs, where it carries an id; one without an
 * id keeps its place in the order.
 */
async function talk(lines: string[]): Promise<{ answers: Record<string, unknown>[]; code: number | null; stderr: string }> {
  const proc = spawn(process.execPath, ['bin/schiri.js', 'engine'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d));
  const answers: Record<string, unknown>[] = [];
  createInterface({ input: proc.stdout! }).on('line', (l) => answers.push(JSON.parse(l)));
  proc.stdin!.end(lines.join('\n') + '\n');
  const code = await new Promise<number | null>((r) => proc.on('close', r));
  return { answers, code, stderr };
}

// A turn of the issue 60 audit: five dice walk and lower to 1, no battle (a search of some 100 ms,
// plus the worker's start).
const state = position({ H: ['c2:3', 'b3:3', 'c1:4', 'b1:6', 'start:6'], ap: 4 });
const observed = observe({ H: ['c4:1', 'c3:1', 'b2:1', 'b5:1', 'a4:1'] });
const explainLine = (id?: string) => JSON.stringify({ ...(id === undefined ? {} : { id }), cmd: 'explain', game: 'himmel-und-hoelle', state, observed });

describe('schiri engine: explain in worker threads', () => {
  it('answers requests with an id sent after two searches before the searches; one without an id waits its turn', async () => {
    const { answers, code, stderr } = await talk([
      explainLine('search-1'),
      explainLine('search-2'),
      JSON.stringify({ id: 'games', cmd: 'games' }),
      JSON.stringify({ id: 'status', cmd: 'status', game: 'himmel-und-hoelle', state }),
      JSON.stringify({ cmd: 'games' }),
      explainLine(),
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(answers).toHaveLength(6);
    const at = (id: string) => answers.findIndex((a) => a.id === id);
    expect(at('games')).toBeLessThan(at('search-1'));
    expect(at('status')).toBeLessThan(at('search-1'));
    expect(at('status')).toBeLessThan(at('search-2'));
    for (const id of ['search-1', 'search-2']) expect(answers[at(id)]).toMatchObject({ ok: true, explanation: { legal: true } });
    // Without ids: after every answer before them, in the order sent.
    const idless = answers.map((a, i) => [a, i] as const).filter(([a]) => !('id' in a));
    expect(idless.map(([, i]) => i)).toEqual([4, 5]);
    expect(idless[0][0]).toMatchObject({ ok: true, games: expect.any(Array) });
    expect(idless[1][0]).toMatchObject({ ok: true, explanation: { legal: true } });
  }, 60_000);

  it('still answers a malformed explain, and ends when stdin ends with searches under way', async () => {
    const { answers, code } = await talk([JSON.stringify({ id: 1, cmd: 'explain', game: 'himmel-und-hoelle', state, observed: { dice: 'none' } }), explainLine('2')]);
    expect(code).toBe(0);
    expect(answers.find((a) => a.id === 1)).toMatchObject({ ok: false, error: { code: 'bad-observation' } });
    expect(answers.find((a) => a.id === '2')).toMatchObject({ ok: true });
  }, 60_000);
});
