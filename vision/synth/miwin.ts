import type { Point } from '../board/homography.ts';
import type { Frame, Rgb } from '../types.ts';
import type { Random } from './random.ts';
import { MIWIN_CLASSES, type MiwinDie } from '../miwin/dice.ts';
import { cameraOver, renderScene, type Layer } from './scene.ts';
import { dieLayer, handLayer } from './layers.ts';
import { pipLayout, type LayoutFamily } from './pips.ts';

/** Miwin's dice: pip colour tells them apart (rules/plus.md). Bodies are light. */
const PIP: Record<MiwinDie, Rgb> = { III: [35, 70, 190], IV: [195, 35, 40], V: [25, 25, 28] };

const jitter = (c: Rgb, rng: Random, k: number): Rgb => c.map((v) => Math.max(0, Math.min(255, v + (rng.next() * 2 - 1) * k))) as Rgb;

export interface MiwinDieSpec {
  die: MiwinDie;
  value: number;
  centre: Point;
  angle: number;
  family?: LayoutFamily;
}

/** A Miwin die as a layer, 16 mm, with colours and pip size varied as real dice and light vary. */
export function miwinDieLayer(d: MiwinDieSpec, rng: Random, size = 16, pips: Partial<Record<MiwinDie, Rgb>> = {}): Layer {
  const pipRadius = 0.075 + rng.next() * 0.02;
  return dieLayer({
    centre: d.centre,
    size,
    angle: d.angle,
    body: jitter([244, 242, 234], rng, 10),
    pip: jitter(pips[d.die] ?? PIP[d.die], rng, 18),
    pips: pipLayout(d.value, d.family ?? 'classic', pipRadius, rng),
    pipRadius,
  });
}

const TABLES: Rgb[] = [[40, 92, 62], [30, 60, 110], [90, 60, 40], [70, 70, 75], [120, 80, 50], [25, 25, 30], [60, 100, 90]];

export interface SampleScene {
  frame: Frame;
  die: MiwinDie;
  value: number;
  /** Die edge in pixels, about. */
  edgePx: number;
}

/**
 * One die alone on a random table under random light, in an `size`-pixel square image: the
 * training and test material of the Miwin classifier. `families` picks the pip layouts drawn.
 */
export function miwinSample(rng: Random, families: LayoutFamily[], size = 80): SampleScene {
  const cls = MIWIN_CLASSES[rng.int(MIWIN_CLASSES.length)];
  const edgePx = 14 + rng.next() * 22;
  const mm = (size * 16) / edgePx;
  const t = () => rng.next() * 0.08;
  const camera = cameraOver([-mm / 2, -mm / 2, mm, mm], size, size, { tilt: [t(), t(), t(), t()], turn: rng.next() * 6.3 });
  const layers: Layer[] = [];
  const off = () => (rng.next() * 2 - 1) * mm * 0.08;
  // Now and then a neighbour lies near, partly in view, as on a real table.
  if (rng.next() < 0.3) {
    const other = MIWIN_CLASSES[rng.int(MIWIN_CLASSES.length)];
    const a = rng.next() * 6.3;
    layers.push(miwinDieLayer({ ...other, centre: [Math.cos(a) * 26, Math.sin(a) * 26], angle: rng.next() * 6.3, family: families[rng.int(families.length)] }, rng));
  }
  layers.push(miwinDieLayer({ ...cls, centre: [off(), off()], angle: rng.next() * 6.3, family: families[rng.int(families.length)] }, rng));
  const g = 0.65 + rng.next() * 0.5;
  const frame = renderScene({
    width: size,
    height: size,
    camera,
    table: jitter(TABLES[rng.int(TABLES.length)], rng, 20),
    layers,
    light: [g * (0.9 + rng.next() * 0.2), g * (0.9 + rng.next() * 0.2)],
    vignette: rng.next() * 0.2,
    noise: 1 + rng.next() * 5,
    // Half the samples with hard pixel edges, half with soft ones, as sharp and soft lenses give.
    supersample: rng.next() < 0.5 ? 1 : 2,
    rng,
  });
  return { frame, die: cls.die, value: cls.value, edgePx };
}

export interface TableScene {
  dice: MiwinDieSpec[];
  /** A hand reaching in: where its palm is (mm) and which way it points. */
  hand?: { at: Point; angle: number };
  /** The players' own dice: pip colours other than the usual blue, red and black. */
  pips?: Partial<Record<MiwinDie, Rgb>>;
  /** The colour of their light, a gain per channel (a warm lamp: more red than blue). */
  tint?: Rgb;
  width?: number;
  height?: number;
  time?: number;
}

/**
 * Miwin's dice on a green table seen from above by a 640x480 camera over a 400 x 300 mm patch
 * (1.6 px/mm: a die's edge is about 26 px). Die i takes its look (colours, pip size) from
 * `randomFrom(i)`, so a still scene renders the same apart from sensor noise from `rng`, as a real
 * camera's frames do; pass engine/core/rng.ts's createRng.
 */
export function miwinTable(scene: TableScene, rng: Random, randomFrom: (seed: number) => Random): Frame {
  const width = scene.width ?? 640;
  const height = scene.height ?? 480;
  const layers: Layer[] = scene.dice.map((d, i) => miwinDieLayer(d, randomFrom(1000 + i), 16, scene.pips));
  if (scene.hand) layers.push(handLayer(scene.hand.at, scene.hand.angle, 170));
  const frame = renderScene({
    width,
    height,
    camera: cameraOver([0, 0, 400, 300], width, height, { tilt: [0.03, 0.03, 0, 0] }),
    table: [40, 92, 62],
    layers,
    light: [0.95, 1.05],
    vignette: 0.12,
    noise: 3,
    rng,
    time: scene.time ?? 0,
  });
  const tint = scene.tint;
  if (tint) for (let i = 0; i < frame.data.length; i += 4) for (let c = 0; c < 3; c++) frame.data[i + c] *= tint[c];
  return frame;
}
