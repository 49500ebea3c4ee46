/**
 * A scene as plain JSON: everything the page needs to build and render it, and everything the
 * meta file says about it. Node draws it (sample.ts), the page in Chromium renders it
 * (../page/), so one seed gives one scene however and wherever it is rendered.
 *
 * World: millimetres, y up, the table top is the plane y = 0. "Table coordinates" are (x, z).
 */
export type Vec2 = [number, number];
export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];
/** '#rrggbb', sRGB. */
export type Hex = string;

/** Bumped whenever a change alters what a seed renders: part of the cache key. */
export const GENERATOR_VERSION = 3;

export interface SceneSpec {
  /** For what the page draws at random itself (sensor noise). */
  seed: number;
  width: number;
  height: number;
  camera: CameraSpec;
  table: SurfaceSpec;
  dice: DieSpec[];
  props: PropSpec[];
  lights: LightSpec[];
  /** Image-based light (three's RoomEnvironment): strength and turn about y in radians. */
  environment: { intensity: number; rotation: number };
  /** What lies beyond the table's edge. */
  background: Hex;
  effects: EffectsSpec;
  /** What a focus draw set out to show (the ghost test set's kinds, scene/ghosts.ts), echoed in the meta file. */
  focusKind?: string;
}

export interface CameraSpec {
  position: Vec3;
  target: Vec3;
  /** Degrees from looking straight down. */
  tilt: number;
  /** Vertical field of view, degrees. */
  fov: number;
  /** Turn about the viewing axis, degrees. */
  roll: number;
}

export type SurfaceKind =
  | 'wood'
  | 'felt'
  | 'cloth'
  | 'carpet'
  | 'paper'
  | 'plastic'
  | 'glass'
  | 'laminate'
  | 'stone'
  | 'leather'
  | 'neoprene';

export interface SurfaceSpec {
  kind: SurfaceKind;
  colour: Hex;
  colour2: Hex;
  /** Millimetres one tile of the pattern covers. */
  scale: number;
  /** Turn of the pattern, radians. */
  rotation: number;
  roughness: number;
  seed: number;
}

export const BODY_KINDS = ['solid', 'translucent', 'marbled', 'swirled', 'wood', 'metallic', 'pearl'] as const;
export type BodyKind = (typeof BODY_KINDS)[number];
export type PipKind = 'painted' | 'engraved' | 'engraved-plain';

export interface BodySpec {
  kind: BodyKind;
  colour: Hex;
  /** Second colour of marbled, swirled, wooden bodies. */
  colour2: Hex;
  roughness: number;
  /** How much light passes through a translucent body (0..1). */
  transmission: number;
  /** Size of marble veins, swirls, wood rings relative to the die. */
  pattern: number;
  seed: number;
}

export interface PipSpec {
  kind: PipKind;
  colour: Hex;
  /** Pip diameter as a share of the face's edge. */
  size: number;
  /** Distance of the corner pips from the face's centre, as a share of the edge. */
  spread: number;
  /** Engraving depth (bump strength), 0 for painted. */
  depth: number;
  /** The 1-face: a plain pip, a bigger pip, a red pip, or a logo (ring with a mark). */
  one: 'plain' | 'big' | 'red' | 'logo';
}

export type Pose = 'flat' | 'leaning' | 'stacked';

export interface DieSpec {
  /** The value on the top face (for a cocked die: of the face nearest to up). */
  value: number;
  /** Edge length, mm. */
  size: number;
  /** Corner radius, mm (0.02 x size is casino-sharp, 0.3 x size very round). */
  radius: number;
  /** Centre, world mm. */
  position: Vec3;
  quaternion: Quat;
  /** Values on the die's own faces +x, -x, +y, -y, +z, -z (opposite faces sum to 7). */
  faces: number[];
  /** Quarter turns of each face's pip pattern (matters for 2, 3, 6). */
  turns: number[];
  body: BodySpec;
  pips: PipSpec;
  /** Flat on the table (or tray floor, or a sheet); leaning on another die; lying on top of one. */
  pose: Pose;
}

export type SheetPrint =
  /** A board of this project (its SVG rasterised): `board` names it. */
  | 'board'
  /** Printed die faces (squares with pips), as score sheets and the Tafeln print them. */
  | 'pip-symbols'
  /** A score pad: grid, numbers, handwriting-like strokes and die symbols. */
  | 'score-pad'
  /** A commercial game board: hexes, tracks, circles. */
  | 'game-board'
  /** A board of painted hexes (woods, fields, hills, rocks, pasture) with number tokens, as Catan's. */
  | 'illustrated-board'
  /** Plain or ruled paper. */
  | 'paper'
  /** A game's poster or box-art board: a title in a font, circled numbers, dice icons, pip-like dot patterns, rings of holes. */
  | 'poster';

/** How a polyhedral die's body looks (what RPG dice come in). */
export type PolyLook = 'solid' | 'marbled' | 'translucent' | 'metallic';

interface PropBase {
  /** Base centre on the table, world mm. */
  position: Vec3;
  /** Turn about y, radians. */
  yaw: number;
  colour: Hex;
  colour2: Hex;
  seed: number;
}

export type PropSpec =
  | (PropBase & { kind: 'sheet'; print: SheetPrint; board?: string; size: Vec2 })
  | (PropBase & { kind: 'tray'; shape: 'hex' | 'rect' | 'round'; size: Vec2; wall: number; thickness: number; floor: SurfaceSpec })
  | (PropBase & { kind: 'pegboard'; size: Vec2; holes: number; pitch: number })
  | (PropBase & { kind: 'coin' | 'button' | 'chip' | 'peg' | 'disc-token'; radius: number; height: number; holes: number })
  | (PropBase & { kind: 'cube-token' | 'domino' | 'card' | 'eraser'; size: Vec3; value: number })
  | (PropBase & { kind: 'meeple' | 'pawn'; height: number })
  | (PropBase & { kind: 'pencil'; length: number; radius: number })
  | (PropBase & { kind: 'cable'; path: Vec3[]; radius: number })
  | (PropBase & { kind: 'hand'; length: number; spread: number; lift: number })
  | (PropBase & { kind: 'cup'; radius: number; height: number; lying: boolean })
  /**
   * A die with numerals, not pips (never a die to the reader): a d6 with numerals, or a d4, d8,
   * d10, d12, d20; `size` its width across, `rest` which face it lies on (index into its faces),
   * `ornate` numerals in an italic serif with flourishes (else a plain sans), colour2 the ink,
   * `vein` the second colour of a marbled body.
   */
  | (PropBase & { kind: 'poly-die'; sides: PolySides; size: number; look: PolyLook; ornate: boolean; rest: number; vein: Hex });

export type PolySides = 4 | 6 | 8 | 10 | 12 | 20;

export type PropKind = PropSpec['kind'];

export interface LightSpec {
  kind: 'sun' | 'spot' | 'point';
  position: Vec3;
  target: Vec3;
  /** three.js intensity (sun: lux-like; spot and point: without distance fall-off). */
  intensity: number;
  colour: Hex;
  shadow: boolean;
  /** Shadow softness: filter radius in shadow-map texels. */
  softness: number;
  /** Spot cone half-angle, radians. */
  angle: number;
}

export interface EffectsSpec {
  /** Exposure compensation on top of the automatic exposure (1: the scene's mean to middle grey). */
  exposure: number;
  /** Per-channel gains after exposure: warm or cool white balance. */
  whiteBalance: Vec3;
  saturation: number;
  /** Defocus: Gaussian sigma in pixels, at the sharpest and at the most defocused depth. */
  blur: number;
  /** Extra defocus per unit of depth away from the focus (0: all equally sharp). */
  depthBlur: number;
  /** Motion blur: the smear in pixels (x, y). */
  motion: Vec2;
  /** Sensor noise: standard deviation in 0..1 levels at mid-grey. */
  noise: number;
  /** Brightness lost in the corners (0..1). */
  vignette: number;
  /** Unsharp-mask strength (phones sharpen). */
  sharpen: number;
  /** Colour fringing in pixels at the corners. */
  chroma: number;
  jpegQuality: number;
}
