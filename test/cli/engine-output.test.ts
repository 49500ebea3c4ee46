import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `schiri engine` when its answers cannot be written (issue 63): it ended with 0 and without a
 * word after 6 of 500 answers. Only a reader going away (EPIPE) is quiet
 * (test/engine/protocol.test.ts); every other failure is said on stderr and ends with 1.
 */
const requests = '{"cmd":"games"}\n'.repeat(500);

describe('schiri engine output failures', () => {
  it('says so and exits 1 when stdout is full (/dev/full: ENOSPC, as a full disk)', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, ['bin/schiri.js', 'engine'], { input: requests, stdio: ['pipe', full, 'pipe'], encoding: 'utf8', timeout: 60_000 });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe('schiri engine: Die Antworten können nicht geschrieben werden (ENOSPC); die Engine hört auf.\nschiri engine: cannot write the answers (ENOSPC); the engine stops.\n');
    } finally {
      closeSync(full);
    }
  }, 60_000);

  it('says so and exits 1 when stdout is closed', () => {
    const r = spawnSync('sh', ['-c', `exec "${process.execPath}" bin/schiri.js engine >&-`], { input: requests, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/cannot write the answers \(EBADF\)/);
  }, 60_000);

  it('still answers into /dev/null when told to, with 0', () => {
    const r = spawnSync('sh', ['-c', `exec "${process.execPath}" bin/schiri.js engine >/dev/null`], { input: requests, encoding: 'utf8', timeout: 60_000 });
    expect([r.status, r.stderr]).toEqual([0, '']);
  }, 60_000);
});
