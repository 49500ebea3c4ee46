import { createHash, X509Certificate } from 'node:crypto';
import selfsigned from 'selfsigned';
import { describe, expect, it } from 'vitest';
import { checkServer, fingerprintHex } from '../../renderer/link/server.ts';

describe('the link server setting', () => {
  it('takes wss addresses only, without a name or password', () => {
    expect(checkServer(' wss://192.168.1.5:8443 ')).toEqual({ url: 'wss://192.168.1.5:8443' });
    expect(checkServer('wss://club.example/mqtt')).toEqual({ url: 'wss://club.example/mqtt' });
    for (const bad of ['ws://192.168.1.5:8443', 'https://club.example', 'wss://anna:secret@club.example', 'club.example', '']) {
      expect('problem' in checkServer(bad)).toBe(true);
    }
    const p = checkServer('ws://x.example') as { problem: { de: string } };
    expect(p.problem.de).toContain('wss://');
  });

  it("writes Electron's fingerprint as serve-link prints it", async () => {
    const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], { keyType: 'ec', algorithm: 'sha256' });
    const x = new X509Certificate(pems.cert);
    const electron = `sha256/${createHash('sha256').update(x.raw).digest('base64')}`;
    expect(fingerprintHex(electron)).toBe(x.fingerprint256);
  });
});
