import { createRng } from '../../engine/core/rng.ts';
import { BOTS } from '../../engine/himmel-und-hoelle/bots.ts';
import { explain } from '../../engine/himmel-und-hoelle/explain.ts';
import { play, setup } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhDie, HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';

/**
 * The duel the camera e2e plays (test/e2e/himmel-und-hoelle-camera.e2e.ts), as boards for the
 * video: Anna (Himmel, by hand on the table) against the greedy computer (Hölle). The computer's
 * actions are worked out here as the screen works them out (`BOTS.greedy` with the rng the screen
 * seeds from the record's length), so the video can show them carried out.
 */
export interface DuelStory {
  /** Every die in its start area. */
  start: HuhDie[];
  /** Anna's die from her start area straight to b3: three steps for her one AP, refused. */
  tooFar: HuhDie[];
  /** The same die on b1 instead: one step for her AP, played, and her turn ends. */
  anna: HuhDie[];
  /** After that end was read, the die goes on to b2 by lowering to 5: her turn opened again. */
  late: HuhDie[];
  /** The computer's first action (a step from its start area), and the board it asks for. */
  computer: { move: HuhMove; board: HuhDie[] };
  /** Its die carried out to the wrong field of row 10. */
  wrong: HuhDie[];
  /** Anna's second turn: her die on to b3 by lowering to 4, which leaves her one AP unused. */
  second: HuhDie[];
  /** Every action before Anna's second turn, in order: hers of her first turn (read by the camera), then the computer's. */
  before: HuhMove[];
  /** The state once Anna's second turn is over (the computer to move), and its record's length. */
  after: HuhState;
  plies: number;
}

const moved = (dice: readonly HuhDie[], i: number, at: HuhDie['at'], pips = dice[i].pips): HuhDie[] => dice.map((d, k) => (k === i ? { ...d, at, pips } : d));

export function duelStory(): DuelStory {
  let s = setup({});
  const played: HuhMove[] = [];
  const run = (moves: HuhMove[]) => {
    for (const m of moves) {
      s = play(s, m);
      played.push(m);
    }
  };
  const start = s.dice;
  const anna = moved(start, 0, 'b1');
  const late = moved(anna, 0, 'b2', 5);
  run([{ type: 'step', die: 0, to: 'b1', pay: 'ap' }, { type: 'step', die: 0, to: 'b2', pay: 'pip' }, { type: 'end' }]);
  const move = BOTS.greedy(s, createRng(played.length + 1));
  if (move.type !== 'step') throw new Error(`the computer opens with ${move.type}, not a step`);
  run([move]);
  const board = s.dice;
  while (s.active === 1) {
    run([BOTS.greedy(s, createRng(played.length + 1))]);
    if (JSON.stringify(s.dice) !== JSON.stringify(board)) throw new Error('the computer moves more than one die this turn: the story would need more boards');
  }
  const before = [...played];
  const second = moved(board, 0, 'b3', 4);
  const v = explain(s, { dice: second });
  if (!v.legal || v.ap !== 0 || s.ap !== 1) throw new Error("Anna's second turn is not one step by lowering with her one AP left");
  run([...v.moves, { type: 'end' }]);
  const row10 = (['a10', 'b10', 'c10'] as const).find((f) => f !== move.to)!;
  return { start, tooFar: moved(start, 0, 'b3'), anna, late, computer: { move, board }, wrong: moved(board, move.die, row10), second, before, after: s, plies: played.length };
}

/**
 * A battle the camera e2e plays on the table, Anna (Himmel) against Ben (Hölle), both by hand: a
 * record brings a die of each side face to face (Himmel's on b5, Hölle's on b6, both lowered to 2
 * on the way), Hölle to move with its one AP. Ben attacks by tap; the cards are tapped hidden (Ben
 * 9, Anna 3: 2 + 9 beats 2 + 3); the board then shows the result: Hölle's die up to 3, Himmel's
 * down to 1 and pushed aside to a5 with the winner's free AP.
 */
export interface DuelBattle {
  /** The record's actions before the attack. */
  moves: HuhMove[];
  /** The board as the attack is tapped (the attacker stays where it is). */
  before: HuhDie[];
  attack: { from: string; to: string };
  /** Hölle's card, then Himmel's: the attacker picks first. */
  cards: { hoelle: number; himmel: number };
  /** The board once the battle's result is carried out. */
  after: HuhDie[];
  /** The free AP that pushes the loser, as the engine names it. */
  push: HuhMove;
}

export function duelBattle(): DuelBattle {
  const pip = (die: number, to: string): HuhMove => ({ type: 'step', die, to, pay: 'pip' });
  const end: HuhMove = { type: 'end' };
  const moves: HuhMove[] = [
    { type: 'step', die: 0, to: 'b1', pay: 'ap' },
    end,
    { type: 'step', die: 5, to: 'b10', pay: 'ap' },
    end,
    ...['b2', 'b3', 'b4', 'b5'].map((f) => pip(0, f)),
    end,
    ...['b9', 'b8', 'b7', 'b6'].map((f) => pip(5, f)),
  ];
  let s = moves.reduce(play, setup({}));
  const before = s.dice;
  s = play(s, { type: 'step', die: 5, to: 'b5', pay: 'ap' });
  if (s.phase !== 'battle') throw new Error(`the attack left the game in ${s.phase}, not a battle`);
  const cards = { hoelle: 9, himmel: 3 };
  s = play(play(s, { type: 'card', card: cards.hoelle }), { type: 'card', card: cards.himmel });
  if (s.phase !== 'free' || s.free !== 1) throw new Error('Hölle did not win the battle with its free AP');
  const push: HuhMove = { type: 'free-step', die: 0, to: 'a5' };
  const after = play(s, push).dice;
  return { moves, before, attack: { from: 'b6', to: 'b5' }, cards, after, push };
}
