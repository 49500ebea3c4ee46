import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Frame } from '../../vision/types.ts';
import { writeY4m } from './y4m.ts';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export interface App {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and CSP violations seen so far: a clean run has none. */
  problems: string[];
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A .y4m or .mjpeg file Chromium plays as its webcam. */
  fakeVideo?: string;
  /** A webcam showing Chromium's own test pattern (for layout, not for reading). */
  fakeCamera?: boolean;
  /** Browser storage to start from (e.g. a saved game record). */
  localStorage?: Record<string, string>;
}

/** Debian's Chromium, never a downloaded browser; no network beyond the local server. */
export async function launch(opts: OpenOptions = {}): Promise<Browser> {
  const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
  if (opts.fakeVideo || opts.fakeCamera) args.push('--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream');
  if (opts.fakeVideo) args.push(`--use-file-for-fake-video-capture=${opts.fakeVideo}`);
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
}

/** Puts `items` in the storage of the context's pages once per tab, so a reload inside a test sees what the app wrote since. */
export async function seedStorage(context: BrowserContext, items: Record<string, string>): Promise<void> {
  await context.addInitScript(
    `if (!sessionStorage.getItem('seeded')) { for (const [k, v] of Object.entries(${JSON.stringify(items)})) localStorage.setItem(k, v); sessionStorage.setItem('seeded', '1'); }`,
  );
}

async function openApp(opts: OpenOptions = {}): Promise<App> {
  const browser = await launch(opts);
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const problems: string[] = [];
  const baseURL = inject('baseURL');
  if (opts.localStorage) await seedStorage(context, opts.localStorage);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
  await page.goto(baseURL);
  return {
    page,
    context,
    problems,
    close: () => browser.close(),
  };
}

/**
 * Opens the app for the tests of one file: every app a test opened (a test may open it again to
 * see what survived a restart) is closed after that test, however it ended.
 */
export function openPerTest(): (opts?: OpenOptions) => Promise<App> {
  const opened: App[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });
  return async (opts) => {
    const app = await openApp(opts);
    opened.push(app);
    return app;
  };
}

/**
 * A webcam video for the tests of one file (or one `describe`, called inside it): `frames`
 * rendered and written as Y4M before they run (none when it returns null, e.g. without the dice
 * photos), removed after. A long video of large frames comes as chunks of frames, written one
 * after another, so it is never in memory at once. The returned function gives the file's path
 * once the tests run.
 */
export function webcamVideo(name: string, frames: () => Frame[] | Frame[][] | null, fps: number, opts: { videoRange?: boolean } = {}): () => string {
  let dir = '';
  let file = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), `schiri-${name}-`));
    const f = frames();
    if (!f) return;
    file = join(dir, `${name}.y4m`);
    writeY4m(file, Array.isArray(f[0]) ? (f as Frame[][]) : [f as Frame[]], fps, opts);
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return () => file;
}

export const text = (page: Page, id: string) => page.getByTestId(id).textContent();

/**
 * The docs' pictures of the camera screens (README, docs/camera.md), which only these tests can
 * take: they alone play a webcam video. With SCHIRI_DOC_PICTURES set (`npm run
 * screenshots:camera`) the page as the test sees it at this step is saved as
 * docs/screenshots/NAME.png (`show` scrolled into view first); otherwise nothing happens.
 */
export async function docPicture(page: Page, name: string, show?: Locator): Promise<void> {
  if (!process.env.SCHIRI_DOC_PICTURES) return;
  await show?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots', `${name}.png`) });
}

/** Waits until `id` says `want`; else fails with what the screen and the camera say instead. */
export async function waitText(page: Page, id: string, want: string, timeout = 90_000) {
  try {
    await page.getByTestId(id).filter({ hasText: want }).waitFor({ timeout });
  } catch {
    const now = async (x: string) => ((await page.getByTestId(x).count()) > 0 ? await text(page, x) : '(none)');
    throw new Error(`${id} never said "${want}": it says "${await now(id)}"; message "${await now('message')}"; camera "${await now('camera-status')}", "${await now('camera-seen')}"`);
  }
}

/**
 * axe-core's findings on what the page shows now, one line each (rule, the element, what is
 * wrong): an accessible screen has none. `every` counts findings of any impact (minor and
 * moderate too, issue 64); without it only serious and critical ones.
 */
export async function accessibilityProblems(page: Page, { every = false }: { every?: boolean } = {}): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => every || v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} · ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`));
}
