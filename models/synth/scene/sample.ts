/**
 * Draws one scene: frame size, camera, table, what lies on it, light and the camera's faults.
 * Pure (Node and browser); the same (seed, index) always gives the same scene.
 */
import { MathUtils } from 'three';
import { focalPx, makeCamera } from './camera.ts';
import { hex, surfaceLook } from './looks.ts';
import { PROP_ODDS } from './props.ts';
import type { Draw } from './random.ts';
import type { BoardSheet } from './boards.ts';
import type { CameraSpec, EffectsSpec, LightSpec, SceneSpec, SurfaceKind, Vec3 } from './spec.ts';
import { World } from './world.ts';

export interface SampleOptions {
  /** Fixed frame size; otherwise drawn from FRAME_SIZES. */
  width?: number;
  height?: number;
  /** The project's printable boards, for dice lying on them (boards.ts). */
  boards: readonly BoardSheet[];
  /** The camera's largest tilt from straight down, degrees (default MAX_TILT). */
  maxTilt?: number;
}

/**
 * Cameras tilt up to this many degrees from straight down by default (the 0-55); a fifth
 * of frames look almost straight down (0-4) whatever the range. Another range scales the same draw
 * (what is placed in view afterwards can then differ).
 */
export const MAX_TILT = 55;

/** Frame sizes of webcams and phones (landscape mostly), with their odds. */
export const FRAME_SIZES: [[number, number], number][] = [
  [[640, 480], 5],
  [[640, 640], 3],
  [[1280, 720], 3],
  [[800, 600], 1],
  [[720, 576], 1],
  [[1024, 768], 1],
  [[480, 640], 1],
];

/** The frame's size: the one asked for, or drawn from FRAME_SIZES. */
export const frameSize = (d: Draw, opts: SampleOptions): [number, number] => (opts.width && opts.height ? [opts.width, opts.height] : d.weighted(FRAME_SIZES));

/** A die's edge in mm: mostly 12-22, now and then a big one. */
export const dieEdge = (d: Draw): number => (d.chance(0.1) ? d.uniform(22, 32) : d.logUniform(12, 22));

export function sampleScene(d: Draw, opts: SampleOptions): SceneSpec {
  const [width, height] = frameSize(d, opts);
  const edge = dieEdge(d);
  const maxTilt = opts.maxTilt ?? MAX_TILT;
  const camera = sampleCamera(d, width, height, edge, {
    tilt: () => (d.chance(0.2) ? d.uniform(0, 4) : d.uniform(0, maxTilt)),
    dieSize: () => d.logUniform(12, Math.min(200, 0.4 * Math.min(width, height))),
  });
  const world = new World(d, makeCamera(camera.spec, width, height), width, height);

  // What the dice lie in or on: the bare table, a dice tray, or a printed sheet.
  const setting = d.weighted<'table' | 'tray' | 'board' | 'sheet'>([['table', 45], ['tray', 22], ['board', 20], ['sheet', 13]]);
  if (setting === 'tray') world.placeTray();
  else if (setting === 'board' && opts.boards.length) world.placeBoard(d.pick(opts.boards));
  else if (setting === 'sheet' || setting === 'board') world.placeSheet();

  const capacity = (width * height) / (camera.dieSize * camera.dieSize);
  const wanted = Math.max(1, Math.min(d.int(1, 16), Math.round(capacity * d.uniform(0.03, 0.2))));
  world.placeDice(wanted, edge);
  const propCount = d.weighted([[0, 3], [1, 3], [2, 3], [3, 2], [4, 2], [6, 1], [9, 1]]);
  for (let i = 0; i < propCount; i++) world.placeProp(d.weighted(PROP_ODDS));
  return finishScene(d, width, height, camera, world);
}

export interface SceneCamera {
  spec: CameraSpec;
  /** A die's size in pixels at the picture's centre. */
  dieSize: number;
  distance: number;
}

/** What a scene draws after its dice and props, in this order: the table, light, background, camera faults. */
export function finishScene(d: Draw, width: number, height: number, camera: SceneCamera, world: World, tables?: SurfaceKind[]): SceneSpec {
  return {
    seed: d.seed(),
    width,
    height,
    camera: camera.spec,
    table: surfaceLook(d, tables),
    dice: world.dice,
    props: world.props,
    lights: sampleLights(d, camera.spec.target, camera.distance),
    environment: { intensity: d.uniform(0.15, 0.9), rotation: d.uniform(0, 2 * Math.PI) },
    background: hex(d.uniform(0.05, 0.5), d.uniform(0.05, 0.45), d.uniform(0.05, 0.45)),
    effects: sampleEffects(d),
  };
}

/** The camera, with its tilt (degrees) and the die size at the centre (px) drawn by the caller's rules, in that order. */
export function sampleCamera(d: Draw, width: number, height: number, dieEdge: number, draw: { tilt: () => number; dieSize: () => number }): SceneCamera {
  const tilt = draw.tilt();
  // Past ~85 degrees the top of the picture would be the horizon: narrow the view instead.
  const fov = Math.min(d.uniform(35, 75), 2 * (85 - tilt));
  const dieSize = draw.dieSize();
  const distance = (dieEdge * focalPx(fov, height)) / dieSize;
  const yaw = d.uniform(0, 2 * Math.PI);
  const t = MathUtils.degToRad(tilt);
  const target: Vec3 = [d.normal(0, 50), 0, d.normal(0, 50)];
  const position: Vec3 = [target[0] + Math.sin(t) * Math.sin(yaw) * distance, Math.cos(t) * distance, target[2] + Math.sin(t) * Math.cos(yaw) * distance];
  return { spec: { position, target, tilt, fov, roll: d.normal(0, 4) }, dieSize, distance };
}

function kelvin(k: number): Vec3 {
  // Tanner Helland's fit of black-body colour, good enough for white balance.
  const t = k / 100;
  const r = t <= 66 ? 255 : 329.7 * Math.pow(t - 60, -0.1332);
  const g = t <= 66 ? 99.47 * Math.log(t) - 161.1 : 288.1 * Math.pow(t - 60, -0.0755);
  const b = t >= 66 ? 255 : t <= 19 ? 0 : 138.5 * Math.log(t - 10) - 305.0;
  return [r, g, b].map((v) => Math.min(255, Math.max(0, v)) / 255) as Vec3;
}

/**
 * Always the same rig, a sun and a spot that cast shadows and a point light that does not, one to
 * three of them lit: three.js compiles a shader per light set-up, and on SwiftShader a compile
 * costs seconds, so the set-up stays fixed and only what the lights do varies.
 */
function sampleLights(d: Draw, target: Vec3, distance: number): LightSpec[] {
  const lit = d.weighted([[1, 4], [2, 4], [3, 2]]);
  const key = d.chance(0.6) ? 0 : 1;
  // Two lit: the key and the point light as fill; three: all.
  const on = [0, 1, 2].map((i) => i === key || (i === 2 && lit >= 2) || lit === 3);
  return (['sun', 'spot', 'point'] as const).map((kind, i) => {
    const elevation = MathUtils.degToRad(d.uniform(25, 88));
    const azimuth = d.uniform(0, 2 * Math.PI);
    const range = Math.max(400, distance) * d.uniform(1, 3);
    const position: Vec3 = [
      target[0] + Math.cos(elevation) * Math.cos(azimuth) * range,
      Math.sin(elevation) * range,
      target[2] + Math.cos(elevation) * Math.sin(azimuth) * range,
    ];
    const c = kelvin(d.uniform(2700, 7000));
    const strength = i === key ? d.uniform(1.5, 3.5) : d.uniform(0.3, 1.2);
    return {
      kind,
      position,
      target,
      intensity: on[i] ? strength : 0,
      colour: hex(c[0], c[1], c[2]),
      shadow: kind !== 'point',
      softness: d.chance(0.4) ? d.uniform(1, 3) : d.uniform(4, 14),
      angle: MathUtils.degToRad(d.uniform(25, 55)),
    };
  });
}

function sampleEffects(d: Draw): EffectsSpec {
  const warm = d.normal(0, 0.07);
  const tint = d.normal(0, 0.025);
  return {
    exposure: d.logUniform(0.5, 2.2),
    whiteBalance: [1 + warm, 1 + tint, 1 - warm],
    saturation: d.uniform(0.75, 1.2),
    blur: d.chance(0.5) ? 0 : d.uniform(0.3, 1.6),
    depthBlur: d.chance(0.2) ? d.uniform(0.5, 4) : 0,
    motion: d.chance(0.1) ? [d.normal(0, 3), d.normal(0, 3)] : [0, 0],
    noise: d.logUniform(0.004, 0.05),
    vignette: d.chance(0.6) ? d.uniform(0, 0.5) : 0,
    sharpen: d.chance(0.4) ? d.uniform(0.2, 0.8) : 0,
    chroma: d.chance(0.3) ? d.uniform(0.3, 1.5) : 0,
    jpegQuality: d.int(80, 95),
  };
}
