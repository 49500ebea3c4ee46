import type { MenuItemConstructorOptions, WebPreferences } from 'electron';

/**
 * Every security decision of the main process as a pure function, so each is tested in Node
 * without Electron (test/electron/hardening.test.ts); electron/main.ts only wires them up.
 * docs/reliability.md lists them with the test of each.
 */

/** The app's own scheme: the renderer is served from it, and only it may call IPC or the camera. */
export const APP_SCHEME = 'schiri';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

export function webPreferences(preload: string, devTools = false): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
    // Off in the packaged app: no DevTools by menu, by shortcut or by a script.
    devTools,
  };
}

export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/** What guardContents needs of a WebContents (its Electron type is wider). */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect', listener: (event: { url?: string; preventDefault(): void }, url?: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Every page and frame stays on the app: a navigation of the window (`will-navigate`), of any
 * frame, script-started ones included (`will-frame-navigate`: `will-navigate` misses those), and a
 * server redirect of either (`will-redirect`) is refused unless it leads to the app's own origin; no
 * webview is attached, no window opened. Only the project's own links open, in the user's browser.
 */
export function guardContents(contents: GuardedContents, openExternal: (url: string) => void): void {
  for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect'] as const) {
    contents.on(name, (event, url) => {
      if (!isAppUrl(event.url ?? url ?? '')) event.preventDefault();
    });
  }
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (allowExternal(url)) openExternal(url);
    return { action: 'deny' };
  });
}

/**
 * The camera is the only permission the app asks for, and only for its own page. `mediaTypes` is
 * what a request wants ('video', 'audio'); a check names one `mediaType`. The microphone is never
 * granted, nor a request that does not say what it wants.
 */
export function allowPermission(permission: string, requestingUrl: string, mediaTypes: readonly string[] | undefined): boolean {
  if (permission !== 'media' || !isAppUrl(requestingUrl)) return false;
  return mediaTypes !== undefined && mediaTypes.length > 0 && mediaTypes.every((t) => t === 'video');
}

/**
 * Links the app may open in the user's browser: the project's own, exactly. The UI shows none
 * yet; a link it shows is added here, or it is not opened. Everything else stays closed: a page
 * never opens a window of its own, and no URL is passed to the system unchecked.
 */
export const OWN_LINKS: readonly string[] = [];

export function allowExternal(url: string, own: readonly string[] = OWN_LINKS): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.username === '' && u.password === '' && own.includes(u.href);
  } catch {
    return false;
  }
}

/**
 * Schemes the app's session answers itself with a refusal (protocol.handle): nothing from the
 * network or from other files reaches the page, whether or not webRequest sees the request
 * (it does not see net.fetch, an open Electron bug; the app no longer relies on either).
 */
export const REFUSED_SCHEMES = ['http', 'https', 'file', 'ftp'] as const;

/**
 * Maps a request on the app scheme to a file below the renderer folder, refusing anything that
 * would climb out of it.
 */
export function resolveAppPath(root: string, url: string, join: (...p: string[]) => string, normalize: (p: string) => string): string | null {
  let pathname: string;
  try {
    const u = new URL(url);
    if (!isAppUrl(url)) return null;
    pathname = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const full = normalize(join(root, pathname));
  const base = normalize(root.endsWith('/') || root.endsWith('\\') ? root : root + '/');
  return full.startsWith(base) ? full : null;
}

/** What the renderer build holds; anything else is served as bytes the page cannot run. */
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  wasm: 'application/wasm',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
  bin: 'application/octet-stream',
};

export function contentType(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(TYPES, ext) ? TYPES[ext] : 'application/octet-stream';
}

/** The headers of every response of the app scheme: its type, the CSP, and no sniffing. */
export function appHeaders(path: string, csp: string): Record<string, string> {
  return { 'Content-Type': contentType(path), 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff' };
}

/**
 * The application menu. The packaged app has no DevTools and no forced reload in it; a
 * development build (`npm start`) keeps both.
 */
export function menuTemplate(packaged: boolean, platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (!packaged) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' });
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : [{ role: 'fileMenu' } as MenuItemConstructorOptions]),
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}

/** Whether a menu (template) offers DevTools anywhere, submenus included. */
export function offersDevTools(items: readonly MenuItemConstructorOptions[]): boolean {
  return items.some((i) => i.role === 'toggleDevTools' || (Array.isArray(i.submenu) && offersDevTools(i.submenu)));
}

/** A pty the board simulator made (schiri board-sim --pair): a serial device without USB ids. */
const PTY_DEVICE = /^\/dev\/pts\/\d+$/;

/**
 * The LED board may be connected only to a port serialport lists, or to the pty a running
 * simulator made, through the link it made (`simulatorPty`: hardware/simulator/pty-owner.ts):
 * never to a file, another device, or any other pty (a user's open terminal) named by the renderer.
 */
export function allowLedPort(port: string, listed: readonly { path: string }[], simulatorPty: string | null): boolean {
  return listed.some((p) => p.path === port) || (simulatorPty !== null && simulatorPty !== port && PTY_DEVICE.test(simulatorPty));
}

/** A second launch shows the first window instead: restored, shown and focused. */
export function focusFirst(win: { isMinimized(): boolean; restore(): void; show(): void; focus(): void } | undefined): boolean {
  if (!win) return false;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  return true;
}
