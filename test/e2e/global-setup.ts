import type { TestProject } from 'vitest/node';
import { build, preview, type PreviewServer } from 'vite';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: PreviewServer | undefined;

/** Builds the renderer once and serves it the way `npm run web` does, on a free local port. */
export async function setup(project: TestProject): Promise<void> {
  await build({ logLevel: 'warn' });
  server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server did not report its URL');
  project.provide('baseURL', url);
}

export async function teardown(): Promise<void> {
  await server?.close();
}
