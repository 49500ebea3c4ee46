import { describe, expect, it } from 'vitest';
import type { OptionSpec } from '../../engine/core/contract.ts';
import { createRng, pick, type Rng } from '../../engine/core/rng.ts';
import { neighbours, progress } from '../../engine/himmel-und-hoelle/board.ts';
import { himmelUndHoelle as g } from '../../engine/himmel-und-hoelle/game.ts';
import { legalCards, legalMoves, toMove, whyNot } from '../../engine/himmel-und-hoelle/rules.ts';
import { sideOfDie, type HuhMove, type HuhState } from '../../engine/himmel-und-hoelle/state.ts';

/**
 * Random legal play: a random die and a random action of it, kept only if the rules allow it,
 * ending the turn one time in eight. Half the steps head for the goal, or a random walk on ten
 * rows takes thousands of actions a game; and a move is tried rather than every legal move
 * listed. So a few thousand whole games fit in the test run.
 */
function randomMove(s: HuhState, rng: Rng): HuhMove {
  const seat = toMove(s)!;
  switch (s.phase) {
    case 'setup':
      return { type: 'start-values', pips: Array.from({ length: 5 }, () => 1 + rng.int(6)) };
    case 'battle': {
      const b = s.battle!;
      const card = (k: 0 | 1) => pick(legalCards(s, k, s.dice[sideOfDie(b.attacker) === k ? b.attacker : b.defender].pips), rng);
      // The referee view takes both cards in one move.
      return s.view === 'referee' ? { type: 'cards', cards: [card(0), card(1)] } : { type: 'card', card: card(seat) };
    }
    case 'free':
      return pick(legalMoves(s), rng);
  }
  for (let tries = 0; tries < 12 && rng.int(8) > 0; tries++) {
    const die = seat * 5 + rng.int(5);
    const to = neighbours(s.dice[die].at, seat, s.rules);
    const ahead = [...to].sort((a, b) => progress(seat, b) - progress(seat, a))[0];
    const m: HuhMove =
      rng.int(5) === 0 || to.length === 0 ? { type: 'raise', die } : { type: 'step', die, to: rng.int(2) ? ahead : pick(to, rng), pay: rng.int(2) ? 'ap' : 'pip' };
    if (!whyNot(s, m)) return m;
  }
  return { type: 'end' };
}

function randomOptions(rng: Rng): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const spec of g.options as OptionSpec[]) {
    if (rng.int(3) > 0) continue;
    if (spec.type === 'boolean') o[spec.key] = !spec.default;
    else if (spec.type === 'enum') o[spec.key] = pick(spec.values, rng).value;
  }
  return o;
}

const GAMES = Number(process.env.HUH_RANDOM_GAMES ?? 2000);
const BLOCK = 250;
const ACTION_CAP = 100_000;
/**
 * Where dice may leave the goal (goalFinal off) three in the goal is no longer a ratchet, and
 * where a turn may give no AP (minOneAp off) a side can be left without any action: random play
 * under those switches need not end, so there the other invariants are checked over a shorter run.
 */
const mayNotEnd = (o: Record<string, unknown>) => o.goalFinal === false || o.minOneAp === false;
const OPEN_CAP = 5_000;

describe('Himmel und Hölle: invariants over random games', () => {
  // In blocks of seeds: the same games and checks, each block well within a test's time limit on a
  // loaded machine (all 2000 in one test took 94-127 s there, 500 took 70-86 s, against the 120 s
  // that catches a hang).
  const blocks = Array.from({ length: Math.ceil(GAMES / BLOCK) }, (_, k) => [k * BLOCK + 1, Math.min(GAMES, (k + 1) * BLOCK)] as const);
  it.each(blocks)(`random games %i to %i of ${GAMES} (random rule switches): 5 dice a side, pips 1..6, one die a field (or own dice only), cards never reused but the 0, the game ends`, (first, last) => {
    const games = last - first + 1;
    let actions = 0;
    let battles = 0;
    const ends = { won: 0, drawn: 0, open: 0 };
    for (let seed = first; seed <= last; seed++) {
      const rng = createRng(seed);
      const options = randomOptions(rng);
      let s = g.setup(options as Record<string, never>);
      const played: [Set<number>, Set<number>] = [new Set(), new Set()];
      let n = 0;
      const cap = mayNotEnd(options) ? OPEN_CAP : ACTION_CAP;
      while (toMove(s) !== null && n < cap) {
        const before = s;
        // play never mutates (checked on a sample: a full copy each action would dominate the run)
        const frozen = n % 64 === 0 ? JSON.stringify(s) : null;
        s = g.play(s, randomMove(s, rng));
        n++;
        if (frozen !== null && JSON.stringify(before) !== frozen) throw new Error(`seed ${seed}: play mutated its input`);
        for (const side of [0, 1] as const) {
          if (s.dice.filter((d) => d.side === side).length !== 5) throw new Error(`seed ${seed}: side ${side} lost a die`);
        }
        if (s.dice.some((d) => d.pips < 1 || d.pips > 6 || !Number.isInteger(d.pips))) throw new Error(`seed ${seed}: pips out of 1..6`);
        const onFields = s.dice.filter((d) => !d.at.startsWith('start-'));
        const shared = onFields.filter((d, i) => onFields.some((e, j) => j !== i && e.at === d.at));
        if (shared.some((d) => s.rules.oneDiePerField || shared.some((e) => e.at === d.at && e.side !== d.side))) {
          throw new Error(`seed ${seed}: two dice on one field`);
        }
        if (s.lastBattle !== before.lastBattle && s.lastBattle) {
          battles++;
          for (const seat of [0, 1] as const) {
            const c = s.lastBattle.cards[seat];
            if (c !== 0 && played[seat].has(c)) throw new Error(`seed ${seed}: seat ${seat} played the ${c} twice`);
            if (!before.cards[seat].includes(c)) throw new Error(`seed ${seed}: seat ${seat} played the ${c} it no longer held`);
            played[seat].add(c);
            if (!s.cards[seat].includes(0)) throw new Error(`seed ${seed}: the 0 was used up`);
            if (c !== 0 && s.cards[seat].includes(c)) throw new Error(`seed ${seed}: the ${c} was not used up`);
          }
        }
      }
      actions += n;
      const o = g.outcome(s);
      if (!o && mayNotEnd(options)) {
        ends.open++;
        continue;
      }
      if (!o) throw new Error(`seed ${seed} (${JSON.stringify(options)}): no end after ${n} actions: ${JSON.stringify(s.dice)} ap ${s.ap} turns ${s.turns}`);
      if (o.draw) ends.drawn++;
      else ends.won++;
      expect(g.score(s).every((x) => x >= 0)).toBe(true);
    }
    expect(ends.won + ends.drawn + ends.open).toBe(games);
    // Most games run under switches where ending is asserted.
    expect(ends.won + ends.drawn).toBeGreaterThan(games / 2);
    // The games really fought: battles happened, and plenty of actions were played.
    expect(battles).toBeGreaterThan(games);
    expect(actions).toBeGreaterThan(games * 50);
  });
});
