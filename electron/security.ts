import type { WebPreferences } from 'electron';

/** The app's own scheme: the renderer is served from it, and only it may call IPC or the camera. */
export const APP_SCHEME = 'schiri';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

export function webPreferences(preload: string): WebPreferences {
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

/** The camera is the only permission the app asks for, and only for its own page. */
export function allowPermission(permission: string, requestingUrl: string): boolean {
  return permission === 'media' && isAppUrl(requestingUrl);
}

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
