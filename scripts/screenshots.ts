/**
 * `npm run screenshots`: builds the renderer, serves it, and saves the README's pictures to
 * docs/screenshots/ with Debian's Chromium.
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';

await build({ logLevel: 'warn' });
const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const url = server.resolvedUrls!.local[0];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  await mkdir('docs/screenshots', { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  await page.goto(url);
  await page.screenshot({ path: 'docs/screenshots/games.png' });

  await page.getByTestId('pick-plus').click();
  await page.getByTestId('player-0').fill('Anna');
  await page.getByTestId('player-1').fill('Ben');
  await page.getByTestId('start').click();
  await page.getByTestId('face-IV-3').click();
  await page.getByTestId('confirm').click();
  await page.getByTestId('hint-toggle').check();
  await page.getByTestId('face-V-4').click();
  await page.screenshot({ path: 'docs/screenshots/plus.png' });

  await page.getByTestId('home').click();
  await page.getByTestId('pick-himmel-und-hoelle').click();
  await page.getByTestId('start').click();
  await page.getByTestId('area-start-himmel').getByTestId('die-0').click();
  await page.setViewportSize({ width: 1100, height: 860 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: 'docs/screenshots/himmel-und-hoelle.png' });
  console.log('wrote docs/screenshots/games.png, plus.png, himmel-und-hoelle.png');
} finally {
  await browser.close();
  await server.close();
}
