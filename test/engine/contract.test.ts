/**
 * The engine contract for every registered game (engine/core/contract.ts): states and moves are
 * plain JSON, so a record written after every move reads back as the same game. TypeScript cannot
 * check this (interfaces are not `Json`), so random playouts check it here: every state and move
 * survives JSON and its own parser unchanged (toStrictEqual also refuses `undefined` fields,
 * which JSON would drop), and every move has a German and an English description.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../engine/registry.ts';
import { createRng } from '../../engine/core/rng.ts';
import type { AnyGame } from '../../engine/core/contract.ts';

const games = GAMES.filter((g): g is typeof g & { game: AnyGame } => g.game !== null);
const roundTrip = (v: unknown) => JSON.parse(JSON.stringify(v));

describe.each(games.map((g) => [g.id, g.game] as const))('%s keeps the engine contract', (_, game) => {
  it.each([1, 2, 3])('over a random playout (seed %i)', (seed) => {
    const rng = createRng(seed);
    let state = game.setup({});
    let played = 0;
    for (; played < 400 && game.toMove(state) !== null; played++) {
      expect(roundTrip(state)).toStrictEqual(state);
      expect(game.parseState(roundTrip(state))).toStrictEqual(state);
      const moves = game.legalMoves(state);
      expect(moves.length).toBeGreaterThan(0);
      const move = moves[rng.int(moves.length)];
      expect(game.parseMove(roundTrip(move))).toStrictEqual(move);
      const text = game.describeMove(state, move);
      expect(text.de.length * text.en.length).toBeGreaterThan(0);
      state = game.play(state, move);
    }
    expect(game.parseState(roundTrip(state))).toStrictEqual(state);
    expect(played).toBeGreaterThan(0);
  });
});
