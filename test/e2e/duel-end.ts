import { createRng } from '../../engine/core/rng.ts';
import type { Json } from '../../engine/core/contract.ts';
import { himmelUndHoelle as game } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';
import { recordOf } from './duel-page.ts';
import { DUEL_RECORD_KEY, DUEL_SEATS_KEY, DUEL_TABLE_KEY } from './storage-keys.ts';

/** Who plays each side: quick, and the game ends with a clear win (Hölle 13 : 0 pips in the goal). */
const LEVELS = ['random', 'greedy'] as const;

/** Who carries out the game's last action, and whether the computer's actions wait for the table. */
export interface DuelEndSeats {
  /** `computer`: the last mover's seat is the computer (the other a human); `human`: the other way round. */
  last: 'computer' | 'human';
  /** The computer's action is carried out on the table and read by the camera before it counts. */
  waitForTable: boolean;
}

/**
 * The game the computer plays against itself (Himmel random, Hölle greedy) from the default
 * setup to its end, as the screen's computer seats play: every action with the position it was
 * played in, and the last position.
 */
export function botDuel(): { moves: HuhMove[]; states: HuhState[]; final: HuhState } {
  const options = Object.fromEntries(game.options.map((o) => [o.key, o.default as Json]));
  let s = game.setup(options) as HuhState;
  const moves: HuhMove[] = [];
  const states: HuhState[] = [];
  while (game.toMove(s) !== null) {
    if (moves.length > 5000) throw new Error('the greedy duel did not end within 5000 actions');
    const move = game.bots![LEVELS[game.toMove(s)!]](s, createRng(moves.length + 1)) as HuhMove;
    states.push(s);
    moves.push(move);
    s = game.play(s, move) as HuhState;
  }
  return { moves, states, final: s };
}

/**
 * A Himmel und Hölle game the computer plays against itself to the end, as the screen's computer
 * seats play (the same bots, the rng seeded by the number of actions before), recorded without its
 * last action: `storage` is what the browser holds to resume there, `before` the position it
 * leaves. By default the last mover's seat is the computer, which plays on to the end itself;
 * with `last: 'human'` that seat is a person's, who plays the game's last action.
 *
 * `rest` is what is played from `before` to the end, each action with the position it leaves. A
 * person plays the game's last action. The computer thinks afresh: the bots plan a whole turn and
 * remember the plan, and a screen that resumes mid-turn has no memory of it, so `rest` is what
 * the bot plays from `before` with no plan in mind (this process's bot has used up its plans of
 * the game by then), which may differ from the game's own last action.
 */
export function duelEndRecord(seats: DuelEndSeats = { last: 'computer', waitForTable: false }): {
  storage: Record<string, string>;
  before: HuhState;
  rest: { move: HuhMove; after: HuhState }[];
  final: HuhState;
  lastSide: 0 | 1;
} {
  const { moves, states, final: s } = botDuel();
  const before = states.at(-1)!;
  const lastSide = game.toMove(before) as 0 | 1;
  const computer = seats.last === 'computer' ? lastSide : 1 - lastSide;
  const seated = [0, 1].map((side) => (side === computer ? LEVELS[side] : 'human'));
  const rest: { move: HuhMove; after: HuhState }[] = [];
  if (seats.last === 'human') rest.push({ move: moves.at(-1)!, after: s });
  else {
    for (let t = before; game.toMove(t) !== null; ) {
      if (game.toMove(t) !== computer || rest.length > 50) throw new Error("the computer's seat does not end the game in its turn");
      const move = game.bots![LEVELS[computer]](t, createRng(moves.length + rest.length)) as HuhMove;
      t = game.play(t, move) as HuhState;
      rest.push({ move, after: t });
    }
  }
  return {
    storage: {
      [DUEL_RECORD_KEY]: recordOf(moves.slice(0, -1), () => 'bot'),
      [DUEL_SEATS_KEY]: JSON.stringify(seated),
      [DUEL_TABLE_KEY]: JSON.stringify({ colours: ['white', 'red'], waitForTable: seats.waitForTable }),
    },
    before,
    rest,
    final: rest.at(-1)!.after,
    lastSide,
  };
}
