import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, type ElectronApplication } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The packaged app's wiring, in the real Electron (Playwright's Electron launcher): the window
 * loads from the schiri: scheme, the CSP holds and nothing leaves the app, a game starts and its
 * move is on disk, and a second launch focuses the first window instead of opening another.
 *
 * It needs the Electron binary (npm install without ELECTRON_SKIP_BINARY_DOWNLOAD) and, on Linux,
 * a display (or xvfb-run). Where either is missing it is skipped, and the skip says which.
 */
function electronBinary(): { path: string } | { reason: string } {
  let path: string;
  try {
    path = createRequire(import.meta.url)('electron') as unknown as string;
  } catch (e) {
    return { reason: `no Electron binary here (${(e as Error).message.split('\n')[0]}); install without ELECTRON_SKIP_BINARY_DOWNLOAD` };
  }
  if (!existsSync(path)) return { reason: `no Electron binary at ${path}` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return { reason: 'no display: run under xvfb-run' };
  return { path };
}

const found = electronBinary();
const skip = 'reason' in found ? found.reason : null;
const userData = mkdtempSync(join(tmpdir(), 'schiri-electron-'));
let app: ElectronApplication | undefined;

beforeAll(() => {
  if (skip) return;
  // The renderer is built by the e2e global setup; the main process and preload here.
  const built = spawnSync(process.execPath, ['scripts/build-electron.js'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build-electron failed: ${built.stderr}`);
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(userData, { recursive: true, force: true });
});

describe.skipIf(skip)(`the Electron app${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('loads its window from the schiri: scheme under the CSP, lets nothing out, and records a move on disk', async () => {
    app = await electron.launch({ executablePath: (found as { path: string }).path, args: ['.'], env: { ...process.env, SCHIRI_USER_DATA: userData } });
    const page = await app.firstWindow();
    await page.getByTestId('pick-plus').waitFor();
    expect(page.url()).toBe('schiri://app/index.html');

    // The CSP comes as a header of the scheme's own responses, and holds: no inline handler runs,
    // no remote fetch leaves, and the schemes the app refuses answer nothing.
    const csp = await page.evaluate<string | null>(`fetch('/index.html').then((r) => r.headers.get('content-security-policy'))`);
    expect(csp).toContain("default-src 'self'");
    expect(await page.evaluate(`new Promise((done) => { window.ran = false; const i = document.createElement('img'); i.setAttribute('onerror', 'window.ran = true'); i.src = 'data:,x'; document.body.append(i); setTimeout(() => done(window.ran), 300); })`)).toBe(false);
    for (const url of ['https://example.com/', 'http://127.0.0.1:9/', 'file:///etc/hostname']) {
      expect(await page.evaluate(`fetch(${JSON.stringify(url)}).then(() => 'fetched', () => 'refused')`), url).toBe('refused');
    }
    expect(await app.evaluate(({ protocol }) => ['https', 'http', 'file'].map((s) => protocol.isProtocolHandled(s)))).toEqual([true, true, true]);

    // A game starts and its move is on disk.
    await page.getByTestId('pick-plus').click();
    await page.getByTestId('start').click();
    await page.getByTestId('face-IV-3').click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('history').locator('li').first().waitFor();
    const record = readFileSync(join(userData, 'records', 'plus.jsonl'), 'utf8').trim().split('\n');
    expect(record.map((l) => JSON.parse(l).kind)).toEqual(['start', 'move']);
  }, 120_000);

  it('a second launch focuses the first window and ends', async () => {
    const first = app!;
    await first.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].minimize());
    const second = spawn((found as { path: string }).path, ['.'], { env: { ...process.env, SCHIRI_USER_DATA: userData }, stdio: 'ignore' });
    const code = await new Promise((r) => second.on('exit', r));
    expect(code).toBe(0);
    // The first hears of it in its own time ('second-instance').
    const state = () =>
      first.evaluate(({ BrowserWindow }) => {
        const w = BrowserWindow.getAllWindows();
        return { windows: w.length, minimized: w[0].isMinimized(), visible: w[0].isVisible() };
      });
    await expect.poll(state, { timeout: 10_000 }).toEqual({ windows: 1, minimized: false, visible: true });
  }, 120_000);
});
