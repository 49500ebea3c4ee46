import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import { basename, resolve } from 'node:path';

/**
 * The pty a running socat made and linked at `port` (its `link=` argument, as `schiri board-sim
 * --pair` starts it), or null. This is what lets the app open the simulator's pty and nothing
 * else that is a pty: a user's open terminal (/dev/pts/0), named directly or through a link of
 * anyone's making, is not a simulator's. Linux only (it reads /proc): elsewhere always null.
 *
 * Proof: `port` is a symlink to /dev/pts/N; a process named socat has `link=<port>` among its
 * arguments (relative to its working folder); and that process holds the pty's master (an open
 * /dev/ptmx whose fdinfo says `tty-index: N`).
 */
export async function socatPty(port: string): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  const link = resolve(port);
  let target: string;
  try {
    if (!(await lstat(link)).isSymbolicLink()) return null;
    target = await readlink(link);
  } catch {
    return null;
  }
  const index = /^\/dev\/pts\/(\d+)$/.exec(target)?.[1];
  if (index === undefined) return null;
  for (const pid of await readdir('/proc')) {
    if (/^\d+$/.test(pid) && (await madeBy(pid, link, index).catch(() => false))) return target;
  }
  return null;
}

async function madeBy(pid: string, link: string, index: string): Promise<boolean> {
  const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
  if (basename(argv[0]) !== 'socat') return false;
  const cwd = await readlink(`/proc/${pid}/cwd`);
  const links = argv.flatMap((a) => a.split(',').filter((o) => o.startsWith('link=')).map((o) => resolve(cwd, o.slice('link='.length))));
  if (!links.includes(link)) return false;
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    if ((await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')) !== '/dev/ptmx') continue;
    if (new RegExp(`^tty-index:\\s*${index}$`, 'm').test(await readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))) return true;
  }
  return false;
}
