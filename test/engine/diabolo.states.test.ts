import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../engine/core/rng.ts';
import { EngineError } from '../../engine/core/errors.ts';
import { render } from '../../engine/core/text.ts';
import type { Colour } from '../../engine/diabolo/cards.ts';
import { diabolo, type DiaboloMove, type DiaboloState } from '../../engine/diabolo/game.ts';
import { emptyRows, type Rows } from '../../engine/diabolo/rules.ts';
import { playOut } from './simulate-helper.ts';

/**
 * States from outside that no game reaches (issue 60): a scoring state whose sums the cards cannot
 * give, results whose sums, highest and points disagree. Refused with the path at fault, so the
 * engine never serves a dead end (`status` naming a seat, `legal` empty).
 */

const json = <T>(s: T): T => JSON.parse(JSON.stringify(s));
const why = (v: unknown): string => {
  try {
    diabolo.parseState(v);
  } catch (e) {
    if (e instanceof EngineError) return `${e.code}: ${render(e.text, 'en')}`;
    throw e;
  }
  return 'accepted';
};

type RowSpec = Partial<Record<Colour, [number[], number[]]>>;
const rows = (spec: RowSpec): Rows => {
  const r = emptyRows();
  for (const [c, [devil, angel]] of Object.entries(spec)) r[c as Colour] = { devil, angel };
  return r;
};
const play = (s: DiaboloState, ...moves: DiaboloMove[]) => moves.reduce((st, m) => diabolo.play(st, m), s);
const card = (colour: Colour, value: number, side: 'devil' | 'angel'): DiaboloMove => ({ type: 'play', colour, value, side });

/**
 * A referee round of 3 that ends with c2 (devils 3, angels 6: angels ahead) and c4 (devils 3,
 * angels 7) locked, every card played from the table, so the state is one a game reaches.
 */
function scoring(entry: 'highest' | 'every-sum'): DiaboloState {
  let s = diabolo.setup({ view: 'referee', players: 3, entry });
  for (const m of [card('c2', 1, 'devil'), card('c2', 1, 'devil'), card('c2', 1, 'devil'), card('c2', 5, 'angel'), card('c4', 1, 'devil'), card('c4', 1, 'devil'), card('c4', 1, 'devil'), card('c4', 5, 'angel'), card('c2', 1, 'angel')]) {
    s = play(s, m);
  }
  return play(s, card('c4', 2, 'angel'), { type: 'doppler', seats: [] });
}

describe('Diabolo: a scoring state the cards cannot give is refused (issue 60)', () => {
  it('the audit: a sum of 25 where 24 points are unseen no longer dead-ends the game', () => {
    const s = scoring('every-sum');
    // c2: 1 1 1 | 5 1 open; 37 - 9 = 28 points unseen (2 2 2 3 3 3 4 4 5). Seats 1 and 2 say 20 and 9: 29 of 28.
    expect(s).toMatchObject({ phase: 'reveal', scoring: { colour: 'c2' } });
    expect(diabolo.toMove(s)).toBe(1);
    const bad = json(s);
    bad.scoring!.sums = [null, 20, 9];
    expect(why(bad)).toBe("bad-state: scoring.sums: Blue: the sums Player 2 20, Player 3 9 cannot all come at once from the 28 unseen points of the colour, each from its player's hand cards");
    // One hand: 6 of those cards hold at most 5+4+4+3+3+3 = 22.
    bad.scoring!.sums = [null, 23, null];
    expect(why(bad)).toMatch(/^bad-state: scoring\.sums: Blue: the sums Player 2 23 cannot all come at once from the 28 unseen points/);
    bad.scoring!.sums = [null, 22, null];
    expect(why(bad)).toBe('accepted');
    expect(diabolo.legalMoves(diabolo.parseState(bad)).length).toBeGreaterThan(0);
    // German too.
    try {
      diabolo.parseState({ ...bad, scoring: { ...bad.scoring, sums: [null, 23, null] } });
    } catch (e) {
      expect(render((e as EngineError).text, 'de')).toMatch(/^scoring\.sums: Blau: die Summen Spieler 2 23 können nicht zugleich aus den 28 ungesehenen Punkten der Farbe kommen/);
    }
  });

  it('a highest sum scored earlier this round must have been possible, after the colours before it', () => {
    const s = play(scoring('highest'), { type: 'highest', sum: 20, seats: [1] });
    expect(s.scoring!.colour).toBe('c4');
    expect(why(json(s))).toBe('accepted');
    // Seat 1 holding 20 of c2 needs 5 of its 6 cards; 25 cannot be held at all.
    const bad = json(s);
    bad.results[0][1] = { ...bad.results[0][1], highest: { sum: 25, seats: [1] }, points: [0, 25, 0] };
    bad.scores = [0, 25, 0];
    expect(why(bad)).toMatch(/^bad-state: results\.0\.1: Blue: the sums Player 2 25 cannot all come at once/);
  });

  it('results whose sums contradict highest or points, and scores that are not their sum, are refused', () => {
    let s = scoring('every-sum');
    s = play(s, { type: 'reveal', sum: 20 }, { type: 'reveal', sum: 5 }, { type: 'reveal', sum: 3 });
    const ok = json(s);
    expect(why(ok)).toBe('accepted');
    const r = ok.results[0].findIndex((x) => x.colour === 'c2');
    expect(ok.results[0][r]).toMatchObject({ sums: [3, 20, 5], highest: { sum: 20, seats: [1] }, points: [0, 20, 0] });
    const change = (f: (x: DiaboloState) => void) => {
      const x = json(ok);
      f(x);
      return why(x);
    };
    expect(change((x) => (x.results[0][r].highest = { sum: 5, seats: [2] }))).toBe(`bad-state: results.0.${r}.highest: does not match the sums 3, 20, 5: the highest is 20, held by Player 2`);
    expect(change((x) => (x.results[0][r].points = [0, 0, 20]))).toBe(`bad-state: results.0.${r}.points: must be 0, 20, 0, from the highest sum and the Doppler`);
    expect(change((x) => (x.results[0][r].verdict = 'devils'))).toBe(`bad-state: results.0.${r}.verdict: must be "angels" with 6 angel and 3 devil points`);
    expect(change((x) => (x.scores = [0, 21, 0]))).toBe('bad-state: scores: must be 0, 20, 0, the sum of the points of every colour scored');
    expect(change((x) => (x.results[0][r].announced = [false, true, false]))).toBe(`bad-state: results.0.${r}.points: must be 0, 40, 0, from the highest sum and the Doppler`);
    expect(change((x) => (x.dopplerUsed = [true, false, false]))).toBe("bad-state: dopplerUsed: must be false, false, false, from this round's announcements");
  });

  it('a referee state whose cards do not add up to 70 is refused', () => {
    const s = json(scoring('highest'));
    expect(why({ ...s, drawPile: s.drawPile + 1 })).toMatch(/^bad-state: value: the 70 cards do not add up: 18 in hands, 43 in the draw pile, 10 in the rows, 0 discarded/);
    expect(why({ ...s, handSizes: [6, 6, 5] })).toMatch(/the 70 cards do not add up/);
  });
});

/** Every state of a referee that follows a full bot game, the table told what the full view revealed. */
function refereeStates(g: number): DiaboloState[] {
  const players = 3 + (g % 3);
  const options = { players, entry: g % 2 ? 'highest' : 'every-sum', ...(g % 3 === 2 ? { colourOrder: 'chosen' } : {}) };
  let referee = diabolo.setup({ view: 'referee', ...options });
  const out: DiaboloState[] = [referee];
  playOut<DiaboloState>(diabolo, { ...options, seed: g }, ['greedy', 'random'], g, ({ move, after }) => {
    referee = diabolo.play(referee, move as DiaboloMove);
    out.push(referee);
    while (referee.phase === 'reveal') {
      const result = after.results[referee.round].find((r) => r.colour === referee.scoring!.colour)!;
      referee = diabolo.play(referee, referee.rules.entry === 'highest' ? { type: 'highest', ...result.highest! } : { type: 'reveal', sum: result.sums![diabolo.toMove(referee)!] });
      out.push(referee);
    }
  });
  return out;
}

/** Every number in a JSON value, by path. */
function numbers(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof v === 'number') out.push(path);
  else if (Array.isArray(v)) v.forEach((x, i) => numbers(x, [...path, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) numbers(x, [...path, k], out);
  return out;
}

/** The state with one number changed a little, or a sum said for a seat not yet entered. */
function mutate(s: DiaboloState, rng: Rng): unknown {
  const x = json(s) as unknown as Record<string, unknown>;
  if (s.scoring && rng.int(2) === 0) {
    const sums = (x.scoring as { sums: (number | null)[] }).sums;
    sums[rng.int(sums.length)] = rng.int(38);
    return x;
  }
  const paths = numbers(x).filter((p) => p[0] !== 'hidden');
  const path = paths[rng.int(paths.length)];
  let at = x as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  at[last] = Math.max(0, (at[last] as number) + [-2, -1, 1, 2, 5][rng.int(5)]);
  return x;
}

describe('Diabolo: no state parseState accepts is a dead end (issue 60)', () => {
  it('20,000 states near those of real referee games: each accepted one has a legal move for the seat to move', () => {
    const rng = createRng(60);
    let accepted = 0;
    let refused = 0;
    for (let g = 0; g < 12; g++) {
      const states = refereeStates(g);
      for (let i = 0; i < 20_000 / 12; i++) {
        const v = mutate(states[rng.int(states.length)], rng);
        let s: DiaboloState;
        try {
          s = diabolo.parseState(v);
        } catch (e) {
          if (!(e instanceof EngineError)) throw e;
          refused++;
          continue;
        }
        accepted++;
        if (diabolo.toMove(s) !== null && diabolo.legalMoves(s).length === 0) expect.fail(`dead end accepted: ${JSON.stringify(v)}`);
      }
    }
    // Both kinds are met: the fuzz is no stream of refusals.
    expect(accepted).toBeGreaterThan(2000);
    expect(refused).toBeGreaterThan(2000);
  }, 120_000);
});
