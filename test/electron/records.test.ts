import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordFiles } from '../../electron/records/store.ts';

/**
 * The record store under faults (issue 16): concurrent writers in one process and in two, a line
 * torn by a crash, and a real full disk. docs/reliability.md lists what each case promises.
 */
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function fresh(): Promise<{ dir: string; store: RecordFiles; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'schiri-rec-'));
  dirs.push(dir);
  return { dir: join(dir, 'records'), store: new RecordFiles(join(dir, 'records')), file: join(dir, 'records', 'plus.jsonl') };
}

const line = (o: unknown) => JSON.stringify(o) + '\n';
const start = line({ kind: 'start', game: 'plus', options: {} });
const allJson = (text: string) => text.endsWith('\n') && text.split('\n').slice(0, -1).every((l) => (JSON.parse(l), true));

/** A real second process writing the record (record-writer-child.ts). */
function writer(dir: string, tag: string, count: number, op: 'replace' | 'append'): Promise<{ failed: number; confirmed: number[] }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'test/electron/record-writer-child.ts', dir, tag, String(count), op], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`writer ${tag} exited ${code}`))));
  });
}

describe('record files', () => {
  it('appends durably, replaces atomically, reads back, removes', async () => {
    const { store, file } = await fresh();
    expect(await store.read('plus')).toBeNull();
    await store.replace('plus', '{"kind":"start"}\n');
    await store.append('plus', '{"kind":"move","move":1}\n');
    expect(await readFile(file, 'utf8')).toBe('{"kind":"start"}\n{"kind":"move","move":1}\n');
    await store.replace('plus', '{"kind":"start","n":2}\n');
    expect(await store.read('plus')).toBe('{"kind":"start","n":2}\n');
    await store.remove('plus');
    expect(await store.read('plus')).toBeNull();
  });

  it('runs 200 concurrent replaces of one record, every one of them (150 were refused on a shared .tmp name)', async () => {
    const { store, dir, file } = await fresh();
    const versions = Array.from({ length: 200 }, (_, i) => start + line({ kind: 'move', move: i, pad: 'z'.repeat(i * 10) }));
    const results = await Promise.allSettled(versions.map((v) => store.replace('plus', v)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // One at a time, in order: the last asked for is what stays.
    expect(await readFile(file, 'utf8')).toBe(versions[199]);
    expect(await readdir(dir)).toEqual(['plus.jsonl']);
  });

  it('never leaves a torn record when appends and replaces of one record race (50 rounds)', async () => {
    const { store, file } = await fresh();
    for (let round = 0; round < 50; round++) {
      const ops: Promise<void>[] = [];
      for (let i = 0; i < 10; i++) {
        ops.push(i % 3 === 0 ? store.replace('plus', start + line({ round, i })) : store.append('plus', line({ kind: 'move', round, i })));
      }
      await Promise.all(ops);
      const text = await readFile(file, 'utf8');
      expect(allJson(text), text).toBe(true);
      // The last replace was op 9; the appends after it are there, whole, in order.
      expect(text).toBe(start + line({ round, i: 9 }));
    }
  });

  it('keeps concurrent appends whole and in the order they were asked for', async () => {
    const { store, file } = await fresh();
    await store.replace('plus', start);
    await Promise.all(Array.from({ length: 100 }, (_, i) => store.append('plus', line({ kind: 'move', move: i }))));
    const lines = (await readFile(file, 'utf8')).split('\n').slice(1, -1).map((l) => JSON.parse(l).move);
    expect(lines).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('two processes replacing one record: each write is whole, none is refused', async () => {
    const { dir, file } = await fresh();
    mkdirSync(dir, { recursive: true });
    const child = (tag: string) => writer(dir, tag, 150, 'replace');
    const reader = (async () => {
      let reads = 0;
      const deadline = Date.now() + 60_000;
      while (reads < 300 && Date.now() < deadline) {
        const text = await readFile(file, 'utf8').catch(() => null);
        if (text !== null) {
          // Whole: 20 lines of one write of one writer, never a mix or a cut.
          const lines = text.split('\n').slice(0, -1).map((l) => JSON.parse(l) as { tag: string; i: number });
          expect(lines).toHaveLength(20);
          expect(new Set(lines.map((l) => `${l.tag}.${l.i}`)).size).toBe(1);
          reads++;
        }
        await new Promise((r) => setImmediate(r));
      }
      return reads;
    })();
    const [a, b] = await Promise.all([child('a'), child('b')]);
    expect(a.failed + b.failed).toBe(0);
    expect(await reader).toBeGreaterThan(0);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('two processes appending to one record: every confirmed move is there once, whole (4 of 400 were torn)', async () => {
    const { dir, file, store } = await fresh();
    await store.replace('plus', start);
    const [a, b] = await Promise.all([writer(dir, 'a', 200, 'append'), writer(dir, 'b', 200, 'append')]);
    expect(a.failed + b.failed).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(allJson(text)).toBe(true);
    const moves = text.split('\n').slice(1, -1).map((l) => JSON.parse(l) as { tag: string; i: number });
    for (const [tag, { confirmed }] of [['a', a], ['b', b]] as const) {
      // Each writer's moves whole and in its order, every one it was told was written.
      expect(moves.filter((m) => m.tag === tag).map((m) => m.i)).toEqual(confirmed);
      expect(confirmed).toHaveLength(200);
    }
    expect((await readdir(dir)).sort()).toEqual(['plus.jsonl']);
  }, 180_000);

  it('at start, removes the temp files and locks of processes that are gone, and no live one\'s (81 were left after 200 kills)', async () => {
    const { dir, store, file } = await fresh();
    await store.replace('plus', start);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const uuid = '0b5e4a5e-9d1c-4c39-8d4f-2a1f2f0c8b7e';
    const left = [`.plus.${dead}.${uuid}.tmp`, `.plus.lock.${dead}.${uuid}.stale`];
    const live = `.plus.${process.pid}.${uuid}.tmp`;
    for (const name of [...left, live]) await writeFile(join(dir, name), 'half a record');
    await writeFile(join(dir, '.plus.lock'), dead);
    await store.sweep();
    expect((await readdir(dir)).sort()).toEqual([live, 'plus.jsonl']);
    // A lock its process left behind is broken at the next write too, not waited on for ever.
    await writeFile(join(dir, '.plus.lock'), dead);
    await store.append('plus', line({ kind: 'move', move: 1 }));
    expect(await readFile(file, 'utf8')).toBe(start + line({ kind: 'move', move: 1 }));
    expect(await readdir(dir)).not.toContain('.plus.lock');
  });

  it('checks a record id itself, below the IPC: no call names a file outside its folder', async () => {
    const { dir, store } = await fresh();
    for (const id of ['../../escaped', 'a/b', '', 'con', 'A']) {
      await expect(store.append(id, start)).rejects.toThrow(/not a record id/);
      await expect(store.replace(id, start)).rejects.toThrow(/not a record id/);
      await expect(store.read(id)).rejects.toThrow(/not a record id/);
    }
    expect(await readdir(join(dir, '..'))).toEqual([]);
  });

  it('cuts a line torn by a crash back before it appends, so the next move is not glued onto it', async () => {
    const { store, file, dir } = await fresh();
    mkdirSync(dir, { recursive: true });
    await writeFile(file, start + line({ kind: 'move', move: 1 }) + '{"kind":"move","mo');
    await store.append('plus', line({ kind: 'move', move: 2 }));
    expect(await readFile(file, 'utf8')).toBe(start + line({ kind: 'move', move: 1 }) + line({ kind: 'move', move: 2 }));
    // A file of nothing but a torn line is cut to nothing.
    await writeFile(file, '{"kind":"st');
    await store.append('plus', start);
    expect(await readFile(file, 'utf8')).toBe(start);
  });

  it('keeps a copy of a record aside, under a name of its own each time', async () => {
    const { store, dir } = await fresh();
    expect(await store.keep('plus')).toBeNull();
    await store.replace('plus', start + '{broken\n');
    const [a, b] = await Promise.all([store.keep('plus'), store.keep('plus')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/plus\.\d{4}-\d\d-\d\dT[\d-]+Z(-\d+)?\.bad$/);
    for (const copy of [a!, b!]) expect(await readFile(copy, 'utf8')).toBe(start + '{broken\n');
    expect((await readdir(dir)).sort()).toHaveLength(3);
  });
});

/** A tmpfs of our own: directly as root, else in a user namespace; null and why where neither works. */
function tmpfsRunner(): { argv: string[] } | { reason: string } {
  const probe = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=1m tmpfs "$d" && echo ok'], {
    encoding: 'utf8',
  });
  if (probe.stdout?.trim() === 'ok') return { argv: ['unshare', '--user', '--map-root-user', '--mount', 'sh', '-c'] };
  return { reason: `cannot mount a tmpfs here (unshare: ${(probe.error?.message ?? probe.stderr ?? '').trim() || `exit ${probe.status}`})` };
}

describe('record files on a real full disk (a 1 MiB tmpfs)', () => {
  it('a failed append leaves no half line, a failed replace the old record, and the next append a clean file', async (ctx) => {
    const runner = tmpfsRunner();
    if ('reason' in runner) return ctx.skip(runner.reason);
    const mountPoint = await mkdtemp(join(tmpdir(), 'schiri-full-'));
    dirs.push(mountPoint);
    const script = 'mount -t tmpfs -o size=1m tmpfs "$1" && exec "$2" --import tsx test/electron/full-disk-child.ts "$1"';
    const out = spawnSync(runner.argv[0], [...runner.argv.slice(1), script, 'sh', mountPoint, process.execPath], { encoding: 'utf8' });
    expect(out.stderr).toBe('');
    const seen = JSON.parse(out.stdout);
    expect(seen).toMatchObject({
      filled: true,
      appendFull: 'ENOSPC',
      unchangedAfterFull: true,
      appendPartial: 'ENOSPC',
      unchangedAfterPartial: true,
      replaceFull: 'ENOSPC',
      unchangedAfterReplace: true,
      leftovers: [],
      keepFull: 'ENOSPC',
      appendAfter: 'ok',
    });
    const childStart = line({ kind: 'start', game: 'plus', options: { variant: 1 }, players: ['A', 'B'] });
    expect(seen.final).toBe(childStart + line({ kind: 'move', move: { n: 1 }, observed: '' }) + line({ kind: 'move', move: { n: 4 }, observed: '' }));
  }, 60_000);
});
