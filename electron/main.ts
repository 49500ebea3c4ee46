import { app, BrowserWindow, ipcMain, Menu, protocol, session, shell } from 'electron';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { CSP_HEADER } from './csp.ts';
import { registerIpc } from './ipc/register.ts';
import { LedService } from './led/service.ts';
import { CertTrust } from './link/trust.ts';
import { RecordFiles } from './records/store.ts';
import {
  allowPermission,
  APP_ORIGIN,
  APP_SCHEME,
  appHeaders,
  focusFirst,
  guardContents,
  isAppUrl,
  menuTemplate,
  REFUSED_SCHEMES,
  resolveAppPath,
  webPreferences,
} from './security.ts';

// Bundled to dist-electron/main.cjs; the renderer build lies in dist/renderer beside it.
const RENDERER_ROOT = join(__dirname, '..', 'dist', 'renderer');

// A folder of its own for a test or a portable copy; set before anything reads it (the
// single-instance lock lives there too).
if (process.env.SCHIRI_USER_DATA) app.setPath('userData', process.env.SCHIRI_USER_DATA);

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);

/**
 * The app's files come from its own scheme, read from disk here: no net.fetch, so nothing depends
 * on whether webRequest sees such a fetch (docs/reliability.md, "No remote content"). Every other
 * way out of the page is refused at the scheme: http, https, file and ftp answer 403 from our own
 * handlers, and the CSP allows nothing but the app's origin.
 */
function serveRenderer(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppPath(RENDERER_ROOT, request.url, join, normalize);
    if (!file) return new Response('not found', { status: 404 });
    try {
      return new Response(await readFile(file), { status: 200, headers: appHeaders(file, CSP_HEADER) });
    } catch {
      return new Response('not found', { status: 404, headers: appHeaders('x.txt', CSP_HEADER) });
    }
  });
  for (const scheme of REFUSED_SCHEMES) {
    session.defaultSession.protocol.handle(scheme, () => new Response('refused: Schiri loads nothing from outside', { status: 403 }));
  }
}

function lockDown(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((wc, permission, done, details) =>
    done(allowPermission(permission, details.requestingUrl ?? wc.getURL(), 'mediaTypes' in details ? details.mediaTypes : undefined)),
  );
  ses.setPermissionCheckHandler((_wc, permission, origin, details) =>
    allowPermission(permission, origin, 'mediaType' in details && details.mediaType ? [details.mediaType] : undefined),
  );
  app.on('web-contents-created', (_e, contents) => guardContents(contents, (url) => void shell.openExternal(url)));
}

/**
 * The link server's certificate (docs/link.md): Chromium's verdict stands, except for a
 * certificate the players compared and pinned; a refused one is noted for the app to show.
 */
function trustLinkServers(): CertTrust {
  const ses = session.defaultSession;
  const proc: Parameters<typeof ses.setCertificateVerifyProc>[0] = (req, done) => done(trust.verify(req.hostname, req.certificate.fingerprint, req.verificationResult === 'net::OK'));
  // A fresh verify proc after a pin, so no verdict Chromium kept from before stands in its way.
  const trust = new CertTrust(() => ses.setCertificateVerifyProc(proc));
  ses.setCertificateVerifyProc(proc);
  return trust;
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 860,
    minWidth: 720,
    minHeight: 560,
    title: 'Schiri',
    backgroundColor: '#f6f3ec',
    show: false,
    webPreferences: webPreferences(join(__dirname, 'preload.cjs'), !app.isPackaged),
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}/index.html`);
  return win;
}

// One app at a time: two would write the same game records. A second launch shows the first.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => focusFirst(BrowserWindow.getAllWindows()[0]));
  app.whenReady().then(() => {
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(app.isPackaged, process.platform)));
    serveRenderer();
    lockDown();
    const records = new RecordFiles(join(app.getPath('userData'), 'records'));
    // What a killed app left behind (temp files, locks) goes before the first record is opened.
    void records.sweep().catch((e: unknown) => console.error('records: sweep failed', e));
    const led = new LedService();
    const certs = trustLinkServers();
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
        ...certs.handlers(),
      },
      (event) => isAppUrl(event.senderFrame?.url ?? ''),
    );
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
