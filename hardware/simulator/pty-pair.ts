import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, rmSync } from 'node:fs';
import { HardwareError } from '../core/errors.ts';

/** Where socat's links point: a pty slave (/dev/pts/N on Linux, /dev/ttysN on macOS). */
const PTY_TARGET = /^\/dev\/(pts\/\d+|ttys\d+)$/;

/**
 * Removes `path` if it is a link a killed socat left behind (a symlink to a pty that is gone) and
 * does nothing if there is nothing; anything else (a file, a folder, a link elsewhere, the link of
 * a pty still open, as a running simulator's) is refused, never deleted.
 */
export function removeLeftoverLink(path: string): void {
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  const target = st.isSymbolicLink() ? readlinkSync(path) : '';
  if (PTY_TARGET.test(target)) {
    // A pty's slave lives as long as its master is open: a link to one that exists is in use (on
    // macOS, whose ttys nodes always exist, such a link is never taken for a leftover).
    if (existsSync(target)) {
      throw new HardwareError('path-taken', {
        de: `${path} ist das Link eines Ptys, das noch offen ist (${target}, ein laufender Simulator?): es wird nicht übernommen. Den anderen Simulator beenden oder einen anderen Pfad wählen.`,
        en: `${path} is the link of a pty still open (${target}, a simulator running?): it is not taken over. End the other simulator or choose another path.`,
      });
    }
    rmSync(path, { force: true });
    return;
  }
  throw new HardwareError('path-taken', {
    de: `${path} gibt es schon und ist kein altes Pty-Link: es wird nicht gelöscht. Einen anderen Pfad wählen.`,
    en: `${path} already exists and is not a leftover pty link: it is not deleted. Choose another path.`,
  });
}

/**
 * Two connected serial ports without hardware: socat makes a pty pair and links its ends at two
 * paths. Bytes pass exactly; control lines do not exist (ENOTTY). Killing socat is what a yanked
 * USB cable looks like to both sides; `restart` plugs it back in at the same paths.
 */
export class PtyPair {
  private proc: ChildProcess | null = null;

  constructor(
    readonly a: string,
    readonly b: string,
  ) {}

  static async open(a: string, b: string): Promise<PtyPair> {
    const pair = new PtyPair(a, b);
    await pair.start();
    return pair;
  }

  async start(): Promise<void> {
    if (this.proc) return;
    // A killed socat leaves its links behind; waiting for them would then return at once.
    for (const p of [this.a, this.b]) removeLeftoverLink(p);
    const proc = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${this.a}`, `pty,raw,echo=0,link=${this.b}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.proc = proc;
    let log = '';
    proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + 5000;
    while (!(existsSync(this.a) && existsSync(this.b))) {
      if (proc.exitCode !== null || Date.now() > deadline) {
        this.kill();
        throw new Error(`socat did not make the pty pair: ${log.trim() || 'no output (is socat installed?)'}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** SIGKILL, as a crash or a pulled cable: no goodbye to either end. */
  kill(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (!proc || proc.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  async close(): Promise<void> {
    await this.kill();
    for (const p of [this.a, this.b]) {
      try {
        removeLeftoverLink(p);
      } catch {
        // Not our link any more (someone put a file there): left alone.
      }
    }
  }
}
