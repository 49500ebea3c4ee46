import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNELS, IpcInputError } from '../../electron/ipc/channels.ts';
import { registerIpc } from '../../electron/ipc/register.ts';
import { allowPermission, APP_ORIGIN, isAppUrl, resolveAppPath, webPreferences } from '../../electron/security.ts';
import { CSP_HEADER, CSP_META } from '../../electron/csp.ts';

describe('IPC validation', () => {
  it.each([
    ['records:read', ['../etc/passwd']],
    ['records:read', ['Plus']],
    ['records:read', []],
    ['records:read', [42]],
    // Windows keeps these names for devices: con.jsonl would be the console, not a file.
    ['records:read', ['con']],
    ['records:append', ['nul', '{"a":1}\n']],
    ['records:replace', ['com1', '{"a":1}\n']],
    ['records:keep', ['lpt1']],
    ['records:keep', ['plus', 'x']],
    ['records:append', ['plus', '{"a":1}']],
    ['records:append', ['plus', 'not json\n']],
    ['records:append', ['plus', 'x'.repeat((1 << 20) + 1)]],
    // 500,004 UTF-16 units, 1.5 MB as UTF-8: the limit counts bytes (3.1 MB of '€' passed).
    ['records:append', ['plus', JSON.stringify('€'.repeat(500_000)) + '\n']],
    ['records:replace', ['plus', 7]],
    ['records:remove', ['plus', 'extra']],
  ] as const)('%s refuses %j', (channel, args) => {
    expect(() => CHANNELS[channel]([...args])).toThrow(IpcInputError);
  });

  it('passes well-formed arguments through unchanged', () => {
    expect(CHANNELS['records:append'](['plus', '{"kind":"start"}\n{"kind":"move"}\n'])).toEqual(['plus', '{"kind":"start"}\n{"kind":"move"}\n']);
    const mib = `"${'x'.repeat((1 << 20) - 3)}"\n`;
    expect(CHANNELS['records:replace'](['plus', mib])[1]).toBe(mib);
  });

  it('a handler never sees a refused message or an untrusted sender', async () => {
    const handlers = new Map<string, (e: unknown, ...a: unknown[]) => Promise<unknown>>();
    const seen: unknown[][] = [];
    const ipc = { handle: (c: string, h: (e: unknown, ...a: unknown[]) => Promise<unknown>) => handlers.set(c, h) };
    const record = async (...a: unknown[]) => void seen.push(a);
    registerIpc(
      ipc as never,
      Object.fromEntries(Object.keys(CHANNELS).map((c) => [c, record])) as never,
      (e) => (e as unknown as { url: string }).url === `${APP_ORIGIN}/index.html`,
    );
    const trusted = { url: `${APP_ORIGIN}/index.html` };
    await handlers.get('records:read')!(trusted, 'plus');
    await expect(handlers.get('records:read')!(trusted, '../x')).rejects.toThrow(IpcInputError);
    await expect(handlers.get('records:read')!({ url: 'https://evil.example/' }, 'plus')).rejects.toThrow(/not trusted/);
    expect(seen).toEqual([['plus']]);
  });
});

describe('window and scheme security', () => {
  it('isolates and sandboxes the renderer, without DevTools unless asked for (a development build)', () => {
    expect(webPreferences('/p.cjs')).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false, devTools: false });
    expect(webPreferences('/p.cjs', true).devTools).toBe(true);
  });

  it('grants the camera to our page only, and nothing else: no microphone, no request that does not say what it wants', () => {
    const page = `${APP_ORIGIN}/index.html`;
    expect(allowPermission('media', page, ['video'])).toBe(true);
    // The permission handler granted these before (issue 16): it did not look at mediaTypes.
    expect(allowPermission('media', page, ['audio'])).toBe(false);
    expect(allowPermission('media', page, ['video', 'audio'])).toBe(false);
    expect(allowPermission('media', page, [])).toBe(false);
    expect(allowPermission('media', page, undefined)).toBe(false);
    expect(allowPermission('media', 'https://example.com/', ['video'])).toBe(false);
    expect(allowPermission('geolocation', page, ['video'])).toBe(false);
    expect(isAppUrl('schiri://evil/index.html')).toBe(false);
  });

  it('serves files below the renderer folder only', () => {
    const root = '/opt/schiri/dist/renderer';
    expect(resolveAppPath(root, `${APP_ORIGIN}/`, join, normalize)).toBe('/opt/schiri/dist/renderer/index.html');
    expect(resolveAppPath(root, `${APP_ORIGIN}/assets/a.js`, join, normalize)).toBe('/opt/schiri/dist/renderer/assets/a.js');
    // The URL parser already folds dot segments; an encoded slash is what could still climb out.
    expect(resolveAppPath(root, `${APP_ORIGIN}/%2e%2e/%2e%2e/secret`, join, normalize)).toBe('/opt/schiri/dist/renderer/secret');
    expect(resolveAppPath(root, `${APP_ORIGIN}/..%2f..%2fsecret`, join, normalize)).toBeNull();
    expect(resolveAppPath(root, 'file:///etc/passwd', join, normalize)).toBeNull();
  });

  it('the CSP allows no remote origin, no inline script and no eval', () => {
    for (const csp of [CSP_HEADER, CSP_META]) {
      expect(csp).not.toMatch(/https?:|'unsafe-inline'|'unsafe-eval'|\*/);
      expect(csp).toContain("object-src 'none'");
    }
    expect(CSP_HEADER).toContain("frame-ancestors 'none'");
  });
});
