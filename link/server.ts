import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { MAX_MESSAGE } from '../engine/link/wire.ts';

/**
 * The link server: an MQTT broker (aedes) over WebSockets with TLS. It relays sealed messages
 * within a room and reads none of them; what it enforces is only what keeps it usable for
 * everyone: a client subscribes to one room at a time (no wildcards), publishes only there, no
 * retained messages, no message past MAX_MESSAGE.
 */
export interface LinkServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const TOPIC = /^schiri\/v1\/[0-9a-f]{24}$/;

export async function startLinkServer(opts: { key: string; cert: string; port?: number; host?: string }): Promise<LinkServer> {
  const broker = await Aedes.createBroker({ drainTimeout: 10_000, maxTopicLevels: 3 });
  broker.authorizeSubscribe = (_client, sub, done) => (TOPIC.test(sub.topic) ? done(null, sub) : done(new Error('only a room topic'), null));
  broker.authorizePublish = (_client, packet, done) => {
    if (!TOPIC.test(packet.topic)) return done(new Error('only a room topic'));
    if (packet.retain) return done(new Error('no retained messages'));
    if (packet.payload.length > MAX_MESSAGE) return done(new Error('message too long'));
    done(null);
  };
  const https = createServer({ key: opts.key, cert: opts.cert });
  const wss = new WebSocketServer({ server: https, maxPayload: MAX_MESSAGE + 1024 });
  wss.on('connection', (socket, req) => broker.handle(createWebSocketStream(socket) as never, req as never));
  await new Promise<void>((ok, fail) => {
    https.once('error', fail);
    https.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => ok());
  });
  const { port } = https.address() as AddressInfo;
  const host = opts.host ?? '127.0.0.1';
  return {
    url: `wss://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((ok) => broker.close(() => ok()));
      await new Promise<void>((ok) => wss.close(() => ok()));
      await new Promise<void>((ok) => https.close(() => ok()));
    },
  };
}
