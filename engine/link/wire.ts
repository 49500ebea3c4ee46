import type { Json } from '../core/contract.ts';
import { UserError } from '../core/text.ts';
import type { JoinCode } from './code.ts';
import { macHex, sameHex, stableJson } from './hash.ts';

/**
 * What two tables say to each other, and the envelope it travels in. Everything that arrives is
 * checked here as an IPC message is: shape, kinds, sizes and the MAC under the room's key, before
 * the session layer looks at it. A message that fails is dropped with a reason, never half read.
 */

/** A table says how far it is (on connecting, and in answer to one that connected). */
export interface Hello {
  kind: 'hello';
  /** Moves this table has. */
  have: number;
  /** The position after them. */
  hash: string;
  /** The game both must be playing (hash of the link's spec). */
  spec: string;
  /** True when this hello answers another: it is not answered again. */
  answer: boolean;
}

/** A move of a seat the sending table owns (or one it passes on after a dropped connection). */
export interface MoveBody {
  kind: 'move';
  seq: number;
  /** The table whose seat made the move. */
  by: number;
  move: Json;
  before: string;
  after: string;
}

/** A choice made in secret (a battle card), bound by a commitment until every seat has chosen. */
export interface Seal {
  kind: 'seal';
  seq: number;
  seat: number;
  commit: string;
}

export interface Unseal {
  kind: 'unseal';
  seq: number;
  seat: number;
  part: Json;
  nonce: string;
}

/** The receiver's no to a message: the sender learns its move did not count. */
export interface Refuse {
  kind: 'refuse';
  seq: number;
  code: string;
}

/** A table that holds only the code asks which game the room plays (it joins with the code alone). */
export interface Ask {
  kind: 'ask';
}

/** The answer to an ask: the link's spec (checked by the joining table before it plays by it). */
export interface Offer {
  kind: 'offer';
  spec: Json;
}

export type Body = Hello | MoveBody | Seal | Unseal | Refuse | Ask | Offer;

export interface Envelope {
  v: 1;
  room: string;
  /** The sending table's number in the game. */
  from: number;
  /** The sending app's instance: a table that answers itself is told by this. */
  id: string;
  body: Body;
  mac: string;
}

export type WireErrorCode = 'bad-message' | 'bad-mac' | 'other-room';

export class WireError extends UserError<WireErrorCode> {
  override name = 'WireError';
}

/** A message is at most this long: a move is a few hundred bytes, a duel state is never sent. */
export const MAX_MESSAGE = 16 * 1024;
const MAX_DEPTH = 12;
const MAX_SEQ = 100_000;
const MAX_TABLES = 12;
const HEX32 = /^[0-9a-f]{32}$/;
const HEX64 = /^[0-9a-f]{64}$/;

const macText = (e: Omit<Envelope, 'mac'>) => stableJson({ v: e.v, room: e.room, from: e.from, id: e.id, body: e.body });

export function seal(code: JoinCode, from: number, id: string, body: Body): string {
  const e = { v: 1 as const, room: code.room, from, id, body };
  return JSON.stringify({ ...e, mac: macHex(code.key, macText(e)) });
}

/** The envelope in `text`, checked whole; throws a WireError saying what is wrong. */
export function open(code: JoinCode, text: string): Envelope {
  const bad = (de: string, en: string): never => {
    throw new WireError('bad-message', { de: `Nachricht der anderen Tafel verworfen: ${de}`, en: `Message from the other table dropped: ${en}` });
  };
  if (typeof text !== 'string') bad('kein Text', 'not text');
  if (text.length > MAX_MESSAGE) bad(`länger als ${MAX_MESSAGE} Zeichen`, `longer than ${MAX_MESSAGE} characters`);
  if (depth(text) > MAX_DEPTH) bad('zu tief verschachtelt', 'nested too deep');
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    bad('kein JSON', 'not JSON');
  }
  const e = record(v) ?? bad('kein Objekt', 'not an object');
  if (e.v !== 1) bad('unbekannte Version', 'unknown version');
  if (typeof e.room !== 'string' || e.room.length > 64) bad('ohne Raum', 'without a room');
  if (e.room !== code.room) throw new WireError('other-room', { de: 'Nachricht aus einem anderen Spiel verworfen.', en: 'Message from another game dropped.' });
  if (!int(e.from, 0, MAX_TABLES - 1)) bad('ohne gültige Tafel', 'without a valid table');
  if (typeof e.id !== 'string' || !/^[0-9a-z]{1,32}$/.test(e.id)) bad('ohne gültige Kennung', 'without a valid id');
  if (typeof e.mac !== 'string' || !HEX64.test(e.mac)) bad('ohne Siegel', 'without a seal');
  const body = parseBody(e.body, bad);
  const env: Envelope = { v: 1, room: e.room as string, from: e.from as number, id: e.id as string, body, mac: e.mac as string };
  // A wrong or old code signs with another key: such a message is never read further.
  if (!sameHex(env.mac, macHex(code.key, macText(env)))) {
    throw new WireError('bad-mac', { de: 'Nachricht mit falschem Beitrittscode verworfen.', en: 'Message with a wrong join code dropped.' });
  }
  return env;
}

function parseBody(v: unknown, bad: (de: string, en: string) => never): Body {
  const b = record(v) ?? bad('ohne Inhalt', 'without a body');
  const seq = () => (int(b.seq, 0, MAX_SEQ) ? (b.seq as number) : bad('ohne gültige Zugnummer', 'without a valid move number'));
  const hex = (k: string, re: RegExp) => (typeof b[k] === 'string' && re.test(b[k] as string) ? (b[k] as string) : bad(`${k} fehlt oder ist falsch`, `${k} missing or wrong`));
  switch (b.kind) {
    case 'hello':
      if (!int(b.have, 0, MAX_SEQ)) bad('ohne Zuganzahl', 'without a move count');
      if (typeof b.answer !== 'boolean') bad('answer fehlt', 'answer missing');
      return { kind: 'hello', have: b.have as number, hash: hex('hash', HEX32), spec: hex('spec', HEX32), answer: b.answer };
    case 'move':
      if (!int(b.by, 0, MAX_TABLES - 1)) bad('ohne Tafel des Zugs', "without the move's table");
      if (b.move === undefined) bad('ohne Zug', 'without a move');
      return { kind: 'move', seq: seq(), by: b.by as number, move: b.move as Json, before: hex('before', HEX32), after: hex('after', HEX32) };
    case 'seal':
      if (!int(b.seat, 0, 11)) bad('ohne Platz', 'without a seat');
      return { kind: 'seal', seq: seq(), seat: b.seat as number, commit: hex('commit', HEX64) };
    case 'unseal':
      if (!int(b.seat, 0, 11)) bad('ohne Platz', 'without a seat');
      if (b.part === undefined) bad('ohne Wahl', 'without a choice');
      return { kind: 'unseal', seq: seq(), seat: b.seat as number, part: b.part as Json, nonce: hex('nonce', HEX32) };
    case 'refuse':
      if (typeof b.code !== 'string' || !/^[a-z-]{1,40}$/.test(b.code)) bad('ohne Grund', 'without a reason');
      return { kind: 'refuse', seq: seq(), code: b.code as string };
    case 'ask':
      return { kind: 'ask' };
    case 'offer':
      return { kind: 'offer', spec: (record(b.spec) ?? bad('ohne Spiel', 'without a game')) as Json };
    default:
      return bad('unbekannte Art', 'unknown kind');
  }
}

const record = (v: unknown): Record<string, unknown> | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const int = (v: unknown, min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** Deepest nesting of brackets outside strings, found before anything is parsed. */
function depth(text: string): number {
  let d = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++d);
    else if (c === '}' || c === ']') d--;
  }
  return max;
}
