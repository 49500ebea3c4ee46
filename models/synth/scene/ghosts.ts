/**
 * What is not a die, and no die (`--focus ghost`): the ghost test set's renders (models/ghosts/),
 * and rendered negatives for training with another seed. Every frame is one of five kinds, taken
 * in turn by frame index so a test set of 5n frames holds n of each, scored kind by kind:
 * - `numeral-d6`: d6 with numerals (plain sans or ornate serif) where a die with pips would lie;
 * - `rpg-dice`: d4, d8, d10, d12, d20 with numerals, solid, marbled, translucent or metallic;
 * - `print`: a game's poster or printed board with nothing on it but its print (a title in one of
 *   the machine's fonts, circled numbers, dice icons, pip-like dot patterns, rings of holes);
 * - `pieces`: pawns, meeples, coins and tokens on a printed board or poster;
 * - `board-art`: an illustrated hex board, one of the project's Tafeln or the duel board, or a
 *   printed sheet (die symbols, a score pad) under look-alikes (cube tokens, buttons, peg boards).
 */
import { makeCamera } from './camera.ts';
import { PROP_ODDS, samplePolyDie } from './props.ts';
import type { Draw } from './random.ts';
import { dieEdge, finishScene, frameSize, MAX_TILT, sampleCamera, type SampleOptions } from './sample.ts';
import type { PolySides, SceneSpec } from './spec.ts';
import { World } from './world.ts';

export const GHOST_KINDS = ['numeral-d6', 'rpg-dice', 'print', 'pieces', 'board-art'] as const;
export type GhostKind = (typeof GHOST_KINDS)[number];

type PropKind = (typeof PROP_ODDS)[number][0];

const LOOK_ALIKES: [PropKind, number][] = [
  ['cube-token', 10],
  ['meeple', 8],
  ['pawn', 8],
  ['coin', 6],
  ['button', 8],
  ['pegboard', 5],
  ['domino', 6],
  ['chip', 4],
  ['disc-token', 5],
  ['sheet', 6],
  ['peg', 3],
];

const PIECES: [PropKind, number][] = [
  ['pawn', 10],
  ['meeple', 10],
  ['coin', 8],
  ['disc-token', 4],
  ['cube-token', 4],
  ['chip', 3],
  ['peg', 2],
];

/** The frame's kind: by index where the caller gives one (equal shares), else drawn. */
export function ghostKind(d: Draw, index: number | undefined): GhostKind {
  return index === undefined ? d.pick(GHOST_KINDS) : GHOST_KINDS[index % GHOST_KINDS.length];
}

export function sampleGhostScene(d: Draw, opts: SampleOptions & { index?: number }): SceneSpec {
  const kind = ghostKind(d, opts.index);
  const [width, height] = frameSize(d, opts);
  const edge = dieEdge(d);
  const maxTilt = opts.maxTilt ?? MAX_TILT;
  const camera = sampleCamera(d, width, height, edge, {
    tilt: () => d.uniform(0, maxTilt),
    dieSize: () => d.logUniform(16, Math.min(90, 0.25 * Math.min(width, height))),
  });
  const world = new World(d, makeCamera(camera.spec, width, height), width, height);
  const pieces = (lo: number, hi: number, odds: [PropKind, number][]) => {
    const n = d.int(lo, hi);
    for (let i = 0; i < n; i++) world.placeProp(d.weighted(odds));
  };
  const dice = (n: number, sides: () => PolySides) => {
    for (let i = 0; i < n; i++) world.placeProp('poly-die', (at) => samplePolyDie(d, sides(), at));
  };
  switch (kind) {
    case 'numeral-d6':
    case 'rpg-dice': {
      const setting = d.weighted<'poster' | 'illustrated' | 'sheet' | 'table'>([['poster', 35], ['illustrated', 20], ['sheet', 15], ['table', 30]]);
      if (setting === 'poster') world.placePoster();
      else if (setting === 'illustrated') world.placeIllustratedBoard();
      else if (setting === 'sheet') world.placeSheet();
      if (kind === 'numeral-d6') dice(d.int(2, 6), () => 6);
      else dice(d.int(2, 7), () => d.pick<PolySides>([4, 8, 10, 10, 12, 20, 20]));
      pieces(0, 2, PIECES);
      break;
    }
    case 'print':
      world.placePoster();
      pieces(0, 1, PIECES);
      break;
    case 'pieces': {
      const setting = d.weighted<'poster' | 'illustrated' | 'board' | 'sheet'>([['poster', 30], ['illustrated', 30], ['board', 20], ['sheet', 20]]);
      if (setting === 'poster') world.placePoster();
      else if (setting === 'illustrated') world.placeIllustratedBoard();
      else if (setting === 'board' && opts.boards.length) world.placeBoard(d.pick(opts.boards));
      else world.placeSheet();
      pieces(4, 10, PIECES);
      break;
    }
    case 'board-art': {
      const setting = d.weighted<'illustrated' | 'board' | 'sheet' | 'table'>([['illustrated', 35], ['board', 25], ['sheet', 25], ['table', 15]]);
      if (setting === 'illustrated') world.placeIllustratedBoard();
      else if (setting === 'board' && opts.boards.length) world.placeBoard(d.pick(opts.boards));
      else if (setting !== 'table') world.placeSheet();
      pieces(3, 9, LOOK_ALIKES);
      break;
    }
  }
  return { ...finishScene(d, width, height, camera, world), focusKind: kind };
}
