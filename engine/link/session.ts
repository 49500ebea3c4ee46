import type { AnyGame, Json, Options } from '../core/contract.ts';
import { isEngineError } from '../core/errors.ts';
import { UserError, errorText } from '../core/text.ts';
import { findGame } from '../registry.ts';
import { positionHash, sha256Hex, stableJson } from './hash.ts';
import { SEALINGS, commitment } from './sealed.ts';
import type { Body, Hello, MoveBody, Seal, Unseal } from './wire.ts';

/**
 * One game played by several tables, each with its own engine: the link state of one table. Pure:
 * every function takes a link and returns the next one with the messages to send, so the same
 * code runs in the app, in Node and in a table of test messages.
 *
 * Promises (docs/link.md): a move carries its number (`seq`) and the position's hash before and
 * after; a table applies a remote move only where it follows (next number, same position, a seat
 * the sender owns and not the receiver, legal in its own engine, same position after) and refuses
 * anything else; a move is applied once (a repeat is recognised and dropped); after a dropped
 * connection each side says how many moves it has, and the one with more sends the rest.
 */
export interface LinkSpec {
  game: string;
  options: Options;
  /** The seats each table owns, by table number; table 0 opened the game. */
  tables: number[][];
}

export interface Played {
  seq: number;
  move: Json;
  /** The table whose seat made it; null for a move the seats' secret choices made together. */
  by: number | null;
  /** The position after it. */
  hash: string;
  /** A joint move's revealed choices, kept to send again to a table that missed them. */
  reveal?: Record<number, { part: Json; nonce: string }>;
}

interface Sealed {
  seq: number;
  commits: Record<number, string>;
  /** Choices shown so far, by seat (one's own once sent). */
  shown: Record<number, { part: Json; nonce: string }>;
  /** This table's own choices, kept secret until every seat has committed. */
  mine: Record<number, { part: Json; nonce: string }>;
}

export interface Link {
  spec: LinkSpec;
  specHash: string;
  table: number;
  state: Json;
  moves: Played[];
  /** `hashes[k]`: the position after k moves. */
  hashes: string[];
  sealed: Sealed | null;
}

export type LinkErrorCode =
  | 'bad-spec'
  | 'other-game'
  | 'not-your-seat'
  | 'own-seat'
  | 'not-their-seat'
  | 'wrong-seq'
  | 'wrong-position'
  | 'wrong-hash'
  | 'illegal-move'
  | 'game-over'
  | 'secret-choice'
  | 'bad-reveal'
  | 'diverged'
  | 'refused';

export class LinkError extends UserError<LinkErrorCode> {
  override name = 'LinkError';
}

/** What one step gives: the next link, the messages to send, the moves applied, a refusal to tell the table. */
export interface Step {
  link: Link;
  send: Body[];
  applied: Played[];
  refused: LinkError | null;
}

const err = (code: LinkErrorCode, de: string, en: string) => new LinkError(code, { de, en });

function gameOf(spec: LinkSpec): AnyGame {
  const g = findGame(spec.game);
  if (!g) throw err('bad-spec', `Das Spiel „${spec.game}“ gibt es hier nicht.`, `There is no game "${spec.game}" here.`);
  return g;
}

/**
 * The spec an offer carries, checked before a joining table plays by it: the game it expects, options
 * of plain values, one list of seats per table (openLink checks the seats themselves).
 */
export function offeredSpec(spec: Json, game: string): LinkSpec {
  const o = spec as Partial<Record<keyof LinkSpec, unknown>> | null;
  const plain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  const options = o?.options;
  if (
    !o ||
    o.game !== game ||
    typeof options !== 'object' ||
    options === null ||
    Array.isArray(options) ||
    !Object.values(options).every(plain) ||
    !Array.isArray(o.tables) ||
    o.tables.length < 2 ||
    !o.tables.every((t) => Array.isArray(t) && t.every((s) => Number.isInteger(s)))
  ) {
    throw err('other-game', 'Unter diesem Code läuft ein anderes Spiel.', 'Another game is played under this code.');
  }
  return { game, options: options as Options, tables: o.tables as number[][] };
}

/** The link of table `table` at the start of the game `spec` describes. */
export function openLink(spec: LinkSpec, table: number): Link {
  const game = gameOf(spec);
  const state = game.setup(spec.options) as Json;
  const seats = game.score(state).length;
  const owners = spec.tables.flat();
  if (owners.length !== seats || new Set(owners).size !== seats || owners.some((s) => !Number.isInteger(s) || s < 0 || s >= seats)) {
    throw err('bad-spec', `Jeder der ${seats} Plätze gehört genau einer Tafel.`, `Each of the ${seats} seats belongs to exactly one table.`);
  }
  if (!Number.isInteger(table) || table < 0 || table >= spec.tables.length) throw err('bad-spec', 'Diese Tafel ist nicht im Spiel.', 'This table is not in the game.');
  if (SEALINGS[spec.game] && (state as { view?: string }).view !== 'referee') {
    // In the full view a state holds the first battle card: the other table would see it.
    throw err('bad-spec', 'Über zwei Tafeln wird das Duell in der Schiedsrichtersicht gespielt.', 'Across two tables the duel is played in the referee view.');
  }
  const hash = positionHash(state);
  return { spec, specHash: sha256Hex(stableJson(spec)).slice(0, 32), table, state, moves: [], hashes: [hash], sealed: null };
}

export const ownerOf = (link: Link, seat: number): number => link.spec.tables.findIndex((t) => t.includes(seat));
export const currentHash = (link: Link): string => link.hashes[link.moves.length];

/** Seats choosing in secret in this position (a duel battle), or null. */
export const secretSeats = (link: Link): number[] | null => (gameOf(link.spec).toMove(link.state) === null ? null : (SEALINGS[link.spec.game]?.seats(link.state) ?? null));

/** Whether this table is to act: its seat is to move, or it owns a seat still to choose in secret. */
export function myTurn(link: Link): boolean {
  const secret = secretSeats(link);
  if (secret) return secret.some((s) => ownerOf(link, s) === link.table && !link.sealed?.mine[s]);
  const seat = gameOf(link.spec).toMove(link.state);
  return seat !== null && ownerOf(link, seat) === link.table;
}

export function hello(link: Link, answer = false): Hello {
  return { kind: 'hello', have: link.moves.length, hash: currentHash(link), spec: link.specHash, answer };
}

const step = (link: Link, send: Body[] = [], applied: Played[] = [], refused: LinkError | null = null): Step => ({ link, send, applied, refused });

function withMove(link: Link, move: Json, by: number | null, state: Json, reveal?: Played['reveal']): { link: Link; played: Played } {
  const hash = positionHash(state);
  const played: Played = { seq: link.moves.length, move, by, hash, ...(reveal ? { reveal } : {}) };
  return { link: { ...link, state, moves: [...link.moves, played], hashes: [...link.hashes, hash], sealed: null }, played };
}

/** Plays `move` in the engine, or says why it cannot be played (the engine's own words). */
function tryPlay(link: Link, move: Json): Json | LinkError {
  const game = gameOf(link.spec);
  try {
    return game.play(link.state, game.parseMove(move)) as Json;
  } catch (e) {
    if (!isEngineError(e)) throw e;
    return new LinkError('illegal-move', errorText(e));
  }
}

/** A move of a seat this table owns, made here: checked by the local engine, then sent. Throws LinkError. */
export function localMove(link: Link, move: Json): Step {
  const game = gameOf(link.spec);
  const seat = game.toMove(link.state);
  if (seat === null) throw err('game-over', 'Das Spiel ist vorbei.', 'The game is over.');
  if (secretSeats(link)) throw err('secret-choice', 'Hier wählt jede Seite geheim; die Wahl wird versiegelt geschickt.', 'Here each side chooses in secret; the choice is sent sealed.');
  if (ownerOf(link, seat) !== link.table) throw err('not-your-seat', 'Dieser Zug ist an der anderen Tafel dran.', 'This move is up to the other table.');
  const after = tryPlay(link, move);
  if (after instanceof LinkError) throw after;
  const before = currentHash(link);
  const next = withMove(link, move, link.table, after);
  const body: MoveBody = { kind: 'move', seq: next.played.seq, by: link.table, move, before, after: next.played.hash };
  return step(next.link, [body], [next.played]);
}

/** A secret choice of a seat this table owns (a battle card); `nonce` is 16 random bytes in hex the caller draws. */
export function localChoice(link: Link, seat: number, part: Json, nonce: string): Step {
  const secret = secretSeats(link);
  if (!secret || !secret.includes(seat)) throw err('wrong-seq', 'Hier ist keine geheime Wahl dran.', 'No secret choice is due here.');
  if (ownerOf(link, seat) !== link.table) throw err('not-your-seat', 'Diese Wahl trifft die andere Tafel.', 'The other table makes this choice.');
  const sealed = sealedOf(link);
  if (sealed.mine[seat]) throw err('wrong-seq', 'Diese Wahl ist schon getroffen.', 'This choice is already made.');
  const seq = link.moves.length;
  const commit = commitment(seq, seat, part, nonce);
  const next: Sealed = { ...sealed, commits: { ...sealed.commits, [seat]: commit }, mine: { ...sealed.mine, [seat]: { part, nonce } } };
  const s: Seal = { kind: 'seal', seq, seat, commit };
  return reveal({ ...link, sealed: next }, [s]);
}

const sealedOf = (link: Link): Sealed => (link.sealed?.seq === link.moves.length ? link.sealed : { seq: link.moves.length, commits: {}, shown: {}, mine: {} });

/** Once every secret seat has committed, shows this table's choices; once all are shown, plays the joint move. */
function reveal(link: Link, send: Body[]): Step {
  const seats = secretSeats(link)!;
  let sealed = link.sealed!;
  if (!seats.every((s) => sealed.commits[s])) return step(link, send);
  const out = [...send];
  for (const [seat, c] of Object.entries(sealed.mine)) {
    if (sealed.shown[+seat]) continue;
    sealed = { ...sealed, shown: { ...sealed.shown, [seat]: c } };
    out.push({ kind: 'unseal', seq: sealed.seq, seat: +seat, part: c.part, nonce: c.nonce } satisfies Unseal);
  }
  link = { ...link, sealed };
  if (!seats.every((s) => sealed.shown[s])) return step(link, out);
  const parts = Object.fromEntries(seats.map((s) => [s, sealed.shown[s].part]));
  const move = SEALINGS[link.spec.game].combine(link.state, parts);
  const after = tryPlay(link, move);
  if (after instanceof LinkError) return step(link, out, [], after);
  const next = withMove(link, move, null, after, Object.fromEntries(seats.map((s) => [s, sealed.shown[s]])));
  return step(next.link, out, [next.played]);
}

/** A message from table `from` (its MAC already checked by `open`). */
export function receive(link: Link, from: number, body: Body): Step {
  // A table joining with the code alone has no table number yet: any table in the game tells it the game.
  if (body.kind === 'ask') return step(link, [{ kind: 'offer', spec: link.spec as unknown as Json }]);
  if (from === link.table) return step(link);
  switch (body.kind) {
    case 'hello':
      return onHello(link, body);
    case 'move':
      return onMove(link, body);
    case 'seal':
    case 'unseal':
      return onSecret(link, body);
    case 'offer':
      return step(link);
    case 'refuse':
      // Only a refusal of a move this table made concerns it (another app may have sent the refused one).
      if (link.moves[body.seq]?.by !== link.table) return step(link);
      return step(link, [], [], err('refused', `Die andere Tafel hat Zug ${body.seq + 1} nicht angenommen (${body.code}).`, `The other table did not accept move ${body.seq + 1} (${body.code}).`));
  }
}

const refuse = (link: Link, seq: number, e: LinkError, also: Body[] = []): Step => step(link, [...also, { kind: 'refuse', seq, code: e.code }], [], e);

function onMove(link: Link, m: MoveBody): Step {
  const n = link.moves.length;
  if (m.seq < n) {
    // A move sent again after a dropped connection: the same one is dropped quietly, another refused.
    const same = link.hashes[m.seq] === m.before && link.hashes[m.seq + 1] === m.after && stableJson(link.moves[m.seq].move) === stableJson(m.move);
    return same ? step(link) : refuse(link, m.seq, err('wrong-seq', `Zug ${m.seq + 1} ist hier schon ein anderer.`, `Move ${m.seq + 1} is a different one here.`));
  }
  if (m.seq > n) {
    // Moves are missing in between: say how far this table is, and the sender sends the rest.
    return refuse(link, m.seq, err('wrong-seq', `Zug ${m.seq + 1} kam vor Zug ${n + 1}.`, `Move ${m.seq + 1} came before move ${n + 1}.`), [hello(link)]);
  }
  if (m.before !== currentHash(link)) return refuse(link, m.seq, err('wrong-position', 'Der Zug geht von einer anderen Stellung aus als hier.', 'The move starts from another position than here.'));
  const seat = gameOf(link.spec).toMove(link.state);
  if (seat === null) return refuse(link, m.seq, err('game-over', 'Das Spiel ist hier schon vorbei.', 'The game is already over here.'));
  if (secretSeats(link)) return refuse(link, m.seq, err('secret-choice', 'Hier wählt jede Seite geheim; ein offener Zug zählt nicht.', 'Here each side chooses in secret; an open move does not count.'));
  if (ownerOf(link, seat) === link.table || m.by === link.table) return refuse(link, m.seq, err('own-seat', 'Dieser Zug ist an dieser Tafel dran, nicht an der anderen.', 'This move is up to this table, not the other one.'));
  if (ownerOf(link, seat) !== m.by) return refuse(link, m.seq, err('not-their-seat', 'Dieser Platz gehört nicht zur Tafel, die den Zug schickt.', 'This seat does not belong to the table sending the move.'));
  const after = tryPlay(link, m.move);
  if (after instanceof LinkError) return refuse(link, m.seq, after);
  const next = withMove(link, m.move, m.by, after);
  if (next.played.hash !== m.after) return refuse(link, m.seq, err('wrong-hash', 'Nach dem Zug stehen die beiden Tafeln verschieden.', 'After the move the two tables stand differently.'));
  return step(next.link, [], [next.played]);
}

function onHello(link: Link, h: Hello): Step {
  if (h.spec !== link.specHash) return step(link, [], [], err('other-game', 'Die andere Tafel spielt ein anderes Spiel oder andere Regeln.', 'The other table plays another game or other rules.'));
  const n = link.moves.length;
  const send: Body[] = h.answer ? [] : [hello(link, true)];
  if (h.have <= n) {
    if (link.hashes[h.have] !== h.hash) return step(link, send, [], err('diverged', `Nach ${h.have} Zügen stehen die Tafeln verschieden.`, `After ${h.have} moves the tables stand differently.`));
    for (const p of link.moves.slice(h.have)) send.push(...resend(link, p));
  }
  // Choices sealed (or shown) for the position now: the other table may have missed them.
  const sealed = link.sealed?.seq === n ? link.sealed : null;
  if (sealed && h.have === n) {
    for (const seat of Object.keys(sealed.mine).map(Number)) {
      send.push({ kind: 'seal', seq: n, seat, commit: sealed.commits[seat] });
      const shown = sealed.shown[seat];
      if (shown) send.push({ kind: 'unseal', seq: n, seat, part: shown.part, nonce: shown.nonce });
    }
  }
  return step(link, send);
}

function resend(link: Link, p: Played): Body[] {
  if (p.by !== null) return [{ kind: 'move', seq: p.seq, by: p.by, move: p.move, before: link.hashes[p.seq], after: p.hash }];
  const seats = Object.keys(p.reveal ?? {}).map(Number);
  const r = p.reveal!;
  return [
    ...seats.map((seat): Seal => ({ kind: 'seal', seq: p.seq, seat, commit: commitment(p.seq, seat, r[seat].part, r[seat].nonce) })),
    ...seats.map((seat): Unseal => ({ kind: 'unseal', seq: p.seq, seat, part: r[seat].part, nonce: r[seat].nonce })),
  ];
}

function onSecret(link: Link, b: Seal | Unseal): Step {
  const n = link.moves.length;
  if (b.seq < n) return step(link);
  if (b.seq > n) return refuse(link, b.seq, err('wrong-seq', `Eine Wahl für Zug ${b.seq + 1} kam vor Zug ${n + 1}.`, `A choice for move ${b.seq + 1} came before move ${n + 1}.`), [hello(link)]);
  const seats = secretSeats(link);
  if (!seats || !seats.includes(b.seat)) return refuse(link, b.seq, err('secret-choice', 'Hier ist keine geheime Wahl dieses Platzes dran.', 'No secret choice of this seat is due here.'));
  const sealed = sealedOf(link);
  const known = sealed.commits[b.seat];
  if (b.kind === 'seal') {
    if (known === b.commit) return step(link);
    if (known || ownerOf(link, b.seat) === link.table) return refuse(link, b.seq, err('own-seat', 'Diese Wahl ist schon getroffen.', 'This choice is already made.'));
    return reveal({ ...link, sealed: { ...sealed, commits: { ...sealed.commits, [b.seat]: b.commit } } }, []);
  }
  if (sealed.shown[b.seat]) return step(link);
  if (!known || known !== commitment(b.seq, b.seat, b.part, b.nonce)) {
    return refuse(link, b.seq, err('bad-reveal', 'Die gezeigte Wahl ist nicht die versiegelte.', 'The choice shown is not the one sealed.'));
  }
  return reveal({ ...link, sealed: { ...sealed, shown: { ...sealed.shown, [b.seat]: { part: b.part, nonce: b.nonce } } } }, []);
}

/** The game as a record both tables can compare: every move with its number and the position after it. */
export const recordOf = (link: Link): { seq: number; move: Json; hash: string }[] => link.moves.map((p) => ({ seq: p.seq, move: p.move, hash: p.hash }));
