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
/** A code whose check symbol is right (the typo check passes it) but under which no game runs. */
const NO_GAME = '0000-0000-0000-000B';

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
    await b.page.getByTestId('link-code').fill(NO_GAME);
    await b.page.getByTestId('link-join').click();
    await expect.poll(() => text(b.page, 'link-message'), { timeout: 20_000 }).toContain('Unter diesem Code antwortet kein Tisch');
    expect(await accessibilityProblems(b.page, { every: true })).toEqual([]);
    await b.page.getByTestId('link-code').fill(code.toLowerCase());
    await b.page.getByTestId('link-join').click();

    // Both tables in: each plays its side, the other's comes over the link.
    await expect.poll(() => text(a.page, 'link-status')).toBe('Verbunden mit dem anderen Tisch.');
    await expect.poll(() => text(b.page, 'link-status')).toBe('Verbunden mit dem anderen Tisch.');
    await expect(text(a.page, 'to-move')).resolves.toContain('Dieser Tisch (Himmel) ist am Zug');
    await expect(text(b.page, 'to-move')).resolves.toContain('Anderer Tisch (Himmel) ist am Zug');
    await expect(text(b.page, 'link-waits')).resolves.toBe('Der andere Tisch ist am Zug.');
    expect(await accessibilityProblems(b.page, { every: true })).toEqual([]);
    // Hölle cannot move Himmel's dice: nothing is entered for the other table.
    await expect(b.page.getByTestId('entry').count()).resolves.toBe(0);

    // Himmel walks a die to b5 (five steps, paid with pips) and ends; Hölle carries each step out.
    await sends(a.page, b.page, () => step(a.page, 'start-himmel', 0, 'b5'), 'b1');
    await expect(text(b.page, 'computer-action')).resolves.toContain('Bitte für den anderen Tisch ausführen');
    await carryOut(b.page, 5);
    await a.page.getByTestId('end-turn').click();
    await expect.poll(() => text(b.page, 'to-move')).toContain('Dieser Tisch (Hölle) ist am Zug');
    expect(await accessibilityProblems(b.page, { every: true })).toEqual([]);

    // Hölle walks to b6 and attacks b5: a battle, each table picks its card sealed.
    await sends(b.page, a.page, () => step(b.page, 'start-hoelle', 5, 'b6'), 'b10');
    await carryOut(a.page, 5);
    await b.page.getByTestId('field-b5').click();
    for (const [t, card] of [[b, 9], [a, 3]] as const) {
      await t.page.getByTestId('reveal').click();
      await t.page.getByTestId(`card-${card}`).click();
    }
    // The battle's outcome changes pips: carried out at both tables.
    for (const t of [a, b]) {
      await expect.poll(() => text(t.page, 'computer-move')).toContain('Hölle gewinnt');
      await carryOut(t.page, 1);
    }
    await expect(text(a.page, 'battle-result')).resolves.toContain('Karte 3');
    await b.page.getByTestId('free-pass').click();
    await b.page.getByTestId('end-turn').click();
    await expect.poll(() => text(a.page, 'to-move')).toContain('Dieser Tisch (Himmel) ist am Zug');

    // A move that does not follow: an app holding the code sends, as Himmel's table, a step Himmel
    // cannot make (die 0 from b5 to c10). Hölle refuses it, says why, and stands as it stood.
    const kept = JSON.parse((await storedItem(b.page, 'schiri.link.himmel-und-hoelle'))!) as { link: { moves: unknown[]; hashes: string[] } };
    const n = kept.link.moves.length;
    const rogue = await mqtt.connectAsync(server.url, { ca: pems.cert, clientId: 'rogue-e2e' });
    const bad = { kind: 'move' as const, seq: n, by: 0, move: { type: 'step', die: 0, to: 'c10', pay: 'ap' }, before: kept.link.hashes[n], after: '0'.repeat(32) };
    await rogue.publishAsync(`schiri/v1/${parseJoinCode(code).room}`, seal(parseJoinCode(code), 0, 'rogue', bad), { qos: 1 });
    await rogue.endAsync();
    await expect.poll(() => text(b.page, 'link-notice')).toContain('Zug des anderen Tisches nicht angenommen');
    const before = await history(b.page);
    await expect(b.page.getByTestId('computer-action').count()).resolves.toBe(0);

    // Turns of two taps each, both ways (a die onto the board, then one field on; the die stays
    // picked): more samples of the latency.
    for (const [from, to, area, die, field, next] of [
      [a, b, 'start-himmel', 1, 'a1', 'a2'],
      [b, a, 'start-hoelle', 6, 'a10', 'a9'],
      [a, b, 'start-himmel', 2, 'c1', 'c2'],
      [b, a, 'start-hoelle', 7, 'c10', 'c9'],
    ] as const) {
      await sends(from.page, to.page, () => step(from.page, area, die, field), field);
      await carryOut(to.page, 1);
      await sends(from.page, to.page, () => from.page.getByTestId(`field-${next}`).click(), next);
      await carryOut(to.page, 1);
      await from.page.getByTestId('end-turn').click();
      await expect.poll(() => text(to.page, 'to-move')).toContain('Dieser Tisch');
    }
    expect(await history(b.page)).toBe(before + 12);

    // The server goes down: both tables say so; Himmel plays on; the server comes back on its port.
    await server.close();
    for (const t of [a, b]) await expect.poll(() => t.page.getByTestId('link-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('lost');
    await expect(text(a.page, 'link-status')).resolves.toBe('Verbindung verloren. Schiri versucht es weiter; kein Zug geht verloren.');
    expect(await accessibilityProblems(a.page, { every: true })).toEqual([]);
    await step(a.page, 'start-himmel', 3, 'b1');
    server = await startLinkServer({ key: pems.private, cert: pems.cert, port: server.port });
    for (const t of [a, b]) await expect.poll(() => t.page.getByTestId('link-status').getAttribute('data-status'), { timeout: 30_000 }).toMatch(/resumed|connected/);
    await expect.poll(() => b.page.getByTestId('computer-action').count(), { timeout: 20_000 }).toBe(1);
    await expect(lit(b.page, 'b1')).resolves.toBe('computer');

    // Hölle's app is reloaded before it carries the move out: it dials again and shows it again.
    await b.page.reload();
    await expect.poll(() => b.page.getByTestId('computer-action').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => b.page.getByTestId('link-status').getAttribute('data-status'), { timeout: 30_000 }).toMatch(/resumed|connected/);
    await carryOut(b.page, 1);
    await a.page.getByTestId('end-turn').click();
    await expect.poll(() => text(b.page, 'to-move')).toContain('Dieser Tisch (Hölle) ist am Zug');
    await sends(b.page, a.page, () => step(b.page, 'start-hoelle', 8, 'b10'), 'b10');
    await carryOut(a.page, 1);

    // Both records hold the same game, move for move; the other table's moves are marked remote.
    const [ma, mb] = [await moves(a.page), await moves(b.page)];
    expect(ma.length).toBeGreaterThan(20);
    expect(mb).toEqual(ma);
    expect(a.problems.filter((p) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(p))).toEqual([]);
    expect(b.problems.filter((p) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(p))).toEqual([]);
  }, 300_000);
});
