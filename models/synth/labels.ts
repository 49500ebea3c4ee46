/**
 * The label rules: from what the page measured (scene/result.ts) to the YOLO lines and the meta
 * record of one frame. Kept apart from rendering so the rules are stated, and tested, once.
 */
import type { Box, DieSeen, PropSeen, Rendered } from './scene/result.ts';
import type { DieSpec, PropSpec, SceneSpec, Vec2 } from './scene/spec.ts';

/** Below this share of the die seen (covered or cut off by the border) a die is `ignore`. */
export const IGNORE_VISIBLE = 0.6;
/** A die goes into the YOLO file only with at least this share of it seen ... */
export const LABEL_VISIBLE = 0.3;
/** ... and this share of its top face seen (else its value cannot be read) ... */
export const LABEL_TOP_VISIBLE = 0.5;
/** ... and its clipped box at least this many pixels on each side. */
export const LABEL_MIN_PX = 4;

export interface DieMeta {
  value: number;
  /** In the YOLO file. */
  labelled: boolean;
  /** Less than 60 % seen, cut by the border, top face less than 60 % seen, or cocked: train around it, not on it. */
  ignore: boolean;
  /** Not lying flat on a face (leaning on another die, or lying on top of one). */
  cocked: boolean;
  pose: DieSpec['pose'];
  /** The whole die (top and visible sides) as the picture shows it: its projection's box clipped to the picture. */
  box: Box;
  /** The projection's box before clipping (beyond the picture where the die is cut off). */
  fullBox: Box;
  /** Box of the die's pixels actually seen (null if none). */
  seenBox: Box | null;
  /** Share of the die's projected area that is seen. */
  visible: number;
  cutOff: boolean;
  /** Edge length of the die's box, px (the larger side). */
  sizePx: number;
  topFace: { polygon: Vec2[]; visible: number };
  /** Side faces with any pixel seen: never a die, whatever they show. */
  sides: { value: number; polygon: Vec2[]; visible: number; pixels: number }[];
  body: { kind: DieSpec['body']['kind']; colour: string; colour2: string };
  pips: { colour: string; kind: DieSpec['pips']['kind']; size: number; one: DieSpec['pips']['one'] };
  material: DieSpec['body']['kind'];
  edgeMm: number;
  cornerRadius: number;
}

export interface ObjectMeta {
  kind: PropSpec['kind'];
  /** What is printed on a sheet (`board`: one of the project's boards, named by `board`). */
  print?: string;
  board?: string;
  /** A die with numerals (never a die to the reader): its faces and look. */
  die?: { sides: number; look: string; ornate: boolean };
  /** Box of its pixels seen. */
  box: Box;
  pixels: number;
}

export interface FrameMeta {
  generator: { version: number; seed: number; index: number };
  image: { width: number; height: number; jpegQuality: number };
  camera: { tilt: number; fov: number; roll: number; distanceMm: number };
  table: SceneSpec['table'];
  dice: DieMeta[];
  objects: ObjectMeta[];
  lights: SceneSpec['lights'];
  effects: SceneSpec['effects'];
  /** The focus draw's kind of scene (the ghost test set's kinds), where it has one. */
  focusKind?: string;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

function clip(b: Box, w: number, h: number): Box {
  return [Math.max(0, b[0]), Math.max(0, b[1]), Math.min(w, b[2]), Math.min(h, b[3])];
}

export function dieMeta(spec: DieSpec, seen: DieSeen, width: number, height: number): DieMeta {
  const box = clip(seen.box, width, height);
  const cutOff = seen.box[0] < 0 || seen.box[1] < 0 || seen.box[2] > width || seen.box[3] > height;
  const visible = r3(seen.area > 0 ? Math.min(1, seen.pixels / seen.area) : 0);
  const cocked = spec.pose !== 'flat';
  const ignore = cocked || cutOff || visible < IGNORE_VISIBLE || seen.top.visible < IGNORE_VISIBLE;
  const labelled =
    !cocked && visible >= LABEL_VISIBLE && seen.top.visible >= LABEL_TOP_VISIBLE && box[2] - box[0] >= LABEL_MIN_PX && box[3] - box[1] >= LABEL_MIN_PX;
  return {
    value: spec.value,
    labelled,
    ignore,
    cocked,
    pose: spec.pose,
    box,
    fullBox: seen.box,
    seenBox: seen.seenBox,
    visible,
    cutOff,
    sizePx: Math.round(Math.max(seen.box[2] - seen.box[0], seen.box[3] - seen.box[1]) * 10) / 10,
    topFace: { polygon: seen.top.polygon, visible: seen.top.visible },
    sides: seen.sides.map((s) => ({ value: s.value, polygon: s.polygon, visible: s.visible, pixels: s.pixels })),
    body: { kind: spec.body.kind, colour: spec.body.colour, colour2: spec.body.colour2 },
    pips: { colour: spec.pips.colour, kind: spec.pips.kind, size: r3(spec.pips.size), one: spec.pips.one },
    material: spec.body.kind,
    edgeMm: r3(spec.size),
    cornerRadius: r3(spec.radius / spec.size),
  };
}

function objectMeta(p: PropSpec, seen: PropSeen): ObjectMeta | null {
  if (!seen.box || seen.pixels === 0) return null;
  const out: ObjectMeta = { kind: p.kind, box: seen.box, pixels: seen.pixels };
  if (p.kind === 'sheet') {
    out.print = p.print;
    if (p.board) out.board = p.board;
  }
  if (p.kind === 'poly-die') out.die = { sides: p.sides, look: p.look, ornate: p.ornate };
  return out;
}

export function frameMeta(spec: SceneSpec, r: Rendered, seed: number, index: number, version: number): FrameMeta {
  const c = spec.camera;
  return {
    generator: { version, seed, index },
    image: { width: spec.width, height: spec.height, jpegQuality: spec.effects.jpegQuality },
    camera: { tilt: r3(c.tilt), fov: r3(c.fov), roll: r3(c.roll), distanceMm: Math.round(Math.hypot(...c.position.map((v, i) => v - c.target[i]))) },
    table: spec.table,
    dice: spec.dice.map((d, i) => dieMeta(d, r.dice[i], spec.width, spec.height)),
    objects: spec.props.map((p, i) => objectMeta(p, r.props[i])).filter((o): o is ObjectMeta => o !== null),
    lights: spec.lights,
    effects: spec.effects,
    ...(spec.focusKind ? { focusKind: spec.focusKind } : {}),
  };
}

/** A pip narrower than this many pixels across is no longer a pip a camera could show. */
export const MIN_PIP_PX = 1.5;

/**
 * Whether the top face's pips survive the frame's blur, roughly: their narrowest width in pixels
 * (pip size times the top face's narrowest extent, which a steep view shortens) against the blur
 * disc's radius (post.ts: 1.6 sigma, with the depth blur taken at half its largest, the focus
 * line not being recorded, plus half the motion streak). A die seen this small or this blurred
 * is still a die for the detector, but its value is a guess, and learning values from it teaches
 * the classifier to guess.
 */
export function pipsLegible(die: DieMeta, frame: Pick<FrameMeta, 'image' | 'effects'>): boolean {
  const p = die.topFace.polygon;
  const n = p.length;
  if (n < 3) return false;
  let twice = 0;
  for (let i = 0; i < n; i++) twice += p[i][0] * p[(i + 1) % n][1] - p[(i + 1) % n][0] * p[i][1];
  let across = 0;
  for (const a of p) for (const b of p) across = Math.max(across, Math.hypot(a[0] - b[0], a[1] - b[1]));
  // A square's area over its diagonal, times sqrt 2, is its side; a squashed one's, its height.
  const narrowest = across > 0 ? ((Math.abs(twice) / 2 / across) * Math.SQRT2) : 0;
  const pip = die.pips.size * narrowest;
  const k = frame.image.height / 480;
  const e = frame.effects;
  const blur = 1.6 * (e.blur + e.depthBlur * 0.5) * k + 0.5 * Math.hypot(e.motion[0], e.motion[1]) * k;
  return pip >= Math.max(MIN_PIP_PX, blur);
}

/** One line a labelled die: `class cx cy w h`, normalised, class = value - 1. */
export function yoloLines(meta: FrameMeta): string {
  const { width: w, height: h } = meta.image;
  return meta.dice
    .filter((d) => d.labelled)
    .map((d) => {
      const [x0, y0, x1, y1] = d.box;
      const f = (v: number) => v.toFixed(6);
      return `${d.value - 1} ${f((x0 + x1) / 2 / w)} ${f((y0 + y1) / 2 / h)} ${f((x1 - x0) / w)} ${f((y1 - y0) / h)}`;
    })
    .map((l) => `${l}\n`)
    .join('');
}
