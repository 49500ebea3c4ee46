/**
 * Scenes drawn towards what the leave-one-set-out folds still miss (models/trials/fold-misses/README.md, "Where the
 * folds lose their dice"), as a set rendered beside the default one (render.ts --focus):
 * - `board`: small dice on and beside a big illustrated board of painted hexes and number tokens
 *   with dots (the dice-3 fold's phantoms are such tokens and tiles);
 * - `crowd`: many dice laid out on cloth, felt or carpet, seen from a steep angle, so each shows
 *   two or three faces and the far ones are small;
 * - `close`: one to six big dice filling much of the frame, in a tray half the time.
 * Everything else (looks of dice, tables, light, camera faults) is drawn as in sample.ts.
 */
import { makeCamera } from './camera.ts';
import { PROP_ODDS } from './props.ts';
import type { Draw } from './random.ts';
import { dieEdge, finishScene, frameSize, MAX_TILT, sampleCamera, type SampleOptions } from './sample.ts';
import type { SceneSpec } from './spec.ts';
import { World } from './world.ts';

export const FOCI = ['hard', 'ghost'] as const;
export type Focus = (typeof FOCI)[number];

export type HardStyle = 'board' | 'crowd' | 'close';

export function sampleFocusScene(d: Draw, opts: SampleOptions & { focus: Focus }): SceneSpec {
  return opts.focus === 'ghost' ? sampleGhostScene(d, opts) : sampleHardScene(d, opts);
}

/**
 * What is not a die, and no die (`--focus ghost`): a printed game board, one of the project's
 * boards, a printed sheet (die symbols, a score pad, hexes with number discs) or the bare table,
 * under three to nine look-alikes (cube tokens, meeples, pawns, coins, buttons with holes, peg
 * boards, dominoes, chips, discs). Scored for phantoms per frame (models/ghosts/), never trained on.
 */
const GHOST_PROPS: [(typeof PROP_ODDS)[number][0], number][] = [
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

function sampleGhostScene(d: Draw, opts: SampleOptions): SceneSpec {
  const [width, height] = frameSize(d, opts);
  const edge = dieEdge(d);
  const maxTilt = opts.maxTilt ?? MAX_TILT;
  const camera = sampleCamera(d, width, height, edge, {
    tilt: () => d.uniform(0, maxTilt),
    dieSize: () => d.logUniform(16, Math.min(90, 0.25 * Math.min(width, height))),
  });
  const world = new World(d, makeCamera(camera.spec, width, height), width, height);
  const setting = d.weighted<'illustrated' | 'board' | 'sheet' | 'table'>([['illustrated', 35], ['board', 25], ['sheet', 25], ['table', 15]]);
  if (setting === 'illustrated') world.placeIllustratedBoard();
  else if (setting === 'board' && opts.boards.length) world.placeBoard(d.pick(opts.boards));
  else if (setting !== 'table') world.placeSheet();
  const propCount = d.int(3, 9);
  for (let i = 0; i < propCount; i++) world.placeProp(d.weighted(GHOST_PROPS));
  return finishScene(d, width, height, camera, world);
}

function sampleHardScene(d: Draw, opts: SampleOptions & { focus: Focus }): SceneSpec {
  const [width, height] = frameSize(d, opts);
  const style = d.weighted<HardStyle>([['board', 40], ['crowd', 35], ['close', 25]]);
  const edge = dieEdge(d);
  const maxTilt = opts.maxTilt ?? MAX_TILT;
  const short = Math.min(width, height);
  const camera = sampleCamera(d, width, height, edge, {
    tilt: () => (style === 'close' ? d.uniform(0, Math.min(40, maxTilt)) : style === 'crowd' ? d.uniform(0.5 * maxTilt, maxTilt) : d.uniform(0.2 * maxTilt, maxTilt)),
    dieSize: () =>
      style === 'board' ? d.logUniform(14, Math.min(70, 0.2 * short)) : style === 'crowd' ? d.logUniform(25, Math.min(110, 0.25 * short)) : d.uniform(0.2, 0.45) * short,
  });
  const world = new World(d, makeCamera(camera.spec, width, height), width, height);
  if (style === 'board') world.placeIllustratedBoard();
  else if (style === 'close' && d.chance(0.5)) world.placeTray();

  const capacity = (width * height) / (camera.dieSize * camera.dieSize);
  const wanted = style === 'crowd' ? Math.max(3, Math.min(d.int(8, 18), Math.round(capacity * 0.3))) : style === 'close' ? d.int(1, 6) : d.int(1, 5);
  world.placeDice(wanted, edge, { clustered: style === 'close' && d.chance(0.5) });
  const propCount = style === 'close' ? d.int(0, 2) : d.int(0, 4);
  for (let i = 0; i < propCount; i++) world.placeProp(d.weighted(PROP_ODDS));
  return finishScene(d, width, height, camera, world, style === 'crowd' ? ['cloth', 'felt', 'carpet', 'neoprene', 'leather'] : undefined);
}
