import { checkServer, DEFAULT_SERVER } from './server.ts';

/** The server address this machine used last (the link's setup), or the preset. */
const KEY = 'schiri.link.server';

export function loadServer(): string {
  try {
    const s = localStorage.getItem(KEY);
    if (s && 'url' in checkServer(s)) return s;
  } catch {
    // Storage unavailable: the default.
  }
  return DEFAULT_SERVER;
}

export function saveServer(url: string): void {
  try {
    localStorage.setItem(KEY, url);
  } catch {
    // Not kept: typed again next time.
  }
}
