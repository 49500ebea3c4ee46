import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecordId } from '../../engine/core/record.ts';
import { alive, breakIfStale, withLockFile } from './lock.ts';

/**
 * Game records as JSON Lines files, one per game id, in the user's data folder.
 *
 * What it promises (docs/reliability.md, test/electron/records.test.ts):
 * - One operation at a time per record, in the order they were asked for: a second append never
 *   interleaves with the first, and a replace never meets an append half way.
 * - An append resolves only once its lines are fsynced; when it fails (a full disk) the file is cut
 *   back to where it was, so no half line is left for the next move to be glued onto. Before it
 *   writes, it makes sure the file ends with a newline (a crash can still tear a line): it cuts a
 *   torn tail back to the last complete line.
 * - A replace writes a temporary file of its own (a unique name) and renames it over the record, so
 *   any reader, this process or another, sees the old record or the new one, never half of one.
 * - `keep` copies a record aside (`<id>.<time>.bad`) before the app replaces one it could not read.
 * - All of that across processes too: every operation holds the record's lock file (lock.ts), so
 *   a second process appending to the same record waits instead of cutting or losing lines.
 * - `sweep` removes what processes that died left behind: their temp files and locks.
 * - A record id is checked here too, not only at the IPC: no call names a file outside the folder.
 */
export class RecordFiles {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly dir: string) {}

  private path(id: string): string {
    if (!isRecordId(id)) throw new Error(`not a record id: ${JSON.stringify(id).slice(0, 80)}`);
    return join(this.dir, `${id}.jsonl`);
  }

  /**
   * Removes the temp files and locks of processes that are gone (a replace killed half way left
   * its temp file: 81 of them, 20.8 MB, after 200 kills). Called at start; another live process's
   * files are left alone.
   */
  async sweep(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const name of names) {
      const left = LEFT_BEHIND.exec(name);
      if (left && Number(left[1]) !== process.pid && !alive(Number(left[1]))) await rm(join(this.dir, name), { force: true });
      else if (LOCK.test(name)) await breakIfStale(join(this.dir, name));
    }
  }

  read(id: string): Promise<string | null> {
    return this.locked(id, async () => {
      try {
        return await readFile(this.path(id), 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    });
  }

  append(id: string, lines: string): Promise<void> {
    return this.locked(id, async () => {
      const fh = await open(this.path(id), 'a+');
      try {
        const size = await endAtNewline(fh);
        try {
          await fh.writeFile(lines, 'utf8');
          await fh.sync();
        } catch (e) {
          // Part of the lines may be on disk: take them back, or the next move is glued onto them.
          await fh
            .truncate(size)
            .then(() => fh.sync())
            .catch(() => undefined);
          throw e;
        }
      } finally {
        await fh.close();
      }
    });
  }

  replace(id: string, lines: string): Promise<void> {
    return this.locked(id, async () => {
      // Unique per call and per process: two writers never share (or rename away) one temp file.
      const tmp = join(this.dir, `.${id}.${process.pid}.${randomUUID()}.tmp`);
      try {
        const fh = await open(tmp, 'wx');
        try {
          await fh.writeFile(lines, 'utf8');
          await fh.sync();
        } finally {
          await fh.close();
        }
        await rename(tmp, this.path(id));
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
      await syncDir(this.dir);
    });
  }

  remove(id: string): Promise<void> {
    return this.locked(id, () => rm(this.path(id), { force: true }));
  }

  /** Copies the record aside before it is replaced; resolves to the copy's path, or null if there is no record. */
  keep(id: string): Promise<string | null> {
    return this.locked(id, async () => {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      for (let n = 0; ; n++) {
        const copy = join(this.dir, `${id}.${stamp}${n ? `-${n}` : ''}.bad`);
        try {
          await copyFile(this.path(id), copy, constants.COPYFILE_EXCL);
          return copy;
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') return null;
          if (code !== 'EEXIST') throw e;
        }
      }
    });
  }

  /**
   * Runs `work` after every earlier operation on this record has settled, failed ones included,
   * holding the record's lock file against other processes.
   */
  private locked<T>(id: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(id) ?? Promise.resolve();
    const run = before.then(async () => {
      this.path(id);
      await mkdir(this.dir, { recursive: true });
      return withLockFile(join(this.dir, `.${id}.lock`), work);
    });
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return run;
  }
}

/** A temp file of a replace, or a lock broken aside, with the id of the process that made it. */
const LEFT_BEHIND = /^\.[a-z0-9-]+\.(?:lock\.)?(\d+)\.[0-9a-f-]{36}\.(?:tmp|stale)$/;
const LOCK = /^\.[a-z0-9-]+\.lock$/;

/**
 * Makes the file end with a newline by cutting a torn last line back to the previous one; returns
 * the size after. A torn line was never confirmed to anybody: its append did not resolve.
 */
async function endAtNewline(fh: FileHandle): Promise<number> {
  const size = (await fh.stat()).size;
  const last = Buffer.alloc(1);
  if (size === 0 || ((await fh.read(last, 0, 1, size - 1)).bytesRead === 1 && last[0] === 0x0a)) return size;
  const chunk = Buffer.alloc(64 * 1024);
  let end = size;
  while (end > 0) {
    const from = Math.max(0, end - chunk.length);
    const { bytesRead } = await fh.read(chunk, 0, end - from, from);
    const nl = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
    if (nl >= 0) {
      const keep = from + nl + 1;
      if (keep !== size) await fh.truncate(keep);
      return keep;
    }
    end = from;
  }
  if (size > 0) await fh.truncate(0);
  return 0;
}

/** The rename is durable once the folder is synced; where a folder cannot be opened (Windows) the OS keeps it. */
async function syncDir(dir: string): Promise<void> {
  try {
    const fh = await open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    // Best effort: the data itself is already fsynced.
  }
}
