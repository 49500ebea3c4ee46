import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newJoinCode } from '../../engine/link/code.ts';
import { offeredSpec, openLink, receive, type LinkSpec } from '../../engine/link/session.ts';
import { askSpec, LinkPeer } from '../../link/client.ts';
import { startLinkServer, type LinkServer } from '../../link/server.ts';

// Joining with the code alone: the room is asked for its game, a table in it offers the spec.
const DUEL: LinkSpec = { game: 'himmel-und-hoelle', options: { view: 'referee', attackWithPips: true }, tables: [[1], [0]] };
const random = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(Math.random() * 256));

describe('ask and offer (pure)', () => {
  it('a table answers an ask with its spec, and ignores an offer', () => {
    const link = openLink(DUEL, 0);
    const asked = receive(link, 1, { kind: 'ask' });
    expect(asked.send).toEqual([{ kind: 'offer', spec: DUEL }]);
    expect(asked.link).toBe(link);
    expect(receive(link, 1, { kind: 'offer', spec: {} }).send).toEqual([]);
  });

  it('an offered spec is checked: another game, odd options or seats are refused', () => {
    expect(offeredSpec(DUEL as never, 'himmel-und-hoelle')).toEqual(DUEL);
    for (const bad of [{ ...DUEL, game: 'plus' }, { ...DUEL, options: { view: { deep: 1 } } }, { ...DUEL, tables: [[0]] }, { ...DUEL, tables: [[0], ['1']] }, null]) {
      expect(() => offeredSpec(bad as never, 'himmel-und-hoelle')).toThrow(/anderes Spiel|Another game/);
    }
  });
});

describe('ask and offer over a real wss broker', () => {
  let server: LinkServer;
  let ca: string;
  beforeAll(async () => {
    const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], { keyType: 'ec', algorithm: 'sha256', extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] });
    ca = pems.cert;
    server = await startLinkServer({ key: pems.private, cert: pems.cert });
  }, 60_000);
  afterAll(() => server?.close());

  it('the joining table learns the game; a wrong code gets no answer', async () => {
    const code = newJoinCode(random(15));
    const opener = new LinkPeer({ url: server.url, code, spec: DUEL, table: 0, id: 'opener1', tls: { ca } });
    await opener.ready();
    expect(await askSpec({ url: server.url, code, id: 'joiner1', tls: { ca } })).toEqual(DUEL);
    await expect(askSpec({ url: server.url, code: newJoinCode(random(15)), id: 'joiner2', tls: { ca } }, 800)).rejects.toThrow('no-answer');
    await expect(askSpec({ url: 'wss://127.0.0.1:1', code, id: 'joiner3', tls: { ca } }, 2000)).rejects.toThrow(/unreachable|ECONNREFUSED/);
    await opener.close();
  }, 60_000);
});
