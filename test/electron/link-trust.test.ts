import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../electron/ipc/channels.ts';
import { ACCEPT, CertTrust, CHROMIUM } from '../../electron/link/trust.ts';

// The link server's certificate: Chromium's verdict stands unless the players pinned what they compared.
const fp = (s: string) => `sha256/${createHash('sha256').update(s).digest('base64')}`;

describe('trusting a link server by its fingerprint', () => {
  it('keeps Chromium verdict, notes a refused certificate, pins only what was seen, and only for its host', () => {
    let pins = 0;
    const trust = new CertTrust(() => pins++);
    expect(trust.verify('club.example', fp('public'), true)).toBe(CHROMIUM);
    expect(trust.seenFor('club.example')).toBeNull();
    expect(trust.verify('192.168.1.5', fp('self'), false)).toBe(CHROMIUM);
    expect(trust.seenFor('192.168.1.5')).toBe(fp('self'));
    // A fingerprint the app was not shown there cannot be pinned.
    expect(trust.trust('192.168.1.5', fp('other'))).toBe(false);
    expect(trust.trust('192.168.1.6', fp('self'))).toBe(false);
    expect(pins).toBe(0);
    expect(trust.trust('192.168.1.5', fp('self'))).toBe(true);
    expect(pins).toBe(1);
    expect(trust.verify('192.168.1.5', fp('self'), false)).toBe(ACCEPT);
    // Another certificate on the same host (a server swapped in between) is refused again, and noted.
    expect(trust.verify('192.168.1.5', fp('swapped'), false)).toBe(CHROMIUM);
    expect(trust.seenFor('192.168.1.5')).toBe(fp('swapped'));
    expect(trust.verify('other.example', fp('self'), false)).toBe(CHROMIUM);
  });

  it('validates both channels: a host and a sha256 fingerprint, nothing else', () => {
    expect(CHANNELS['link:seen'](['192.168.1.5'])).toEqual(['192.168.1.5']);
    expect(CHANNELS['link:seen'](['[::1]'])).toEqual(['[::1]']);
    expect(CHANNELS['link:trust'](['club.example', fp('x')])).toEqual(['club.example', fp('x')]);
    for (const bad of [[], ['a b'], ['x'.repeat(300)], [42], ['host', 'extra'], ['https://club.example']]) expect(() => CHANNELS['link:seen'](bad)).toThrow();
    for (const bad of [['club.example'], ['club.example', 'sha1/abc'], ['club.example', fp('x').slice(0, -1)], ['club.example', `${fp('x')}\n`]]) expect(() => CHANNELS['link:trust'](bad)).toThrow();
  });
});
