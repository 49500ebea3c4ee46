import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine/core/errors.ts';
import { createRng } from '../../engine/core/rng.ts';
import { DICE, FACES, isPlus, total, type Dice } from '../../engine/plus/dice.ts';
import { plus, type PlusState } from '../../engine/plus/game.ts';
import { answerLine } from '../../engine/protocol.ts';
import { render } from '../../engine/core/text.ts';

const d = (III: number, IV: number, V: number): Dice => ({ III, IV, V });
const at = (dice: Dice, options: Record<string, unknown> = {}, toMove = 0): PlusState => ({
  ...plus.setup(options as never),
  dice,
  toMove,
});
const play = (s: PlusState, ...line: Dice[]) => line.reduce((st, to) => plus.play(st, { to }), s);

describe('Plus, worked lines of the rules (Spiel 1)', () => {
  it('from (1,1,2) the only legal move is IV 1 -> 3', () => {
    expect(plus.legalMoves(plus.setup({}))).toEqual([{ to: d(1, 3, 2) }]);
  });

  it.each([
    [[d(1, 3, 2), d(5, 3, 2), d(5, 3, 8)]],
    [[d(1, 3, 2), d(1, 3, 4), d(1, 5, 4), d(1, 5, 6)]],
    [[d(1, 3, 2), d(1, 3, 4), d(1, 5, 4), d(9, 5, 4)]],
    [[d(1, 3, 2), d(1, 3, 4), d(7, 3, 4)]],
  ])('%j is legal and ends with no higher Plus', (line) => {
    const end = play(plus.setup({}), ...line);
    expect(plus.legalMoves(end)).toEqual([]);
    expect(plus.toMove(end)).toBeNull();
    const o = plus.outcome(end)!;
    // The player to move at the end has lost; with two players the other one won.
    expect(o.losers).toEqual([line.length % 2]);
    expect(o.winners).toEqual([1 - (line.length % 2)]);
  });

  // The seed's tables put the start position in Spieler A's column, so its Spieler B moves first
  // (our seat 0) and its Spieler A is our seat 1.
  it('the seed: (5,3,8) is a loss for Spieler A, the two lines via (1,5,4) a win for Spieler A', () => {
    const lost = play(plus.setup({}), d(1, 3, 2), d(5, 3, 2), d(5, 3, 8));
    expect(plus.outcome(lost)!.losers).toEqual([1]);
    for (const last of [d(1, 5, 6), d(9, 5, 4)]) {
      const end = play(plus.setup({}), d(1, 3, 2), d(1, 3, 4), d(1, 5, 4), last);
      expect(plus.outcome(end)!.winners).toEqual([1]);
    }
  });

  it('(5,3,2) has exactly one continuation, V 2 -> 8', () => {
    expect(plus.legalMoves(at(d(5, 3, 2)))).toEqual([{ to: d(5, 3, 8) }]);
  });
});

describe('Plus, Spiel 2', () => {
  it('(1,5,4) -> (2,5,7) turns two dice in one move, then (2,9,7) ends it', () => {
    const s = at(d(1, 5, 4), { variant: 2 });
    expect(plus.legalMoves(s)).toContainEqual({ to: d(2, 5, 7) });
    const end = play(s, d(2, 5, 7), d(2, 9, 7));
    expect(plus.legalMoves(end)).toEqual([]);
  });

  it('Spiel 1 refuses the two-dice move', () => {
    expect(() => plus.play(at(d(1, 5, 4)), { to: d(2, 5, 7) })).toThrow(/Spiel 1 allows only one/);
  });

  it('house rule: one die may go down as long as the total rises; the strict switch refuses it', () => {
    // (1,5,4) total 10 -> (6,5,1)? 1 is no face of V. Use (2,5,7) total 14 -> (7,9,2): III up, V down.
    const from = d(2, 5, 7);
    const to = d(7, 9, 2);
    expect(isPlus(to) && total(to) > total(from)).toBe(true);
    // III 2->7 and IV 5->9 and V 7->2 turns three dice; find a real two-dice case with a fall instead.
    const loose = at(from, { variant: 2 });
    const strict = at(from, { variant: 2, everyDieRises: true });
    const falls = plus.legalMoves(loose).filter(({ to: t }) => DICE.some((k) => t[k] < from[k]));
    expect(falls.length).toBeGreaterThan(0);
    for (const m of falls) {
      expect(() => plus.play(strict, m)).toThrow(EngineError);
      expect(plus.explain(strict, m.to)).toMatchObject({ legal: false, code: 'die-went-down' });
    }
    expect(plus.legalMoves(strict).every(({ to: t }) => DICE.every((k) => t[k] >= from[k]))).toBe(true);
  });
});

describe('Plus, moves and explain', () => {
  const table: [string, PlusState, Dice, string | null][] = [
    ['the one legal move', plus.setup({}), d(1, 3, 2), null],
    ['a face the die does not have', plus.setup({}), d(1, 2, 2), 'not-a-face'],
    ['two dice in Spiel 1', plus.setup({}), d(1, 3, 4), 'too-many-dice'],
    ['three dice in Spiel 2', at(d(1, 1, 2), { variant: 2 }), d(2, 3, 4), 'too-many-dice'],
    ['total falls', at(d(1, 3, 4)), d(1, 3, 2), 'total-not-rising'],
    ['after the end', at(d(5, 3, 8)), d(9, 3, 8), 'game-over'],
    ['not a Plus', plus.setup({}), d(1, 4, 2), 'not-a-plus'],
  ];
  it.each(table)('%s', (_name, s, observed, code) => {
    const e = plus.explain(s, observed);
    if (code === null) expect(e).toEqual({ legal: true, unchanged: false, moves: [{ to: observed }] });
    else {
      expect(e).toMatchObject({ legal: false, code });
      if (!e.legal) expect(e.reason.de.length).toBeGreaterThan(0);
    }
  });

  it('a value the die lacks, read from outside, is explained as not-a-face; 0 or 10 pips are no reading (issue 14, item 8)', () => {
    const seen = plus.parseObservation({ III: 1, IV: 2, V: 2 });
    expect(plus.explain(plus.setup({}), seen)).toEqual({ legal: false, code: 'not-a-face', reason: { de: 'Würfel IV hat keine 2.', en: 'Die IV has no face 2.' } });
    const answer = JSON.parse(answerLine(JSON.stringify({ cmd: 'explain', game: 'plus', state: plus.setup({}), observed: { III: 3, IV: 1, V: 2 } })));
    expect(answer.explanation).toMatchObject({ legal: false, code: 'not-a-face' });
    expect(() => plus.parseObservation({ III: 1, IV: 10, V: 2 })).toThrow(/IV: must be from 1 to 9/);
  });

  it('a move in a finished game is refused as game-over (issue 14, item 8)', () => {
    const end = play(plus.setup({}), d(1, 3, 2), d(5, 3, 2), d(5, 3, 8));
    let code = '';
    try {
      plus.play(end, { to: d(9, 3, 8) });
    } catch (e) {
      code = (e as EngineError).code;
    }
    expect(code).toBe('game-over');
    expect(render(plus.outcome(end)!.reason, 'de')).toBe('Kein höheres Plus möglich: Spieler 2 hat verloren.');
  });

  it('an unchanged table is legal and no move', () => {
    expect(plus.explain(plus.setup({}), d(1, 1, 2))).toEqual({ legal: true, unchanged: true, moves: [] });
  });

  it('play never mutates and passes the turn round all players', () => {
    const s = plus.setup({ players: 3 });
    const copy = structuredClone(s);
    const n = plus.play(s, { to: d(1, 3, 2) });
    expect(s).toEqual(copy);
    expect(n.toMove).toBe(1);
    expect(play(n, d(1, 3, 4), d(1, 5, 4)).toMove).toBe(0);
  });

  it('refuses a move that turns nothing', () => {
    expect(() => plus.play(plus.setup({}), { to: d(1, 1, 2) })).toThrow(/No die was turned/);
  });

  it('parses only well-formed states and moves', () => {
    const s = plus.setup({});
    expect(plus.parseState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(() => plus.parseState({ ...s, dice: { III: 3, IV: 1, V: 2 } })).toThrow(/dice.III: die III has no face 3/);
    expect(() => plus.parseState({ ...s, toMove: 2 })).toThrow(/toMove/);
    // Issue 14, item 8: a position that is no Plus, or a seat out of turn, is no state of a game.
    expect(() => plus.parseState({ ...s, dice: { III: 1, IV: 4, V: 2 } })).toThrow(/dice: 1, 4, 2 is not a Plus/);
    expect(() => plus.parseState({ ...s, toMove: 1 })).toThrow(/toMove: after 0 moves seat 0 is to move/);
    const later = play(plus.setup({ players: 3 }), d(1, 3, 2), d(1, 3, 4));
    expect(plus.parseState(JSON.parse(JSON.stringify(later)))).toEqual(later);
    const { ply: _, ...noPly } = s;
    expect(() => plus.parseState(noPly)).toThrow(/ply: is missing/);
    expect(() => plus.parseMove({ to: d(1, 3, 2), extra: 1 })).toThrow(/extra/);
    expect(() => plus.setup({ variant: 3 })).toThrow(/variant/);
    expect(() => plus.setup({ colour: 'red' })).toThrow(/unknown option/);
  });
});

/** Independent of the engine's move generator: enumerate positions and moves from the rules text. */
function bruteForce(variant: 1 | 2, strict: boolean) {
  const positions: Dice[] = [];
  for (const a of FACES.III) for (const b of FACES.IV) for (const c of FACES.V) positions.push(d(a, b, c));
  const moves = (p: Dice) =>
    positions.filter((q) => {
      const changed = DICE.filter((k) => q[k] !== p[k]);
      if (changed.length === 0 || changed.length > variant) return false;
      if (strict && changed.some((k) => q[k] < p[k])) return false;
      return total(q) > total(p) && isPlus(q);
    });
  // Values by decreasing total: every move raises the total, so successors are decided first.
  const win = new Map<string, boolean>();
  for (const p of [...positions].sort((x, y) => total(y) - total(x))) {
    win.set(JSON.stringify(p), moves(p).some((q) => !win.get(JSON.stringify(q))));
  }
  return { positions, moves, win };
}

describe('Plus solver against brute force over every position', () => {
  it.each([
    [1, false],
    [2, false],
    [2, true],
  ] as const)('variant %i, every die rises: %s', (variant, strict) => {
    const bf = bruteForce(variant, strict);
    for (const p of bf.positions) {
      const s = at(p, { variant, everyDieRises: strict });
      expect(plus.legalMoves(s).map((m) => m.to)).toEqual(expect.arrayContaining(bf.moves(p)));
      expect(plus.legalMoves(s)).toHaveLength(bf.moves(p).length);
      const sol = plus.solve!(s);
      expect(sol.result).toBe(bf.win.get(JSON.stringify(p)) ? 'win' : 'loss');
      for (const m of sol.winning) expect(bf.win.get(JSON.stringify(m.to))).toBe(false);
      expect(sol.winning).toHaveLength(bf.moves(p).filter((q) => !bf.win.get(JSON.stringify(q))).length);
    }
  });

  it('the start of Spiel 1 is a win for the first player to move', () => {
    expect(plus.solve!(plus.setup({})).result).toBe('win');
  });

  it('the perfect bot beats the random bot every time from a winning start', () => {
    for (const variant of [1, 2] as const) {
      if (plus.solve!(plus.setup({ variant })).result !== 'win') continue;
      for (let seed = 1; seed <= 50; seed++) {
        const rng = createRng(seed);
        let s = plus.setup({ variant });
        while (plus.toMove(s) !== null) s = plus.play(s, (s.toMove === 0 ? plus.bots!.perfect : plus.bots!.random)(s, rng));
        expect(plus.outcome(s)!.winners).toEqual([0]);
      }
    }
  });
});

describe('Plus: a state must be one a game reaches (issue 60)', () => {
  const refused = (v: unknown) => {
    try {
      plus.parseState(v);
    } catch (e) {
      return { code: (e as EngineError).code, en: render((e as EngineError).text, 'en'), de: render((e as EngineError).text, 'de') };
    }
    return 'accepted';
  };

  it('refuses a ply that does not fit the dice, saying after how many moves they can lie so', () => {
    const s = plus.setup({ players: 3 });
    // The start lies only before the first move; (1,3,4) only after two.
    expect(refused({ ...s, ply: 5, toMove: 2 })).toEqual({ code: 'bad-state', en: 'ply: 1, 1, 2 lies on the table after 0 moves, never after 5', de: 'ply: 1, 1, 2 liegt nach 0 Zügen, nie nach 5' });
    expect(refused({ ...s, dice: d(1, 3, 4), ply: 3, toMove: 0 })).toMatchObject({ en: 'ply: 1, 3, 4 lies on the table after 2 moves, never after 3' });
    expect(refused({ ...s, dice: d(1, 3, 4), ply: 2, toMove: 2 })).toBe('accepted');
    // Spiel 2 reaches (2,5,7) after 2 to 5 moves; Spiel 1 never.
    expect(refused({ ...s, variant: 2, dice: d(2, 5, 7), ply: 1, toMove: 1 })).toMatchObject({ en: 'ply: 2, 5, 7 lies on the table after 2, 3, 4 or 5 moves, never after 1' });
    expect(refused({ ...s, variant: 2, dice: d(2, 5, 7), ply: 5, toMove: 2 })).toBe('accepted');
    expect(refused({ ...s, dice: d(2, 5, 7), ply: 2, toMove: 2 })).toMatchObject({ en: 'dice: no game of Spiel 1 gets from the start 1, 1, 2 to 2, 5, 7' });
  });

  it('every position and ply of 300 random games parses; no other (position, ply) of Spiel 1 does', () => {
    const seen = new Set<string>();
    for (let g = 0; g < 300; g++) {
      const rng = createRng(g);
      let s = plus.setup({ variant: g % 2 ? 2 : 1, players: 2 + (g % 4), everyDieRises: g % 4 === 3 });
      for (;;) {
        expect(plus.parseState(JSON.parse(JSON.stringify(s)))).toEqual(s);
        if (s.variant === 1) seen.add(`${total(s.dice)}/${JSON.stringify(s.dice)}/${s.ply}`);
        if (plus.toMove(s) === null) break;
        s = plus.play(s, plus.bots!.random(s, rng));
      }
    }
    let accepted = 0;
    for (const a of FACES.III) for (const b of FACES.IV) for (const c of FACES.V) {
      for (let ply = 0; ply < 30; ply++) {
        const ok = refused({ ...plus.setup({ players: 12 }), dice: d(a, b, c), ply, toMove: ply % 12 }) === 'accepted';
        if (ok) accepted++;
        if (ok) expect(seen.has(`${a + b + c}/${JSON.stringify(d(a, b, c))}/${ply}`), `(${a},${b},${c}) after ${ply}`).toBe(true);
      }
    }
    // Spiel 1 has nine positions, each at one ply (the seed's worked lines show them all).
    expect(accepted).toBe(9);
  });

  it('a ply past 2^53 is called too large, not "must be at least 0"', () => {
    const s = plus.setup({});
    for (const ply of [9007199254740993, 9007199254740994, -9007199254740994]) {
      expect(refused({ ...s, ply })).toMatchObject({ code: 'bad-state', en: 'ply: is too large: beyond ±9007199254740991 (2^53 − 1) JSON numbers are no longer exact' });
    }
    expect(refused({ ...s, ply: Infinity })).toMatchObject({ en: 'ply: is too large: JSON reads numbers this large (such as 1e309) as infinite' });
  });
});

describe('Plus: the winner with three or more players (issue 60; the seed names only the loser)', () => {
  const end3 = (winner?: string) => play(plus.setup({ players: 3, ...(winner ? { winner } : {}) } as never), d(1, 3, 2), d(5, 3, 2), d(5, 3, 8));

  it('is a marked, switchable interpretation: by default who makes the last Plus wins', () => {
    expect(plus.options.find((o) => o.key === 'winner')).toMatchObject({ interpretation: true, type: 'enum', default: 'last-move' });
    const o = plus.outcome(end3())!;
    // Seat 0, 1, 2 moved; seat 0 cannot move: seat 2 made the last Plus.
    expect(o).toMatchObject({ winners: [2], losers: [0], draw: false });
    expect(render(o.reason, 'de')).toBe('Kein höheres Plus möglich: Spieler 1 hat verloren; Spieler 3 hat das letzte Plus gelegt und gewinnt.');
    expect(render(o.reason, 'en')).toBe('No higher Plus: Player 1 has lost; Player 3 made the last Plus and wins.');
  });

  it('the other reading: everyone but the loser wins', () => {
    const o = plus.outcome(end3('all-others'))!;
    expect(o).toMatchObject({ winners: [1, 2], losers: [0], draw: false });
    expect(render(o.reason, 'en')).toBe('No higher Plus: Player 1 has lost; everyone else wins.');
  });

  it('with two players both readings give the other player the win, as the seed does', () => {
    for (const winner of ['last-move', 'all-others']) {
      const end = play(plus.setup({ winner } as never), d(1, 3, 2), d(5, 3, 2), d(5, 3, 8));
      expect(plus.outcome(end)).toMatchObject({ winners: [0], losers: [1] });
    }
  });

  it('a state from before the option parses as the default', () => {
    const { winner: _, ...old } = end3();
    expect(plus.parseState(JSON.parse(JSON.stringify(old))).winner).toBe('last-move');
  });
});
