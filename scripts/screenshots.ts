/**
 * `npm run screenshots [name …]`: builds the renderer, serves it, and saves with Debian's Chromium every
 * screen at 1280x800 and 1024x640 to docs/screenshots/1280x800/ and docs/screenshots/1024x640/
 * (the screens of test/e2e/screens.ts, which the layout test checks), and the README's pictures.
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';
import { build, preview } from 'vite';
import { SCREENS, type Screen } from '../test/e2e/screens.ts';

// `npm run screenshots -- himmel-und-hoelle plus-end`: only the screens named (each name a prefix).
const wanted = process.argv.slice(2);
const chosen = wanted.length ? SCREENS.filter((s) => wanted.some((w) => s.name.startsWith(w))) : SCREENS;
if (chosen.length === 0) throw new Error(`no screen is named ${wanted.join(', ')}: ${SCREENS.map((s) => s.name).join(', ')}`);

await build({ logLevel: 'warn' });
const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const url = server.resolvedUrls!.local[0];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Chromium's fake webcam (its test pattern) for the screen with the camera on.
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
});

async function shoot(b: Browser, screen: Screen, size: { width: number; height: number }, path: string) {
  const context = await b.newContext({ viewport: size });
  if (screen.storage) {
    const items = JSON.stringify(screen.storage);
    await context.addInitScript(`if (!sessionStorage.getItem('seeded')) { for (const [k, v] of Object.entries(${items})) localStorage.setItem(k, v); sessionStorage.setItem('seeded', '1'); }`);
  }
  const page = await context.newPage();
  await page.goto(url);
  await screen.go(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path });
  await context.close();
}

try {
  for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 640 }]) {
    const dir = `docs/screenshots/${size.width}x${size.height}`;
    await mkdir(dir, { recursive: true });
    for (const screen of chosen) await shoot(browser, screen, size, `${dir}/${screen.name}.png`);
    console.log(`wrote ${chosen.length} screens to ${dir}/`);
  }
  // The README's and the docs' pictures: the same screens at 1280x800.
  const named: [string, string][] = [
    ['games', 'games'],
    ['plus', 'plus'],
    ['himmel-und-hoelle', 'himmel-und-hoelle'],
    ['engel-und-bengel', 'engel-und-bengel'],
    ['engel-und-bengel-editor', 'engel-und-bengel-editor'],
    ['diabolo', 'diabolo'],
    ['zwirn', 'zwirn'],
  ];
  const readme = named.filter(([n]) => chosen.some((s) => s.name === n));
  for (const [screen, file] of readme) await shoot(browser, SCREENS.find((s) => s.name === screen)!, { width: 1280, height: 800 }, `docs/screenshots/${file}.png`);
  if (readme.length) console.log(`wrote docs/screenshots/${readme.map(([, f]) => `${f}.png`).join(', ')}`);
} finally {
  await browser.close();
  await server.close();
}
