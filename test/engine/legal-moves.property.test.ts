/**
 * `legalMoves` lists exactly what `play` accepts (issue 14, item 9), for every game, over random
 * games: at every state of a random playout every listed move plays, and a sample of well-formed
 * moves that are not listed is refused with an EngineError. A game lists each move once where
 * several are the same move (a roll in any order, interchangeable dice of the duel): `canon`
 * names that sameness, so a move counts as listed when its canonical form is.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, Json } from '../../engine/core/contract.ts';
import { isEngineError } from '../../engine/core/errors.ts';
import { createRng, type Rng } from '../../engine/core/rng.ts';
import { COLOURS, SIDES, VALUES } from '../../engine/diabolo/cards.ts';
import { diabolo, type DiaboloMove, type DiaboloState } from '../../engine/diabolo/game.ts';
import { engelUndBengel as eub } from '../../engine/engel-und-bengel/game.ts';
import { currentTafel, type EubMove, type EubState } from '../../engine/engel-und-bengel/state.ts';
import { boxId } from '../../engine/engel-und-bengel/tafel.ts';
import { PLACES } from '../../engine/himmel-und-hoelle/board.ts';
import { himmelUndHoelle } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';
import { HIGHEST } from '../../engine/himmel-a-und-zwirn/cards.ts';
import { zwirn, type ZwirnMove, type ZwirnState } from '../../engine/himmel-a-und-zwirn/game.ts';
import { FACES } from '../../engine/plus/dice.ts';
import { plus } from '../../engine/plus/game.ts';

interface Case<S, M> {
  name: string;
  game: AnyGame;
  options: Record<string, Json>[];
  games: number;
  /** Well-formed moves of the game near the state: listed or not, the sample unlisted ones come from. */
  candidates(s: S, rng: Rng): M[];
  /** One key for moves that are the same move. */
  canon?(s: S, m: M): string;
  /** The move a random game goes on with (any listed one where not given). */
  choose?(moves: M[], rng: Rng): M;
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const anyOf = <T>(xs: readonly T[], rng: Rng) => xs[rng.int(xs.length)];

const plusCase: Case<unknown, unknown> = {
  name: 'plus',
  game: plus,
  options: [{ variant: 1 }, { variant: 2 }, { variant: 2, everyDieRises: true, players: 3 }],
  games: 20,
  candidates: () => FACES.III.flatMap((a) => FACES.IV.flatMap((b) => FACES.V.map((c) => ({ to: { III: a, IV: b, V: c } })))),
};

const eubCase: Case<EubState, EubMove> = {
  name: 'engel-und-bengel',
  game: eub,
  options: [{ players: 2 }, { players: 4, noFitDice: 'lost', outOfDice: 'redeal' }, { players: 6, liveRowsOnly: false }],
  games: 2,
  candidates: (s, rng) => {
    const rows = currentTafel(s).rows;
    const out: EubMove[] = [{ type: 'stop' }];
    for (let r = 0; r <= rows.length; r++) for (let b = 0; b <= 6; b++) for (const value of range(1, 6)) out.push({ type: 'place', value, box: boxId(r, b) });
    for (let n = 1; n <= 5; n++) for (let k = 0; k < 6; k++) out.push({ type: 'roll', values: Array.from({ length: n }, () => 1 + rng.int(6)) });
    return out;
  },
  // A roll is its values in any order.
  canon: (_s, m) => JSON.stringify(m.type === 'roll' ? { ...m, values: m.values.slice().sort((a, b) => a - b) } : m),
};

const huhCase: Case<HuhState, HuhMove> = {
  name: 'himmel-und-hoelle',
  game: himmelUndHoelle,
  options: [{}],
  games: 3,
  candidates: (s) => {
    const out: HuhMove[] = [{ type: 'end' }, { type: 'free-pass' }];
    for (let die = 0; die < 10; die++) {
      out.push({ type: 'raise', die }, { type: 'free-raise', die });
      for (const to of PLACES) out.push({ type: 'step', die, to, pay: 'ap' }, { type: 'step', die, to, pay: 'pip' }, { type: 'free-step', die, to });
    }
    for (let card = 0; card <= 12; card++) out.push({ type: 'card', card });
    if (s.phase === 'setup') out.push({ type: 'start-values', pips: [1, 2, 3, 4, 5] });
    return out;
  },
  // Dice of one side on one place showing one value are interchangeable: listed once, by the first.
  // Any five start values are legal, and one stands for them all.
  canon: (s, m) => {
    if (m.type === 'start-values') return 'start-values';
    if (!('die' in m)) return JSON.stringify(m);
    const d = s.dice[m.die];
    const first = d ? s.dice.findIndex((e) => e.side === d.side && e.at === d.at && e.pips === d.pips) : m.die;
    return JSON.stringify({ ...m, die: first });
  },
};

const diaboloCase: Case<DiaboloState, DiaboloMove> = {
  name: 'diabolo',
  game: diabolo,
  options: [
    { view: 'referee', players: 3 },
    { view: 'referee', players: 5, entry: 'every-sum', colourOrder: 'chosen' },
    { view: 'full', players: 4, colourOrder: 'chosen' },
  ],
  games: 6,
  candidates: (s) => {
    const out: DiaboloMove[] = [];
    for (const colour of COLOURS) {
      for (const value of VALUES) {
        out.push({ type: 'discard', colour, value });
        for (const side of SIDES) out.push({ type: 'play', colour, value, side });
      }
    }
    for (const colour of COLOURS) out.push({ type: 'colour', colour });
    const subsets = range(0, 2 ** s.players - 1).map((bits) => range(0, s.players - 1).filter((p) => bits & (1 << p)));
    for (const seats of subsets) out.push({ type: 'doppler', seats });
    for (const sum of range(0, 37)) {
      out.push({ type: 'reveal', sum });
      for (const seats of subsets) out.push({ type: 'highest', sum, seats });
    }
    return out;
  },
};

const zwirnCase: Case<ZwirnState, ZwirnMove> = {
  name: 'himmel-a-und-zwirn',
  game: zwirn,
  options: [{ view: 'referee', players: 3 }, { view: 'referee', players: 6, noNumberCard: 'hand-required' }, { view: 'full', players: 4 }],
  games: 6,
  candidates: (s) => {
    const out: ZwirnMove[] = [{ type: 'reverse' }, { type: 'take' }, { type: 'target', card: null }];
    for (let victim = 0; victim < s.players; victim++) out.push({ type: 'steal', victim });
    for (const card of range(1, HIGHEST)) {
      out.push({ type: 'target', card });
      for (const pile of [1, 2] as const) out.push({ type: 'play', card, pile }, { type: 'raise', card, pile });
    }
    for (const count of range(0, 85)) out.push({ type: 'draw-pile', count });
    return out;
  },
  // The table's count of the draw pile is no play: a random game corrects it only now and then.
  choose: (moves, rng) => {
    const plays = moves.filter((m) => m.type !== 'draw-pile');
    return plays.length > 0 && rng.int(20) > 0 ? anyOf(plays, rng) : anyOf(moves, rng);
  },
};

/** What `play` says to a move: 'plays', or the refusal's code, or the crash. */
function verdict(game: AnyGame, s: unknown, m: unknown): string {
  try {
    game.play(s, m);
    return 'plays';
  } catch (e) {
    if (isEngineError(e)) return e.code;
    return `crash: ${e instanceof Error ? e.message : String(e)}`;
  }
}

const SAMPLE = 12;

describe.each([plusCase, eubCase, huhCase, diaboloCase, zwirnCase] as Case<unknown, unknown>[])('$name: legalMoves is what play accepts', (c) => {
  it.each(c.options.map((o) => [JSON.stringify(o), o] as const))('over random games with %s', (_label, options) => {
    const key = (s: unknown, m: unknown) => (c.canon ? c.canon(s, m) : JSON.stringify(m));
    const wrong: string[] = [];
    let states = 0;
    for (let g = 0; g < c.games && wrong.length === 0; g++) {
      const rng = createRng(1000 * g + 7);
      let s = c.game.setup({ ...options, ...(c.game.options.some((o) => o.key === 'seed') && { seed: g + 1 }) });
      for (let step = 0; step < 3000 && c.game.toMove(s) !== null && wrong.length === 0; step++, states++) {
        const listed = c.game.legalMoves(s) as unknown[];
        const keys = new Set(listed.map((m) => key(s, m)));
        for (const m of listed) {
          const v = verdict(c.game, s, m);
          if (v !== 'plays') wrong.push(`listed but refused (${v}): ${JSON.stringify(m)}`);
        }
        const unlisted = c.candidates(s, rng).filter((m) => !keys.has(key(s, m)));
        for (let k = 0; k < SAMPLE && unlisted.length > 0; k++) {
          const m = unlisted.splice(rng.int(unlisted.length), 1)[0];
          const v = verdict(c.game, s, m);
          if (v === 'plays' || v.startsWith('crash')) wrong.push(`not listed but ${v}: ${JSON.stringify(m)}`);
        }
        if (listed.length === 0) wrong.push('nothing listed while someone is to move');
        if (wrong.length > 0) break;
        s = c.game.play(s, c.choose ? c.choose(listed, rng) : anyOf(listed, rng));
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(states).toBeGreaterThan(0);
  });
});
