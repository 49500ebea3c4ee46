/**
 * Scenes drawn towards what the leave-one-set-out folds still miss (models/trials/fold-misses/README.md, "Where the
 * folds lose their dice"), as a set rendered beside the default one (render.ts --focus):
 * - `board`: small dice on and beside a big illustrated board of painted hexes and number tokens
 *   with dots (the dice-3 fold's phantoms are such tokens and tiles);
 * - `crowd`: many dice laid out on cloth, felt or carpet, seen from a steep angle, so each shows
 *   two or three faces and the far ones are small;
 * - `close`: one to six big dice filling much of the frame, in a tray half the time.
 * `--focus ghost` draws no die at all (ghosts.ts).
 * Everything else (looks of dice, tables, light, camera faults) is drawn as in sample.ts.
 */
import { makeCamera } from './camera.ts';
import { sampleGhostScene } from './ghosts.ts';
import { PROP_ODDS } from './props.ts';
import type { Draw } from './random.ts';
import { dieEdge, finishScene, frameSize, MAX_TILT, sampleCamera, type SampleOptions } from './sample.ts';
import type { SceneSpec } from './spec.ts';
import { World } from './world.ts';

export const FOCI = ['hard', 'ghost'] as const;
export type Focus = (typeof FOCI)[number];

export type HardStyle = 'board' | 'crowd' | 'close';

/** `index` (the frame's) gives each ghost kind an equal share (ghosts.ts). */
export function sampleFocusScene(d: Draw, opts: SampleOptions & { focus: Focus; index?: number }): SceneSpec {
  return opts.focus === 'ghost' ? sampleGhostScene(d, opts) : sampleHardScene(d, opts);
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
