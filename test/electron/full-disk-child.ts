/**
 * Run by records.test.ts inside a private mount namespace with a small tmpfs at argv[2]: the real
 * full disk. Prints one JSON object of what it saw; the test judges it.
 */
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { RecordFiles } from '../../electron/records/store.ts';

const root = process.argv[2];
const dir = join(root, 'records');
const store = new RecordFiles(dir);
const line = (o: unknown) => JSON.stringify(o) + '\n';
const start = line({ kind: 'start', game: 'plus', options: { variant: 1 }, players: ['A', 'B'] });
const move = (n: number, pad = 0) => line({ kind: 'move', move: { n }, observed: 'x'.repeat(pad) });
const text = () => readFileSync(join(dir, 'plus.jsonl'), 'utf8');
const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: NodeJS.ErrnoException) => e.code ?? String(e));

/** Fills the disk with files of `size` bytes until it refuses; returns their names. */
function fill(prefix: string, size: number): string[] {
  const names: string[] = [];
  const chunk = Buffer.alloc(4096, 1);
  for (let i = 0; ; i++) {
    const name = join(root, `${prefix}${i}`);
    const fd = openSync(name, 'w');
    let written = 0;
    try {
      while (written < size) written += writeSync(fd, chunk, 0, Math.min(chunk.length, size - written));
    } catch {
      closeSync(fd);
      if (written === 0) rmSync(name);
      else names.push(name);
      return names;
    }
    closeSync(fd);
    names.push(name);
  }
}

const seen: Record<string, unknown> = {};
await store.replace('plus', start);
await store.append('plus', move(1));
const good = text();
const big = fill('big', 1 << 20);
const small = fill('small', 4096);
seen.filled = big.length + small.length > 0;

// The disk is full: the append fails and leaves the record as it was.
seen.appendFull = await code(store.append('plus', move(2, 8192)));
seen.unchangedAfterFull = text() === good;

// A little room, less than the line: part of it is written before the disk refuses (the torn line
// of issue 16); the store cuts it back.
for (const f of small.splice(0, 2)) rmSync(f);
seen.appendPartial = await code(store.append('plus', move(3, 64 * 1024)));
seen.unchangedAfterPartial = text() === good;

// A replace on the full disk fails; the old record stays whole and no temp file is left.
fill('again', 4096);
seen.replaceFull = await code(store.replace('plus', start + move(9)));
seen.unchangedAfterReplace = text() === good;
seen.leftovers = readdirSync(dir).filter((f) => f !== 'plus.jsonl');
seen.keepFull = await code(store.keep('plus'));

// Room again: the next move is appended to a clean record.
for (const f of readdirSync(root)) if (/^(big|small|again)\d+$/.test(f)) rmSync(join(root, f));
seen.appendAfter = await code(store.append('plus', move(4)));
seen.final = text();
console.log(JSON.stringify(seen));
