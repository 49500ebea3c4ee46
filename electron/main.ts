import { app, BrowserWindow, ipcMain, net, protocol, session, shell } from 'electron';
import { join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CSP_HEADER } from './csp.ts';
import { registerIpc } from './ipc/register.ts';
import { LedService } from './led/service.ts';
import { RecordFiles } from './records/store.ts';
import { allowPermission, APP_ORIGIN, APP_SCHEME, isAppUrl, resolveAppPath, webPreferences } from './security.ts';

// Bundled to dist-electron/main.cjs; the renderer build lies in dist/renderer beside it.
const RENDERER_ROOT = join(__dirname, '..', 'dist', 'renderer');

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);

function serveRenderer(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppPath(RENDERER_ROOT, request.url, join, normalize);
    if (!file) return new Response('not found', { status: 404 });
    const res = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(res.headers);
    headers.set('Content-Security-Policy', CSP_HEADER);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(res.body, { status: res.status, headers });
  });
}

function lockDown(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((wc, permission, done, details) => done(allowPermission(permission, details.requestingUrl ?? wc.getURL())));
  ses.setPermissionCheckHandler((_wc, permission, origin) => allowPermission(permission, origin));
  // No remote content: anything that is not the app's own scheme or a local camera stream is refused.
  ses.webRequest.onBeforeRequest((details, done) => {
    const ok = isAppUrl(details.url) || details.url.startsWith('devtools:') || details.url.startsWith('blob:') || details.url.startsWith('data:');
    done({ cancel: !ok });
  });
  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      // Links to documentation open in the user's browser, never inside the app.
      if (url.startsWith('https://')) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1200,
    height: 860,
    minWidth: 720,
    minHeight: 560,
    title: 'Schiri',
    backgroundColor: '#f6f3ec',
    show: false,
    webPreferences: webPreferences(join(__dirname, 'preload.cjs')),
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}/index.html`);
}

app.whenReady().then(() => {
  serveRenderer();
  lockDown();
  const records = new RecordFiles(join(app.getPath('userData'), 'records'));
  const led = new LedService();
  // The board goes dark before the app is gone: a board with WLED JSON or an Adalight sketch would
  // otherwise keep showing the last fields.
  let darkened = false;
  app.on('will-quit', (event) => {
    if (darkened) return;
    event.preventDefault();
    void led.dispose().finally(() => ((darkened = true), app.quit()));
  });
  registerIpc(
    ipcMain,
    {
      'records:read': (id) => records.read(id),
      'records:append': (id, lines) => records.append(id, lines),
      'records:replace': (id, lines) => records.replace(id, lines),
      'records:remove': (id) => records.remove(id),
      'records:keep': (id) => records.keep(id),
      ...led.handlers(),
    },
    (event) => isAppUrl(event.senderFrame?.url ?? ''),
  );
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
