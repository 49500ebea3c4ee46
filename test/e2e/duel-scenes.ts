import { createRng } from '../../engine/core/rng.ts';
import { BOTS } from '../../engine/himmel-und-hoelle/bots.ts';
import { explain } from '../../engine/himmel-und-hoelle/explain.ts';
import { play, setup } from '../../engine/himmel-und-hoelle/game.ts';
import type { HuhDie, HuhMove, HuhState } from '../../engine/himmel-und-hoelle/state.ts';

/**
 * The duel the camera e2e plays (test/e2e/himmel-und-hoelle-camera.e2e.ts), as boards for the
 * video: Anna (Himmel, by hand on the table) against the greedy computer (Hölle). The computer's
 * action is worked out here as the screen works it out (`BOTS.greedy` with the rng the screen
 * seeds from the record's length), so the video can show it carried out.
 */
export interface DuelStory {
  /** Every die in its start area. */
  start: HuhDie[];
  /** Anna's die from her start area straight to b3: three steps for her one AP, refused. */
  tooFar: HuhDie[];
  /** The same die on b1 instead: one step for her AP, played. */
  anna: HuhDie[];
  /** The computer's first action (a step from its start area), and the board it asks for. */
  computer: { move: HuhMove; board: HuhDie[] };
  /** Its die carried out to the wrong field of row 10. */
  wrong: HuhDie[];
  /** The state once the computer's turn is over (Anna to move). */
  after: HuhState;
}

const moved = (dice: readonly HuhDie[], i: number, at: HuhDie['at']): HuhDie[] => dice.map((d, k) => (k === i ? { ...d, at } : d));

export function duelStory(): DuelStory {
  let s = setup({});
  const start = s.dice;
  const anna = moved(start, 0, 'b1');
  const v = explain(s, { dice: anna });
  if (!v.legal) throw new Error(`the story's first move is refused: ${v.reason.en}`);
  let plies = 0;
  for (const m of [...v.moves, { type: 'end' } as HuhMove]) {
    s = play(s, m);
    plies++;
  }
  const move = BOTS.greedy(s, createRng(plies + 1));
  if (move.type !== 'step') throw new Error(`the computer opens with ${move.type}, not a step`);
  s = play(s, move);
  plies++;
  const board = s.dice;
  while (s.active === 1) {
    const next = BOTS.greedy(s, createRng(plies + 1));
    s = play(s, next);
    plies++;
    if (JSON.stringify(s.dice) !== JSON.stringify(board)) throw new Error('the computer moves more than one die this turn: the story would need more boards');
  }
  const row10 = (['a10', 'b10', 'c10'] as const).find((f) => f !== move.to)!;
  return { start, tooFar: moved(start, 0, 'b3'), anna, computer: { move, board }, wrong: moved(board, move.die, row10), after: s };
}
