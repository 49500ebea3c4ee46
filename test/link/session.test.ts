import { describe, expect, it } from 'vitest';
import { createRng } from '../../engine/core/rng.ts';
import { BOTS } from '../../engine/himmel-und-hoelle/bots.ts';
import { newJoinCode, parseJoinCode } from '../../engine/link/code.ts';
import { hello, localChoice, localMove, myTurn, openLink, receive, recordOf, secretSeats, type Link, type LinkSpec, type Step } from '../../engine/link/session.ts';
import { open, seal, type Body } from '../../engine/link/wire.ts';
import { findGame } from '../../engine/registry.ts';

const PLUS: LinkSpec = { game: 'plus', options: { variant: 1, players: 3 }, tables: [[0], [1], [2]] };
const DUEL: LinkSpec = { game: 'himmel-und-hoelle', options: { view: 'referee' }, tables: [[0], [1]] };

/** Delivers each table's messages to every other table until nobody has anything to say. */
function deliver(links: Link[], first: { from: number; send: Body[] }[]): Link[] {
  const queue = [...first];
  while (queue.length) {
    const { from, send } = queue.shift()!;
    for (const body of send) {
      for (let t = 0; t < links.length; t++) {
        if (t === from) continue;
        const s = receive(links[t], from, body);
        expect(s.refused, `table ${t} refused ${JSON.stringify(body)}`).toBeNull();
        links[t] = s.link;
        if (s.send.length) queue.push({ from: t, send: s.send });
      }
    }
  }
  return links;
}

describe('link session: Plus, three tables', () => {
  it('plays a whole game with every table applying every move once, records equal', () => {
    let links = [0, 1, 2].map((t) => openLink(PLUS, t));
    const plus = findGame('plus')!;
    const rng = createRng(5);
    while (plus.toMove(links[0].state) !== null) {
      const t = links.findIndex(myTurn);
      const move = plus.bots!.random(links[t].state, rng);
      const s = localMove(links[t], move);
      links[t] = s.link;
      links = deliver(links, [{ from: t, send: s.send }]);
    }
    // Every table made moves of its own and took the others'.
    expect(new Set(links[0].moves.map((p) => p.by))).toEqual(new Set([0, 1, 2]));
    expect(recordOf(links[1])).toEqual(recordOf(links[0]));
    expect(recordOf(links[2])).toEqual(recordOf(links[0]));
  });

  const a = openLink(PLUS, 0);
  const b = openLink(PLUS, 1);
  const m0 = localMove(a, findGame('plus')!.legalMoves(a.state)[0]);
  const body = m0.send[0] as Extract<Body, { kind: 'move' }>;
  const cases: [string, number, Body, string][] = [
    ['the next move from its owner', 0, body, 'ok'],
    ['a move number ahead', 0, { ...body, seq: 1 }, 'wrong-seq'],
    ['another position before', 0, { ...body, before: '0'.repeat(32) }, 'wrong-position'],
    ['another position after', 0, { ...body, after: '0'.repeat(32) }, 'wrong-hash'],
    ['a move the rules forbid', 0, { ...body, move: { to: { III: 9, IV: 9, V: 9 } } }, 'illegal-move'],
    ['a move for a seat the receiver owns', 0, { ...body, by: 1 }, 'own-seat'],
    ['a move for a seat the sender does not own', 2, { ...body, by: 2 }, 'not-their-seat'],
    ['a hello of another game', 0, { ...hello(openLink({ ...PLUS, options: { variant: 2, players: 3 } }, 0)) }, 'other-game'],
  ];
  for (const [what, from, msg, code] of cases) {
    it(`table 1 answers ${what}: ${code}`, () => {
      const s = receive(b, from, msg);
      if (code === 'ok') {
        expect(s.refused).toBeNull();
        expect(s.applied).toHaveLength(1);
        // The same move again (sent anew after a dropped connection) is not applied twice.
        const again = receive(s.link, from, msg);
        expect(again.applied).toHaveLength(0);
        expect(again.refused).toBeNull();
        expect(again.link.moves).toHaveLength(1);
      } else {
        expect(s.refused?.code).toBe(code);
        expect(s.link).toBe(b);
        expect(s.refused!.text.de.length).toBeGreaterThan(0);
        if (msg.kind === 'move') expect(s.send).toContainEqual({ kind: 'refuse', seq: msg.seq, code });
      }
    });
  }

  it('a local move for a seat of another table is refused before it is sent', () => {
    expect(() => localMove(b, findGame('plus')!.legalMoves(b.state)[0])).toThrow(expect.objectContaining({ code: 'not-your-seat' }));
  });

  it('resumes after a dropped connection from the last move both have', () => {
    let [x, y] = [openLink(PLUS, 0), openLink({ ...PLUS }, 1)];
    const plus = findGame('plus')!;
    const s1 = localMove(x, plus.legalMoves(x.state)[0]);
    x = s1.link;
    y = receive(y, 0, s1.send[0]).link;
    // Table 1 moves while table 0 is cut off: the message is lost. Table 0 comes back and says how far it is.
    const s2 = localMove(y, plus.legalMoves(y.state)[0]);
    y = s2.link;
    expect(x.moves).toHaveLength(1);
    const h = hello(x);
    const answer = receive(y, 0, h);
    expect(answer.send.map((b) => b.kind)).toEqual(['hello', 'move']);
    const got = answer.send.filter((b) => b.kind === 'move').reduce((l, b) => receive(l, 1, b).link, x);
    expect(recordOf(got)).toEqual(recordOf(y));
  });
});

describe('link session: the duel across two tables', () => {
  it('plays a whole duel with greedy bots, battles by sealed cards, records equal', () => {
    let links = [openLink(DUEL, 0), openLink(DUEL, 1)];
    const rng = [createRng(1), createRng(2)];
    let battles = 0;
    for (let i = 0; i < 3000 && findGame('himmel-und-hoelle')!.toMove(links[0].state) !== null; i++) {
      const secret = secretSeats(links[0]);
      if (secret) {
        battles++;
        const out: { from: number; send: Body[] }[] = [];
        for (const t of [0, 1]) {
          // Each table chooses its own card from the position alone, as the bot would.
          const card = (BOTS.greedy(links[t].state as never, rng[t]) as { cards: number[] }).cards[t];
          const s = localChoice(links[t], t, card, (t + 1).toString(16).padStart(32, '0'));
          links[t] = s.link;
          out.push({ from: t, send: s.send });
        }
        links = deliver(links, out);
        expect(links[0].moves.length).toBe(links[1].moves.length);
        continue;
      }
      const t = links.findIndex(myTurn);
      const s = localMove(links[t], BOTS.greedy(links[t].state as never, rng[t]) as never);
      links[t] = s.link;
      links = deliver(links, [{ from: t, send: s.send }]);
    }
    expect(findGame('himmel-und-hoelle')!.toMove(links[0].state)).toBeNull();
    expect(battles).toBeGreaterThan(0);
    expect(recordOf(links[1])).toEqual(recordOf(links[0]));
  });

  it('refuses a card shown that is not the one sealed', () => {
    // Walk to the first battle with greedy play on one engine, then open both links there is not possible; build it by moves.
    let links = [openLink(DUEL, 0), openLink(DUEL, 1)];
    const rng = createRng(3);
    while (!secretSeats(links[0])) {
      const t = links.findIndex(myTurn);
      const s = localMove(links[t], BOTS.greedy(links[t].state as never, rng) as never);
      links[t] = s.link;
      links = deliver(links, [{ from: t, send: s.send }]);
    }
    const n = 'a'.repeat(32);
    const s0 = localChoice(links[0], 0, 0, n);
    const s1 = localChoice(links[1], 1, 0, n);
    const r1 = receive(s1.link, 0, s0.send[0]);
    const unseal = { kind: 'unseal' as const, seq: s0.link.moves.length, seat: 0, part: 5, nonce: n };
    const bad = receive(r1.link, 0, unseal);
    expect(bad.refused?.code).toBe('bad-reveal');
  });
});

describe('join codes and the envelope', () => {
  const bytes = (k: number) => Uint8Array.from({ length: 15 }, (_, i) => (i * 37 + k) & 255);
  const code = newJoinCode(bytes(1));
  it('reads a code as typed, refuses a typo', () => {
    expect(code.text).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(parseJoinCode(code.text.toLowerCase().replace(/-/g, ' ')).room).toBe(code.room);
    const typo = code.text.slice(0, 5) + (code.text[5] === 'A' ? 'B' : 'A') + code.text.slice(6);
    expect(() => parseJoinCode(typo)).toThrow(expect.objectContaining({ code: 'bad-code' }));
    expect(() => parseJoinCode('ABC')).toThrow(/16 characters/);
  });
  it('opens only what the same code sealed', () => {
    const text = seal(code, 0, 'a1', hello(openLink(PLUS, 0)));
    expect(open(code, text).body.kind).toBe('hello');
    const old = newJoinCode(bytes(2));
    expect(() => open(old, text)).toThrow(expect.objectContaining({ code: 'other-room' }));
    // A message on the right room signed with another key.
    const forged = JSON.parse(seal(old, 0, 'a1', hello(openLink(PLUS, 0))));
    forged.room = code.room;
    expect(() => open(code, JSON.stringify(forged))).toThrow(expect.objectContaining({ code: 'bad-mac' }));
    const tampered = JSON.parse(text);
    tampered.body.have = 3;
    expect(() => open(code, JSON.stringify(tampered))).toThrow(expect.objectContaining({ code: 'bad-mac' }));
  });
  it('drops malformed messages with a reason', () => {
    for (const t of ['x', '[]', '{"v":1}', 'a'.repeat(20000), '['.repeat(50)]) expect(() => open(code, t)).toThrow(expect.objectContaining({ code: 'bad-message' }));
    const e = JSON.parse(seal(code, 0, 'a1', hello(openLink(PLUS, 0))));
    e.body.kind = 'nope';
    expect(() => open(code, JSON.stringify(e))).toThrow(/unknown kind/);
  });
});
