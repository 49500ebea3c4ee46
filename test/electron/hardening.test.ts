import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  allowExternal,
  allowLedPort,
  APP_ORIGIN,
  appHeaders,
  contentType,
  focusFirst,
  guardContents,
  menuTemplate,
  offersDevTools,
  OWN_LINKS,
  REFUSED_SCHEMES,
} from '../../electron/security.ts';
import { CSP_HEADER } from '../../electron/csp.ts';

/**
 * Each hardening decision of the main process is a pure function (electron/security.ts); these
 * are their tests. The Electron smoke test (test/electron/smoke.e2e.ts) checks the wiring where
 * an Electron binary is installed.
 */
describe('Electron hardening', () => {
  it('opens only the project\'s own links, exactly, in the browser (window-open passed any https URL)', () => {
    const own = ['https://example.org/schiri/help'];
    expect(allowExternal('https://example.org/schiri/help', own)).toBe(true);
    for (const url of [
      'https://evil.example/',
      'https://example.org/schiri/help/../../x',
      'https://example.org/schiri/helpx',
      'http://example.org/schiri/help',
      'https://user:pw@example.org/schiri/help',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(allowExternal(url, own), url).toBe(false);
    }
    // The app's own list: no link but one of its own may ever be opened.
    expect(allowExternal('https://github.com/')).toBe(false);
    for (const link of OWN_LINKS) expect(allowExternal(link)).toBe(true);
  });

  it('has no DevTools in the packaged menu, on any platform', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(offersDevTools(menuTemplate(true, platform)), platform).toBe(false);
      expect(offersDevTools(menuTemplate(false, platform)), platform).toBe(true);
    }
  });

  it('keeps every page and frame on the app: navigations, frame navigations and redirects elsewhere refused', () => {
    const listeners = new Map<string, (event: { url?: string; preventDefault(): void }, url?: string) => void>();
    let openHandler: ((d: { url: string }) => { action: 'deny' }) | undefined;
    const opened: string[] = [];
    guardContents({ on: (name: string, l: never) => void listeners.set(name, l), setWindowOpenHandler: (h: typeof openHandler) => void (openHandler = h) } as never, (url) => opened.push(url));
    const refused = (name: string, url: string, legacy = false) => {
      let prevented = false;
      // Electron gives the URL on the event (and, deprecated, as the second argument).
      listeners.get(name)!(legacy ? { preventDefault: () => (prevented = true) } : { url, preventDefault: () => (prevented = true) }, legacy ? url : undefined);
      return prevented;
    };
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      for (const url of ['https://evil.example/', 'file:///etc/passwd', 'schiri://other/x', 'javascript:alert(1)', 'about:blank']) {
        expect(refused(name, url), `${name} ${url}`).toBe(true);
        expect(refused(name, url, true), `${name} ${url} (legacy)`).toBe(true);
      }
      expect(refused(name, `${APP_ORIGIN}/index.html#game`), name).toBe(false);
    }
    let attached = false;
    listeners.get('will-attach-webview')!({ preventDefault: () => (attached = true) });
    expect(attached).toBe(true);
    expect(openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(opened).toEqual([]);
  });

  it('connects the LED board only to a listed serial port or the pty a running simulator linked', () => {
    const listed = [{ path: '/dev/ttyUSB0' }, { path: 'COM3' }];
    expect(allowLedPort('/dev/ttyUSB0', listed, '/dev/ttyUSB0')).toBe(true);
    expect(allowLedPort('COM3', listed, null)).toBe(true);
    // The third: the pty a running simulator made and linked at the port (socatPty), or null.
    expect(allowLedPort('/tmp/host', [], '/dev/pts/7')).toBe(true);
    for (const [port, resolved] of [
      ['/dev/pts/0', '/dev/pts/0'],
      ['/dev/pts/0', null],
      ['/tmp/host', null],
      ['/etc/passwd', '/etc/passwd'],
      ['/dev/sda', '/dev/sda'],
      ['/tmp/link', '/home/u/.bashrc'],
      ['/dev/ttyUSB1', '/dev/ttyUSB1'],
      ['COM4', null],
    ] as const) {
      expect(allowLedPort(port, listed, resolved), port).toBe(false);
    }
  });

  it('serves the renderer with its type, the CSP and no sniffing, and refuses every other scheme itself', () => {
    expect(appHeaders('/r/index.html', CSP_HEADER)).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CSP_HEADER,
      'X-Content-Type-Options': 'nosniff',
    });
    expect(contentType('/r/assets/a.js')).toBe('text/javascript; charset=utf-8');
    expect(contentType('/r/opencv.wasm')).toBe('application/wasm');
    expect(contentType('/r/x.constructor')).toBe('application/octet-stream');
    expect(contentType('/r/noext')).toBe('application/octet-stream');
    expect([...REFUSED_SCHEMES].sort()).toEqual(['file', 'ftp', 'http', 'https']);
  });

  it('a second launch restores, shows and focuses the first window', () => {
    const calls: string[] = [];
    const win = (minimized: boolean) => ({
      isMinimized: () => minimized,
      restore: () => calls.push('restore'),
      show: () => calls.push('show'),
      focus: () => calls.push('focus'),
    });
    expect(focusFirst(win(true))).toBe(true);
    expect(calls).toEqual(['restore', 'show', 'focus']);
    calls.length = 0;
    focusFirst(win(false));
    expect(calls).toEqual(['show', 'focus']);
    expect(focusFirst(undefined)).toBe(false);
  });

  it('sets the Electron fuses at packaging (electron-builder.yml electronFuses)', () => {
    const yml = readFileSync('electron-builder.yml', 'utf8');
    const block = /^electronFuses:\n((?:[ \t]+.*\n)+)/m.exec(yml)?.[1] ?? '';
    const fuses = Object.fromEntries([...block.matchAll(/^\s+(\w+):\s*(true|false)\s*(?:#.*)?$/gm)].map((m) => [m[1], m[2] === 'true']));
    expect(fuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
