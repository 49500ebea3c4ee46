import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Game records as JSON Lines files, one per game id, in the user's data folder. Appends are
 * fsynced before the promise resolves: the app tells the player a move is recorded only once it is
 * on disk. A replace goes through a temporary file and a rename, so a crash leaves the old or the
 * new record, never half of one.
 */
export class RecordFiles {
  constructor(private readonly dir: string) {}

  private path(id: string): string {
    return join(this.dir, `${id}.jsonl`);
  }

  async read(id: string): Promise<string | null> {
    try {
      return await readFile(this.path(id), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async append(id: string, lines: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const fh = await open(this.path(id), 'a');
    try {
      await fh.appendFile(lines, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
  }

  async replace(id: string, lines: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const tmp = `${this.path(id)}.tmp`;
    await writeFile(tmp, lines, { encoding: 'utf8', flush: true });
    await rename(tmp, this.path(id));
  }

  async remove(id: string): Promise<void> {
    await rm(this.path(id), { force: true });
  }
}
