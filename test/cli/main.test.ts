import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('schiri, the command table', () => {
  it('knows only its own commands: a name from Object.prototype is an unknown command, not a crash', () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      const r = spawnSync(process.execPath, ['bin/schiri.js', name], { encoding: 'utf8' });
      expect(r.stderr).toContain(`unknown command "${name}"`);
      expect(r.status).toBe(2);
    }
  });
});
