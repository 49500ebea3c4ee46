import { randomUUID } from 'node:crypto';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';

/**
 * A lock file shared by every process writing one record. The single-instance lock keeps a second
 * app away, but not a second app of another build or user session, nor a script: two processes
 * appending to one record lost confirmed moves (one cut the other's line back as "torn", or a
 * replace renamed the file away under the other's append).
 *
 * The lock is a file created exclusively (`wx`), holding its process id. A lock whose process is
 * gone (killed while it held it), or older than STALE_MS, is broken: renamed aside, and removed
 * only if it is still the same file (its inode) that was judged stale; otherwise it is put back.
 */
export const STALE_MS = 30_000;

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const code = (e: unknown) => (e as NodeJS.ErrnoException).code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `work` holding the lock file `path`, waiting for another process's hold to end. Where no
 * lock file can be made at all (a full disk, a read-only folder), `work` runs without one: a
 * process that cannot write a few bytes cannot write a move either, and a read must still work.
 */
export async function withLockFile<T>(path: string, work: () => Promise<T>): Promise<T> {
  const ino = await acquire(path);
  try {
    return await work();
  } finally {
    if (ino !== null) await release(path, ino);
  }
}

async function acquire(path: string): Promise<bigint | null> {
  for (let wait = 1; ; wait = Math.min(wait * 2, 16)) {
    let fh;
    try {
      fh = await open(path, 'wx');
    } catch (e) {
      if (code(e) !== 'EEXIST') return null;
      await breakIfStale(path);
      await sleep(wait);
      continue;
    }
    try {
      await fh.writeFile(String(process.pid));
      return (await fh.stat({ bigint: true })).ino;
    } catch {
      await rm(path, { force: true });
      return null;
    } finally {
      await fh.close();
    }
  }
}

async function release(path: string, ino: bigint): Promise<void> {
  // Only our own: a hold that outlived STALE_MS may have been broken and taken by another.
  const now = await stat(path, { bigint: true }).catch(() => null);
  if (now?.ino === ino) await rm(path, { force: true });
}

/** Removes the lock at `path` if its process is gone or it is older than STALE_MS. */
export async function breakIfStale(path: string): Promise<void> {
  let ino: bigint;
  let stale: boolean;
  try {
    const st = await stat(path, { bigint: true });
    const pid = Number(await readFile(path, 'utf8'));
    ino = st.ino;
    // An empty lock is one being written: it is stale only by age.
    stale = (Number.isInteger(pid) && pid > 0 && !alive(pid)) || Date.now() - Number(st.mtimeMs) > STALE_MS;
  } catch (e) {
    if (code(e) === 'ENOENT') return;
    throw e;
  }
  if (!stale) return;
  const aside = `${path}.${process.pid}.${randomUUID()}.stale`;
  try {
    await rename(path, aside);
  } catch (e) {
    if (code(e) === 'ENOENT') return; // another process broke it first
    throw e;
  }
  if ((await stat(aside, { bigint: true })).ino === ino) await rm(aside, { force: true });
  else await rename(aside, path); // a fresh lock taken after the stale one was broken: give it back
}
