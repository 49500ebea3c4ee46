import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import selfsigned from 'selfsigned';
import { startLinkServer } from './server.ts';

/**
 * `npm run serve-link [-- --port 8443 --host 0.0.0.0 --cert cert.pem --key key.pem]`: the link
 * server for a club's own network. Without a certificate it makes a self-signed one and prints
 * its fingerprint, which the joining apps compare before they trust it (docs/link.md).
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const host = arg('host') ?? '127.0.0.1';
const port = Number(arg('port') ?? 8443);
let key: string;
let cert: string;
const certFile = arg('cert');
const keyFile = arg('key');
if (certFile && keyFile) {
  cert = readFileSync(certFile, 'utf8');
  key = readFileSync(keyFile, 'utf8');
} else {
  const pems = await selfsigned.generate([{ name: 'commonName', value: host }], { keyType: 'ec', algorithm: 'sha256', extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: host === '0.0.0.0' ? '127.0.0.1' : host }] }] });
  cert = pems.cert;
  key = pems.private;
  console.log(`Selbst signiertes Zertifikat / self-signed certificate, SHA-256 ${new X509Certificate(pems.cert).fingerprint256}`);
}
const server = await startLinkServer({ key, cert, port, host });
console.log(`Schiri-Link-Server läuft / link server running: ${server.url}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
