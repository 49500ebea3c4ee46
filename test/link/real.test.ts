import mqtt from 'mqtt';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../engine/core/rng.ts';
import { BOTS } from '../../engine/himmel-und-hoelle/bots.ts';
import { newJoinCode } from '../../engine/link/code.ts';
import { myTurn, recordOf, secretSeats, type LinkError, type LinkSpec } from '../../engine/link/session.ts';
import { seal } from '../../engine/link/wire.ts';
import { findGame } from '../../engine/registry.ts';
import { LinkPeer } from '../../link/client.ts';
import { startLinkServer, type LinkServer } from '../../link/server.ts';

// Two tables' session layers over a real broker on loopback with TLS, a certificate the test makes.
const DUEL: LinkSpec = { game: 'himmel-und-hoelle', options: { view: 'referee' }, tables: [[0], [1]] };
let server: LinkServer;
let ca: string;

beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  ca = pems.cert;
  server = await startLinkServer({ key: pems.private, cert: pems.cert });
}, 60_000);
afterAll(() => server?.close());

async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const random = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(Math.random() * 256));
const hex = (n: number) => Array.from(random(n), (b) => b.toString(16).padStart(2, '0')).join('');

describe('two tables over a real wss broker', () => {
  it('plays a whole duel; refuses a move that does not follow, a wrong and an old code; resumes after a cut; records equal', async () => {
    const oldCode = newJoinCode(random(15));
    const code = newJoinCode(random(15));
    const refused: LinkError[][] = [[], []];
    const dropped: Error[][] = [[], []];
    const peers = [0, 1].map(
      (t) => new LinkPeer({ url: server.url, code, spec: DUEL, table: t, id: `t${t}${hex(4)}`, tls: { ca }, onRefused: (e) => refused[t].push(e), onDropped: (e) => dropped[t].push(e) }),
    );
    // A third app with a wrong code joins the same server: it ends up in another room and hears nothing.
    const stranger = new LinkPeer({ url: server.url, code: newJoinCode(random(15)), spec: DUEL, table: 1, id: `x${hex(4)}`, tls: { ca } });
    await Promise.all([...peers, stranger].map((p) => p.ready()));

    const duel = findGame('himmel-und-hoelle')!;
    const rng = [createRng(11), createRng(12)];
    const same = () => peers[0].link.moves.length === peers[1].link.moves.length;
    let cut = false;
    let forged = false;
    for (let i = 0; i < 3000 && duel.toMove(peers[0].link.state) !== null; i++) {
      if (i === 20 && !forged) {
        forged = true;
        // An app holding the right code sends a move that does not follow (a move number ahead),
        // and one with an old code forges a message into this game's room: neither counts.
        const raw = await mqtt.connectAsync(server.url, { ca, clientId: `rogue${hex(4)}` });
        const topic = `schiri/v1/${code.room}`;
        const ahead = { kind: 'move' as const, seq: peers[1].link.moves.length + 3, by: 0, move: { type: 'end' }, before: '0'.repeat(32), after: '0'.repeat(32) };
        const before = peers[1].link.moves.length;
        await raw.publishAsync(topic, seal(code, 0, 'rogue', ahead), { qos: 1 });
        const oldMsg = JSON.parse(seal(oldCode, 0, 'rogue', ahead));
        oldMsg.room = code.room;
        await raw.publishAsync(topic, JSON.stringify(oldMsg), { qos: 1 });
        await until(() => refused[1].some((e) => e.code === 'wrong-seq') && dropped[1].some((e) => (e as { code?: string }).code === 'bad-mac'), 'the refusals');
        await raw.endAsync();
        expect(peers[1].link.moves.length).toBe(before);
        await until(same, 'both tables level again');
      }
      if (i >= 40 && !cut && myTurn(peers[0].link) && !secretSeats(peers[0].link)) {
        // Table 1's connection is cut; table 0 plays its turn on while it is away (those messages are lost to it).
        cut = true;
        await new Promise<void>((ok) => peers[1].client.end(true, {}, () => ok()));
        let away = 0;
        while (myTurn(peers[0].link) && !secretSeats(peers[0].link) && duel.toMove(peers[0].link.state) !== null) {
          peers[0].move(BOTS.greedy(peers[0].link.state as never, rng[0]) as never);
          away++;
        }
        await new Promise((r) => setTimeout(r, 100));
        expect(away).toBeGreaterThan(0);
        expect(peers[1].link.moves.length).toBe(peers[0].link.moves.length - away);
        peers[1].client.reconnect();
        await until(same, 'resume after the cut');
        continue;
      }
      const secret = secretSeats(peers[0].link);
      if (secret) {
        await until(() => secretSeats(peers[1].link) !== null || !same(), 'the battle at both tables');
        for (const t of [0, 1]) {
          const card = (BOTS.greedy(peers[t].link.state as never, rng[t]) as { cards: number[] }).cards[t];
          peers[t].choose(t, card, hex(16));
        }
        const n = peers[0].link.moves.length;
        await until(() => peers[0].link.moves.length > n && peers[1].link.moves.length > n, 'the battle cards');
        continue;
      }
      const t = peers.findIndex((p) => myTurn(p.link));
      const n = peers[t].link.moves.length;
      peers[t].move(BOTS.greedy(peers[t].link.state as never, rng[t]) as never);
      await until(() => peers[1 - t].link.moves.length > n, `move ${n + 1} at the other table`);
    }
    expect(duel.toMove(peers[0].link.state)).toBeNull();
    await until(same, 'both at the end');
    expect(recordOf(peers[1].link)).toEqual(recordOf(peers[0].link));
    expect(cut && forged).toBe(true);
    expect(stranger.link.moves).toHaveLength(0);
    // Only the rogue's move was refused, nothing of the real game.
    expect(refused[0].map((e) => `${e.code}: ${e.text.en}`)).toEqual([]);
    expect(refused[1].map((e) => e.code)).toEqual(['wrong-seq']);
    await Promise.all([...peers, stranger].map((p) => p.close()));
  }, 180_000);
});
