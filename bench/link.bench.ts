import selfsigned from 'selfsigned';
import { createRng } from '../engine/core/rng.ts';
import { newJoinCode } from '../engine/link/code.ts';
import { myTurn, type LinkSpec } from '../engine/link/session.ts';
import { findGame } from '../engine/registry.ts';
import { LinkPeer } from '../link/client.ts';
import { startLinkServer } from '../link/server.ts';

/**
 * Latency of the link on loopback: from a move made at one table (`LinkPeer.move`, the engine's
 * check, seal, publish) to the same move applied at the other (delivered by the broker over wss,
 * opened, checked by that table's engine). Plus games with random moves, both directions.
 */
const SAMPLES = 300;
const SPEC: LinkSpec = { game: 'plus', options: { variant: 1 }, tables: [[0], [1]] };

export default async function bench(): Promise<void> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], { keyType: 'ec', algorithm: 'sha256', extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] });
  const server = await startLinkServer({ key: pems.private, cert: pems.cert });
  const plus = findGame('plus')!;
  const rng = createRng(7);
  const times: number[] = [];
  let games = 0;
  while (times.length < SAMPLES) {
    const code = newJoinCode(crypto.getRandomValues(new Uint8Array(15)));
    let arrived: (() => void) | null = null;
    const peers = [0, 1].map((t) => new LinkPeer({ url: server.url, code, spec: SPEC, table: t, id: `b${t}g${games}`, tls: { ca: pems.cert }, onApplied: () => arrived?.() }));
    await Promise.all(peers.map((p) => p.ready()));
    // Both hellos are through before the first timed move.
    await new Promise((r) => setTimeout(r, 50));
    while (plus.toMove(peers[0].link.state) !== null && times.length < SAMPLES) {
      const t = peers.findIndex((p) => myTurn(p.link));
      const got = new Promise<void>((ok) => (arrived = ok));
      const start = performance.now();
      peers[t].move(plus.bots!.random(peers[t].link.state, rng));
      await got;
      times.push(performance.now() - start);
    }
    await Promise.all(peers.map((p) => p.close()));
    games++;
  }
  await server.close();
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(`link: move made at one table -> applied at the other, loopback wss: ${times.length} moves in ${games} Plus games, p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${times[times.length - 1].toFixed(1)} ms`);
}
