/**
 * The one Content Security Policy of the renderer. Electron sends it as a header on every
 * response of its scheme; the Vite build writes the same policy into index.html as a meta tag so
 * the browser build (`npm run web`, the end-to-end tests) runs under it too.
 * 'wasm-unsafe-eval' lets opencv-wasm and TF.js compile WebAssembly; nothing allows eval of JS,
 * inline scripts, inline style attributes or any remote origin but one kind of connection:
 * connect-src 'wss:' lets the link to another table (docs/link.md) dial the server the players
 * chose. The server is typed in at run time and the policy is fixed at build time (the meta tag),
 * so no single host can be named; 'wss:' allows TLS WebSockets only, to any host, and nothing else
 * (no fetch, no http(s), no plain ws). The app dials only the address set in the link's setup.
 */
export const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self' 'wasm-unsafe-eval'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'media-src': "'self' blob: mediastream:",
  'worker-src': "'self' blob:",
  'connect-src': "'self' wss:",
  'font-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
};

const join = (d: Record<string, string>) =>
  Object.entries(d)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');

/** As a meta tag; frame-ancestors is ignored there, so it is left to the header. */
export const CSP_META = join(CSP_DIRECTIVES);
export const CSP_HEADER = join({ ...CSP_DIRECTIVES, 'frame-ancestors': "'none'" });
