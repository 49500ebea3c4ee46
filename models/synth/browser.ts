/**
 * Headless Chromium (Debian's, through playwright-core, as the e2e tests launch it) with the
 * page bundle loaded: WebGL 2 runs on SwiftShader, Chromium's CPU rasteriser, so no GPU is needed.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { pageBundle } from './bundle.ts';
import type { Rendered, SynthPage } from './scene/result.ts';
import type { SceneSpec } from './scene/spec.ts';

export interface Renderer {
  /** The page, for benchmarks and tests that look inside. */
  page: Page;
  render(spec: SceneSpec): Promise<Rendered>;
  close(): Promise<void>;
}

export interface RendererOptions {
  /** Pictures the page can use by key (board prints), as data URLs. */
  images?: Map<string, string>;
}

export async function launchRenderer(opts: RendererOptions = {}): Promise<Renderer> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--ignore-gpu-blocklist'],
  });
  try {
    const page: Page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: await pageBundle() });
    for (const [key, url] of opts.images ?? []) await page.evaluate(([k, u]) => (globalThis as unknown as { synth: SynthPage }).synth.addImage(k, u), [key, url] as const);
    return {
      page,
      async render(spec) {
        const out = await page.evaluate((s) => (globalThis as unknown as { synth: SynthPage }).synth.render(s), spec);
        if (problems.length) throw new Error(`the render page reported: ${problems.splice(0).join('; ')}`);
        return out;
      },
      close: () => browser.close(),
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
}
