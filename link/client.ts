import mqtt, { type MqttClient } from 'mqtt';
import type { JoinCode } from '../engine/link/code.ts';
import { hello, localChoice, localMove, openLink, receive, type Link, type LinkError, type LinkSpec, type Played, type Step } from '../engine/link/session.ts';
import { open, seal, type Body } from '../engine/link/wire.ts';
import type { Json } from '../engine/core/contract.ts';

/**
 * One table's end of the link: the pure session (engine/link) over MQTT.js. No Node API here, so
 * the renderer can use it as it is (MQTT.js picks its browser build there); a Node caller passes
 * `tls.ca` to trust a club's own certificate.
 */
export interface PeerOptions {
  url: string;
  code: JoinCode;
  spec: LinkSpec;
  table: number;
  /** This app's instance id (lowercase letters and digits). */
  id: string;
  tls?: { ca: string };
  /** The link as this table left it (a reload): resumed from there instead of the game's start. */
  link?: Link;
  /** Moves applied here from the other tables (and the joint moves of secret choices). */
  onApplied?(played: Played[]): void;
  /** A refusal, either ours of a remote message or the other table's of ours. */
  onRefused?(e: LinkError): void;
  /** A message that failed its checks (wrong code, malformed): dropped and counted. */
  onDropped?(reason: Error): void;
  /** A message of another table passed its checks: that table is in the game now. */
  onHeard?(from: number): void;
}

export class LinkPeer {
  link: Link;
  readonly client: MqttClient;
  private readonly topic: string;

  constructor(private readonly o: PeerOptions) {
    this.link = o.link ?? openLink(o.spec, o.table);
    this.topic = `schiri/v1/${o.code.room}`;
    this.client = mqtt.connect(o.url, {
      clientId: `schiri-${o.id}`,
      clean: true,
      reconnectPeriod: 200,
      connectTimeout: 10_000,
      ...(o.tls ? { ca: o.tls.ca } : {}),
    });
    // Every (re)connect: subscribe anew and say how far this table is; the other answers with what is missing.
    this.client.on('connect', () => {
      this.client.subscribe(this.topic, { qos: 1 }, (e) => {
        if (!e) this.publish([hello(this.link)]);
      });
    });
    this.client.on('message', (_t, payload) => this.onMessage(payload.toString('utf8')));
  }

  /** Resolves once connected and subscribed the first time. */
  ready(): Promise<void> {
    return new Promise((ok, fail) => {
      if (this.client.connected) return ok();
      this.client.once('connect', () => setTimeout(ok, 0));
      this.client.once('error', fail);
    });
  }

  move(move: Json): Played[] {
    return this.take(localMove(this.link, move));
  }

  choose(seat: number, part: Json, nonce: string): Played[] {
    return this.take(localChoice(this.link, seat, part, nonce));
  }

  close(): Promise<void> {
    return new Promise((ok) => this.client.end(false, {}, () => ok()));
  }

  private take(step: Step): Played[] {
    this.link = step.link;
    this.publish(step.send);
    if (step.refused) this.o.onRefused?.(step.refused);
    return step.applied;
  }

  private onMessage(text: string): void {
    let env;
    try {
      env = open(this.o.code, text);
    } catch (e) {
      this.o.onDropped?.(e as Error);
      return;
    }
    if (env.id === this.o.id) return;
    if (env.from !== this.link.table) this.o.onHeard?.(env.from);
    const applied = this.take(receive(this.link, env.from, env.body));
    if (applied.length) this.o.onApplied?.(applied);
  }

  private publish(bodies: Body[]): void {
    for (const b of bodies) this.client.publish(this.topic, seal(this.o.code, this.o.table, this.o.id, b), { qos: 1 });
  }
}

/**
 * Joining with the code alone: asks the room which game it plays and resolves to the spec a table
 * in it offers (still to be checked with `offeredSpec`). Rejects when no table answers within
 * `ms`, or the server cannot be reached.
 */
export function askSpec(o: Pick<PeerOptions, 'url' | 'code' | 'id' | 'tls'>, ms = 10_000): Promise<Json> {
  const topic = `schiri/v1/${o.code.room}`;
  const client = mqtt.connect(o.url, { clientId: `schiri-${o.id}`, clean: true, reconnectPeriod: 0, connectTimeout: ms, ...(o.tls ? { ca: o.tls.ca } : {}) });
  return new Promise<Json>((ok, fail) => {
    let settled = false;
    const done = (e: Error | null, spec?: Json) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.end(true);
      if (e) fail(e);
      else ok(spec!);
    };
    const timer = setTimeout(() => done(new Error('no-answer')), ms);
    client.on('error', (e) => done(e));
    client.on('close', () => done(new Error('unreachable')));
    client.on('connect', () => {
      client.subscribe(topic, { qos: 1 }, (e) => {
        if (e) return done(e);
        client.publish(topic, seal(o.code, 0, o.id, { kind: 'ask' }), { qos: 1 });
      });
    });
    client.on('message', (_t, payload) => {
      try {
        const env = open(o.code, payload.toString('utf8'));
        if (env.id !== o.id && env.body.kind === 'offer') done(null, env.body.spec);
      } catch {
        // Not for this code, or malformed: not an answer.
      }
    });
  });
}
